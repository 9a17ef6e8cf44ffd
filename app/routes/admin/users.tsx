import type { Route } from "./+types/users";
import { UpcomingSection } from "~/components/section-page";
import { requireAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Manage Users");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_users", "Access Denied. You do not have permission to manage users.");
  return null;
}

export default function Page() {
  return <UpcomingSection title="Manage Users" summary="Approve, restrict and search member accounts." />;
}
