import type { Database } from "~/db/client.server";
import { InsufficientFundsError } from "~/domain/ledger/transfer.server";
import { receivingAccountOf } from "~/domain/memberships/receiving-account";
import { getAppSettings } from "~/domain/settings/app-settings";
import type { Kobo } from "~/domain/shared/money";
import { withRollback } from "~/domain/shared/rollback.server";
import { mailAdvertiser } from "./campaign-mail.server";
import { move, notMoved, type CampaignStepResult } from "./campaigns.server";
import { fundEscrow } from "./money.server";
import { campaignFeeRuleRefusal, type CampaignFeeRuleRefusal } from "./rules";

/**
 * draft → awaiting payment, the step both ways of paying from outside take (by bank transfer with
 * the reference, or online: payCampaignOnline). Refused, writing nothing, to a draft made before
 * the fee rules (under ₦1.00 a view, or no fee): the status change is rolled back.
 */
export async function submitCampaignForPayment(
  db: Database,
  advertiserId: string,
  campaignId: string,
  now: Date = new Date(),
): Promise<CampaignStepResult | CampaignFeeRuleRefusal> {
  return submit<never>(db, advertiserId, campaignId, now, async () => null);
}

export type BankTransferResult = CampaignStepResult | CampaignFeeRuleRefusal | { status: "no-receiving-account" };

/**
 * "Pay by bank transfer": draft → awaiting payment (as submitCampaignForPayment) while the
 * platform's receiving account is set, as an upgrade by bank transfer (receivingAccountOf);
 * without it there is nowhere to pay into: refused, writing nothing.
 */
export async function submitCampaignForBankTransfer(
  db: Database,
  advertiserId: string,
  campaignId: string,
  now: Date = new Date(),
): Promise<BankTransferResult> {
  return submit(db, advertiserId, campaignId, now, async (tx) =>
    receivingAccountOf(await getAppSettings(tx)) ? null : { status: "no-receiving-account" as const },
  );
}

/** draft → awaiting payment, unless the fee rules or `refuse` (read in the transaction) refuse it: then nothing is written. */
async function submit<R extends { status: string }>(
  db: Database,
  advertiserId: string,
  campaignId: string,
  now: Date,
  refuse: (tx: Database) => Promise<R | null>,
): Promise<CampaignStepResult | CampaignFeeRuleRefusal | R> {
  return withRollback<CampaignStepResult | CampaignFeeRuleRefusal | R>(db, async (tx, rollbackWith) => {
    const changed = await move(tx, { campaignId, advertiserId }, ["draft"], { status: "awaiting_payment" }, now);
    if (!changed) return notMoved(tx, campaignId, advertiserId);
    const refusal = campaignFeeRuleRefusal(changed) ?? (await refuse(tx));
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
