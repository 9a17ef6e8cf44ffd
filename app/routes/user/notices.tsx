import type { Route } from "./+types/notices";
import { UpcomingSection } from "~/components/section-page";
import { requireUser } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Notice Board");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export default function Page() {
  return <UpcomingSection title="Notice Board" summary="Announcements from the AdNaira team." />;
}
