import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { navLinkClass } from "~/components/ui/nav-link";
import { hasPermission, isStaff, type Actor, type Permission } from "~/domain/permissions/permissions";
import { cn } from "~/lib/cn";

export type AdminNavLink = { to: string; label: string };

/**
 * Every admin screen, in the nav's order, with the permission its page's guard checks (none:
 * every admin and the super admin). Messages is the staff's own inbox, shared with members.
 */
const ADMIN_SCREENS: readonly (AdminNavLink & { permission?: Permission })[] = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/users", label: "Users", permission: "manage_users" },
  { to: "/admin/adverts", label: "Adverts", permission: "manage_adverts" },
  { to: "/admin/advertisers", label: "Advertisers", permission: "manage_adverts" },
  { to: "/admin/withdrawals", label: "Withdrawals", permission: "manage_withdrawals" },
  { to: "/admin/memberships", label: "Memberships", permission: "manage_memberships" },
  { to: "/admin/referrals", label: "Referrals", permission: "manage_referrals" },
  { to: "/admin/notices", label: "Notices", permission: "manage_notices" },
  { to: "/messages", label: "Messages" },
  { to: "/admin/settings", label: "Settings", permission: "manage_settings" },
  { to: "/admin/audit", label: "Audit Log", permission: "view_reports" },
];

/** The admin screens this admin (or the super admin, who holds every permission) may open. */
export function adminNavLinks(actor: Actor): AdminNavLink[] {
  if (!isStaff(actor.role)) return [];
  return ADMIN_SCREENS.filter((s) => !s.permission || hasPermission(actor, s.permission)).map(({ to, label }) => ({
    to,
    label,
  }));
}

/**
 * The admin area's navigation, above every admin page: plain links (so it works before
 * JavaScript), the current page marked with aria-current. One row at 1280 px; on a phone the
 * same row scrolls sideways within the page, and the current link is scrolled into view.
 */
export function AdminNav({ links }: { links: AdminNavLink[] }) {
  const strip = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = strip.current;
    const current = list?.querySelector<HTMLElement>("[aria-current='page']");
    if (!list || !current) return;
    const box = list.getBoundingClientRect();
    const link = current.getBoundingClientRect();
    // Only sideways, and only when it is cut off: the page itself never scrolls.
    if (link.left < box.left || link.right > box.right) list.scrollLeft += link.left - box.left - 16;
  }, [pathname]);
  return (
    <nav aria-label="Admin" className="-mx-4 mb-6 min-w-0 border-b border-gray-200 sm:mx-0" data-testid="admin-nav">
      <ul ref={strip} className="flex gap-1 overflow-x-auto px-4 pb-2 sm:px-0">
        {links.map((link) => (
          <li key={link.to} className="shrink-0">
            <NavLink
              to={link.to}
              end={link.to === "/admin"}
              className={(state) => cn(navLinkClass(state), "inline-block whitespace-nowrap")}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
