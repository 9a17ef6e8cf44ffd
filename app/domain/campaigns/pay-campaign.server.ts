import type { Database } from "~/db/client.server";
import { InsufficientFundsError } from "~/domain/ledger/transfer.server";
import type { Kobo } from "~/domain/shared/money";
import { withRollback } from "~/domain/shared/rollback.server";
import { mailAdvertiser } from "./campaign-mail.server";
import { fundEscrow, move, notMoved, type CampaignStepResult } from "./campaigns.server";
import { campaignFeeRuleRefusal, type CampaignFeeRuleRefusal } from "./rules";

/**
 * draft → awaiting payment: the advertiser will pay by bank transfer with the reference. Refused,
 * writing nothing, to a draft made before the fee rules (under ₦1.00 a view, or no fee): the
 * status change is rolled back.
 */
export async function submitCampaignForPayment(
  db: Database,
  advertiserId: string,
  campaignId: string,
  now: Date = new Date(),
): Promise<CampaignStepResult | CampaignFeeRuleRefusal> {
  return withRollback<CampaignStepResult | CampaignFeeRuleRefusal>(db, async (tx, rollbackWith) => {
    const changed = await move(tx, { campaignId, advertiserId }, ["draft"], { status: "awaiting_payment" }, now);
    if (!changed) return notMoved(tx, campaignId, advertiserId);
    const refusal = campaignFeeRuleRefusal(changed);
    if (refusal) return rollbackWith(refusal);
    return { status: "ok", campaign: changed };
  });
}

export type PayFromBalanceResult =
  | CampaignStepResult
  | CampaignFeeRuleRefusal
  | { status: "insufficient-balance"; balanceKobo: Kobo }
  /** Its end date has passed: paying now would only tie the money up until someone refunds it. */
  | { status: "ended" };

/**
 * Pays a draft or unpaid campaign from the advertiser's balance: the budget moves into the
 * campaign's escrow and it goes to review, in one transaction (all or nothing). Refused to one
 * made before the fee rules, as at submitCampaignForPayment. Every refusal rolls the status
 * change back: nothing is written.
 */
export async function payCampaignFromBalance(
  db: Database,
  advertiserId: string,
  campaignId: string,
  now: Date = new Date(),
): Promise<PayFromBalanceResult> {
  return withRollback<PayFromBalanceResult>(db, async (tx, rollbackWith) => {
    const changed = await move(
      tx,
      { campaignId, advertiserId },
      ["draft", "awaiting_payment"],
      { status: "in_review", fundedAt: now },
      now,
    );
    if (!changed) return notMoved(tx, campaignId, advertiserId);
    if (changed.endsAt && changed.endsAt <= now) return rollbackWith({ status: "ended" });
    const refusal = campaignFeeRuleRefusal(changed);
    if (refusal) return rollbackWith(refusal);
    try {
      await fundEscrow(tx, changed);
    } catch (err) {
      if (err instanceof InsufficientFundsError) {
        rollbackWith({ status: "insufficient-balance", balanceKobo: err.balanceKobo });
      }
      throw err;
    }
    await mailAdvertiser(tx, changed, { kind: "paid", method: "balance" });
    return { status: "ok", campaign: changed };
  });
}
