import type { Route } from "./+types/withdrawals";
import { UpcomingSection } from "~/components/section-page";
import { requireAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Withdrawal Requests");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_withdrawals", "Access Denied.");
  return null;
}

export default function Page() {
  return <UpcomingSection title="Withdrawal Requests" summary="Review and pay members' withdrawal requests." />;
}
