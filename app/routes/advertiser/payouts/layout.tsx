import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import type { PayoutsData } from "~/components/advertiser/payouts-page";
import { isApprovedAdvertiser } from "~/domain/campaigns/campaigns.server";
import { withdrawFormData } from "~/domain/withdrawals/withdraw-form.server";
import { requireAdvertiser } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

/**
 * The advertiser's payouts page data, for the routes under this layout that render the page:
 * /advertiser/payouts and one route per form (/advertiser/payouts/bank-details,
 * /advertiser/payouts/withdraw), each with its own action.
 */
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Payouts");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdvertiser(request, context);
  const db = context.services.db;
  const [approved, payouts] = await Promise.all([
    isApprovedAdvertiser(db, user.id),
    withdrawFormData(db, user.id, "advertiser"),
  ]);
  return {
    approved,
    ...payouts,
    resolveNames: context.services.paymentProvider !== undefined,
  } satisfies PayoutsData;
}

export default function PayoutsLayout() {
  return <Outlet />;
}
