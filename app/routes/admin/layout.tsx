import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminNav } from "~/components/admin/admin-nav";
import { adminNavLinks } from "~/components/admin/admin-screens";
import { hasPermission } from "~/domain/permissions/permissions";
import { requireAdmin } from "~/server/auth.server";

/**
 * Every admin page: the admin navigation with the screens this admin may open, above the page.
 * Each page still checks its own permission.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  // Member names in admin lists link to the member's page only for admins who may open it.
  return { links: adminNavLinks(admin), mayOpenMemberPages: hasPermission(admin, "manage_users") };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminNav links={loaderData.links} />
      <Outlet />
    </>
  );
}
