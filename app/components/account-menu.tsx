import { Bell, Gift, LayoutDashboard, LogOut, Mail, ReceiptText, Settings, User as UserIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { AvatarButton } from "~/components/site-header";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { RootUser } from "~/root";

/**
 * The avatar's account menu, loaded after hydration by SiteHeader (signed-in pages only).
 * `defaultOpen` / `focusFirstItem`: the avatar was pressed (by pointer / keyboard) before this
 * code had loaded; `focusTrigger`: the stand-in avatar had focus.
 */
export function AccountMenu({
  user,
  defaultOpen = false,
  focusFirstItem = false,
  focusTrigger = false,
}: {
  user: RootUser;
  defaultOpen?: boolean;
  focusFirstItem?: boolean;
  focusTrigger?: boolean;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusFirstItem) {
      requestAnimationFrame(() => content.current?.querySelector<HTMLElement>("[role='menuitem']")?.focus());
    } else if (focusTrigger && !defaultOpen) {
      trigger.current?.focus();
    }
    // Only when the menu replaces the stand-in avatar.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AvatarButton ref={trigger} user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent ref={content} align="end">
        <DropdownMenuLabel>
          <span className="block break-words font-medium text-gray-900">{user.name}</span>
          <span className="block truncate text-xs text-gray-500">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={user.homePath}>
            <LayoutDashboard className="h-4 w-4" aria-hidden /> Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserIcon className="h-4 w-4" aria-hidden /> Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/messages">
            <Mail className="h-4 w-4" aria-hidden /> Messages
            {user.unreadMessages > 0 ? (
              <span
                className="ml-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold tabular-nums text-white"
                data-testid="menu-unread-count"
              >
                {user.unreadMessages}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/notices">
            <Bell className="h-4 w-4" aria-hidden /> Notice Board
          </Link>
        </DropdownMenuItem>
        {/* Referrals are the members' own: staff refer nobody. */}
        {user.role === "user" ? (
          <DropdownMenuItem asChild>
            <Link to="/referrals">
              <Gift className="h-4 w-4" aria-hidden /> My Referrals
            </Link>
          </DropdownMenuItem>
        ) : null}
        {/* A statement of earnings: members only (staff earn nothing). */}
        {user.role === "user" ? (
          <DropdownMenuItem asChild>
            <Link to="/statement">
              <ReceiptText className="h-4 w-4" aria-hidden /> Statement
            </Link>
          </DropdownMenuItem>
        ) : null}
        {user.canManageSettings ? (
          <DropdownMenuItem asChild>
            <Link to="/admin/settings">
              <Settings className="h-4 w-4" aria-hidden /> App Settings
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <Form method="post" action="/logout">
          {/* Keep the menu (and so this form) mounted until the submit fires: Radix closes the
              menu during the click, which would detach the form and cancel the logout. */}
          <DropdownMenuItem asChild onSelect={(event) => event.preventDefault()}>
            <button type="submit" className="w-full">
              <LogOut className="h-4 w-4" aria-hidden /> Logout
            </button>
          </DropdownMenuItem>
        </Form>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
