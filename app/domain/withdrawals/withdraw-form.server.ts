import type { Database } from "~/db/client.server";
import { getBankDetails } from "~/domain/banks/bank-details.server";
import { balances } from "~/domain/ledger/accounts.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import { newId } from "~/domain/shared/ids";
import { maxWithdrawalKoboFor, type Withdrawer } from "./fees";
import { listMemberWithdrawals } from "./list-withdrawals.server";
import { toWithdrawalHistoryItem } from "./withdrawal-history";

/**
 * What a page with the withdraw form shows (a member's profile, an advertiser's payouts): the
 * bank details, the terms the form checks (balance, limits and fee, as strings for the browser),
 * the form's idempotency key and the last 20 withdrawals. `withdrawer` picks the maximum
 * (members' or advertisers'); the payout schedule sentence is shown with the form.
 */
export async function withdrawFormData(db: Database, userId: string, withdrawer: Withdrawer) {
  const [bankDetails, money, settings, withdrawals] = await Promise.all([
    getBankDetails(db, userId),
    balances(db, userId),
    getAppSettings(db),
    listMemberWithdrawals(db, userId, { limit: 20 }),
  ]);
  return {
    bankDetails,
    terms: {
      availableKobo: money.availableKobo.toString(),
      minKobo: settings.minWithdrawalKobo.toString(),
      maxKobo: maxWithdrawalKoboFor(settings, withdrawer).toString(),
      feeBps: settings.withdrawalFeeBps,
      payoutSchedule: settings.payoutSchedule,
    },
    // A new key with every render of the form: resubmitting this render (double tap, retry after
    // a timeout) sends the same key and makes one withdrawal; the page after a successful
    // request (a redirect, so a fresh load) carries a new one.
    withdrawKey: newId(),
    withdrawals: withdrawals.map(toWithdrawalHistoryItem),
  };
}
