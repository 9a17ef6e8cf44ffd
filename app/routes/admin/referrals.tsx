import type { Route } from "./+types/referrals";
import { UpcomingSection } from "~/components/section-page";
import { requireAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Referral System Settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_referrals", "Access Denied.");
  return null;
}

export default function Page() {
  return (
    <UpcomingSection title="Referral System Settings" summary="The referral reward rule and referral statistics." />
  );
}
