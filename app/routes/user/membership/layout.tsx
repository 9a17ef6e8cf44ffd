import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { upgradeOffer } from "~/domain/memberships/upgrade-offer.server";
import { toUpgradeView } from "~/domain/memberships/upgrade-view";
import { pageTitle } from "~/lib/meta";
import { requireMember } from "~/server/auth.server";

/**
 * The upgrade page's data, for the routes that render it: /membership/upgrade (the page and the
 * request form's action) and /membership/upgrade/cancel (the cancel form's action). Without
 * JavaScript the dashboard's Upgrade button and Cancel request lead here.
 */
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Membership Upgrade");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMember(request, context);
  const offer = await upgradeOffer(context.services.db, user.id);
  return toUpgradeView(offer, user.isApproved, Boolean(context.services.paymentProvider));
}

export default function MembershipLayout() {
  return <Outlet />;
}
