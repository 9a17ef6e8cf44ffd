import { useEffect, useRef, useState, type ComponentProps } from "react";
import { Link } from "react-router";
import { AdvertiserNav } from "~/components/advertiser/advertiser-nav";
import { Button } from "~/components/ui/button";
import type * as AccountMenuModule from "~/components/account-menu";
import { cn } from "~/lib/cn";
import type { RootUser } from "~/root";

const DEFAULT_LOGO = "/logo.svg";

export function SiteHeader({ appName, logoUrl, user }: { appName: string; logoUrl: string; user: RootUser | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      {/* An advertiser's links take a second row on a phone (advertiser-nav.tsx). */}
      <div
        className={cn(
          "mx-auto flex max-w-6xl items-center justify-between gap-3 px-4",
          user?.role === "advertiser" ? "min-h-14 flex-wrap gap-y-1 py-2 sm:py-0" : "h-14",
        )}
      >
        <Link to="/" className="flex min-w-0 items-center gap-2 font-semibold text-gray-900">
          <img
            src={logoUrl}
            alt=""
            width={28}
            height={28}
            className="h-7 w-7 shrink-0 rounded"
            // A configured logo that fails to load falls back to the built-in one, never a broken icon.
            onError={(event) => {
              if (!event.currentTarget.src.endsWith(DEFAULT_LOGO)) event.currentTarget.src = DEFAULT_LOGO;
            }}
          />
          <span className="truncate" data-testid="app-name">
            {appName}
          </span>
        </Link>
        {/* Advertisers have their own area and none of the members' pages but Messages: plain links instead of the menu. */}
        {user?.role === "advertiser" ? (
          <AdvertiserNav unreadMessages={user.unreadMessages} />
        ) : user ? (
          <AccountMenu user={user} />
        ) : (
          <SignedOutActions />
        )}
      </div>
    </header>
  );
}

function SignedOutActions() {
  return (
    <nav aria-label="Account" className="flex shrink-0 items-center gap-2">
      <Button asChild variant="ghost" size="sm">
        <Link to="/login">Login</Link>
      </Button>
      <Button asChild size="sm">
        <Link to="/register">Sign Up</Link>
      </Button>
    </nav>
  );
}

/** The avatar: the account menu's trigger (account-menu.tsx), and its stand-in until that loads. */
export function AvatarButton({ user, ...props }: ComponentProps<"button"> & { user: RootUser }) {
  const initials = user.name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  const unread = user.unreadMessages;
  const unreadText = unread > 0 ? `, ${unread} unread ${unread === 1 ? "message" : "messages"}` : "";
  return (
    <button
      type="button"
      className="relative flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
      aria-label={`Account menu for ${user.name}${unreadText}`}
      {...props}
    >
      {/* The initials are the avatar's picture, drawn by CSS so that they are not part of
          the button's text: its name is "Account menu for <name>" (WCAG 2.5.3, label in name). */}
      <span aria-hidden="true" data-initials={initials || "?"} className="before:content-[attr(data-initials)]" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="avatar-unread-dot"
          className="absolute -right-0.5 -top-0.5 h-3.5 w-3.5 rounded-full border-2 border-white bg-red-600"
        />
      ) : null}
    </button>
  );
}

let accountMenu: typeof AccountMenuModule | null = null;
const loadAccountMenu = () => import("~/components/account-menu").then((mod) => (accountMenu = mod));

/**
 * Signed-in pages only: the menu (Radix DropdownMenu, its popper and its icons) loads right
 * after hydration instead of with every page, so signed-out pages never download it. Until it
 * has loaded, the server-rendered avatar stands in; a press on it in that moment opens the menu
 * as soon as the code arrives, and focus stays on the avatar across the swap.
 */
function AccountMenu({ user }: { user: RootUser }) {
  const [menu, setMenu] = useState<typeof AccountMenuModule | null>(accountMenu);
  const [opened, setOpened] = useState<"pointer" | "keyboard" | null>(null);
  const [hadFocus, setHadFocus] = useState(false);
  const avatar = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (menu) return;
    let live = true;
    loadAccountMenu().then(
      (mod) => {
        if (!live) return;
        setHadFocus(avatar.current !== null && document.activeElement === avatar.current);
        setMenu(mod);
      },
      () => {}, // offline or a new deployment: the avatar stays, the next page tries again
    );
    return () => void (live = false);
  }, [menu]);
  if (menu)
    return (
      <menu.AccountMenu
        user={user}
        defaultOpen={opened !== null}
        focusFirstItem={opened === "keyboard"}
        focusTrigger={hadFocus}
      />
    );
  return (
    <AvatarButton
      ref={avatar}
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={(event) => setOpened(event.detail === 0 ? "keyboard" : "pointer")}
    />
  );
}
