import type { Route } from "./+types/audit";
import { UpcomingSection } from "~/components/section-page";
import { requireAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Audit Log");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "view_reports");
  return null;
}

export default function Page() {
  return <UpcomingSection title="Audit Log" summary="Every admin action: who, what, when and from where." />;
}
