import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { navLinkClass } from "~/components/ui/nav-link";
import { cn } from "~/lib/cn";
import type { AdminScreenLink } from "./admin-screens";

/**
 * The admin area's navigation (adminNavLinks), above every admin page: plain links (so it works before
 * JavaScript), the current page marked with aria-current. One row at 1280 px; on a phone the
 * same row scrolls sideways within the page, and the current link is scrolled into view.
 */
export function AdminNav({ links }: { links: AdminScreenLink[] }) {
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
