import type { Route } from "./+types/notices";
import { UpcomingSection } from "~/components/section-page";
import { requireAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Manage Notices");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_notices", "Access Denied.");
  return null;
}

export default function Page() {
  return <UpcomingSection title="Manage Notices" summary="Post notices to all users, regular users or admins." />;
}
