import type { Route } from "./+types/memberships";
import { UpcomingSection } from "~/components/section-page";
import { requireAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Manage Memberships");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_memberships", "Access Denied.");
  return null;
}

export default function Page() {
  return <UpcomingSection title="Manage Memberships" summary="Tier prices, benefits and upgrade requests." />;
}
