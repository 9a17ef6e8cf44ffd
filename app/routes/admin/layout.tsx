import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminNav } from "~/components/admin/admin-nav";
import { adminNavLinks } from "~/components/admin/admin-screens";
import { requireAdmin } from "~/server/auth.server";

/**
 * Every admin page: the admin navigation with the screens this admin may open, above the page.
 * Each page still checks its own permission.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { links: adminNavLinks(admin) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminNav links={loaderData.links} />
      <Outlet />
    </>
  );
}
