import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { ListColumn } from "~/components/ui/responsive-list";

type Person = { id: string; name: string; email: string; displayId: string };

/** A member's page for admins (`/admin/users/:userId`). */
export const memberHref = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

/** What the admin layout's loader (`routes/admin/layout`) tells its pages about the admin. */
type AdminLayoutData = { mayOpenMemberPages: boolean };

/**
 * A member's name as a link to their page for admins: every admin list that names a member. An
 * admin without `manage_users` (who would be refused there) sees the name alone.
 */
export function MemberLink({ id, children, className }: { id: string; children: ReactNode; className?: string }) {
  const admin = useRouteLoaderData<AdminLayoutData>("routes/admin/layout");
  if (!admin?.mayOpenMemberPages) return <span className={className ?? "font-medium"}>{children}</span>;
  return (
    <Link to={memberHref(id)} className={className ?? "font-medium text-brand-700 underline underline-offset-2"}>
      {children}
    </Link>
  );
}

/**
 * An admin list's "User" column: name (a link to their page), email and user ID, one under the
 * other. Left out of the cards, whose header shows the person.
 */
export function userColumn<Row>(person: (row: Row) => Person): ListColumn<Row> {
  return {
    header: "User",
    cell: (row) => {
      const { id, name, email, displayId } = person(row);
      return (
        <>
          <span className="block">
            <MemberLink id={id}>{name}</MemberLink>
          </span>
          <span className="block break-all text-xs text-gray-600">{email}</span>
          <span className="block font-mono text-xs text-gray-500">{displayId}</span>
        </>
      );
    },
    className: "min-w-44",
    hideInCard: true,
  };
}
