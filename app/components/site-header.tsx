import { Form, Link } from "react-router";
import { LayoutDashboard, LogOut, Settings, User as UserIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { RootUser } from "~/root";

const DEFAULT_LOGO = "/logo.svg";

export function SiteHeader({ appName, logoUrl, user }: { appName: string; logoUrl: string; user: RootUser | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4">
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
        {user ? <AccountMenu user={user} /> : <SignedOutActions />}
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

function AccountMenu({ user }: { user: RootUser }) {
  const initials = user.name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          aria-label={`Account menu for ${user.name}`}
        >
          {/* The initials are the avatar's picture, drawn by CSS so that they are not part of
              the button's text: its name is "Account menu for <name>" (WCAG 2.5.3, label in name). */}
          <span aria-hidden="true" data-initials={initials || "?"} className="before:content-[attr(data-initials)]" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
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
