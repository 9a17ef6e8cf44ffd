import type { Route } from "./+types/referrals";
import { UpcomingSection } from "~/components/section-page";
import { requireUser } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "My Referrals");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export default function Page() {
  return <UpcomingSection title="My Referrals" summary="Your referral code and the people who joined with it." />;
}
