import type { Route } from "./+types/adverts";
import { UpcomingSection } from "~/components/section-page";
import { requireAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Manage Adverts");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_adverts", "Access Denied.");
  return null;
}

export default function Page() {
  return <UpcomingSection title="Manage Adverts" summary="Create, edit and retire the adverts that members view." />;
}
