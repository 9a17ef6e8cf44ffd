import type { Route } from "./+types/settings";
import { UpcomingSection } from "~/components/section-page";
import { requireAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Application Settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_settings", "Access Denied.");
  return null;
}

export default function Page() {
  return <UpcomingSection title="Application Settings" summary="The application name and logo." />;
}
