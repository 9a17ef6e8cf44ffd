import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import type { PayoutsData } from "~/components/advertiser/payouts-page";
import { getBankDetails } from "~/domain/banks/bank-details.server";
import { isApprovedAdvertiser } from "~/domain/campaigns/campaigns.server";
import { balances } from "~/domain/ledger/accounts.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import { newId } from "~/domain/shared/ids";
import { listMemberWithdrawals } from "~/domain/withdrawals/list-withdrawals.server";
import { toWithdrawalHistoryItem } from "~/domain/withdrawals/withdrawal-history";
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
  const [approved, bankDetails, money, settings, withdrawals] = await Promise.all([
    isApprovedAdvertiser(db, user.id),
    getBankDetails(db, user.id),
    balances(db, user.id),
    getAppSettings(db),
    listMemberWithdrawals(db, user.id, { limit: 20 }),
  ]);
  return {
    approved,
    bankDetails,
    terms: {
      availableKobo: money.availableKobo.toString(),
      minKobo: settings.minWithdrawalKobo.toString(),
      maxKobo: settings.maxWithdrawalKobo.toString(),
      feeBps: settings.withdrawalFeeBps,
    },
    // A new key with every render of the form: resubmitting this render sends the same key and
    // makes one withdrawal; the page after a successful request (a redirect) carries a new one.
    withdrawKey: newId(),
    withdrawals: withdrawals.map(toWithdrawalHistoryItem),
  } satisfies PayoutsData;
}

export default function PayoutsLayout() {
  return <Outlet />;
}
