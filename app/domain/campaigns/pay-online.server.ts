import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaigns, type ProviderPayment } from "~/db/schema";
import { attemptByReference, createPaymentAttempt, type PaymentTarget } from "~/domain/payments/attempts.server";
import {
  answerBeforeNewAttempt,
  checkOpenAttempt,
  openCheckout,
  verifyAttempt,
  type StartCheckoutResult,
} from "~/domain/payments/checkout.server";
import type { PaymentProvider } from "~/domain/payments/provider";
import { refundIfSuperseded } from "~/domain/payments/refunds.server";
import type { SettleOutcome } from "~/domain/payments/settlement.server";
import type { Conflict, NotFound } from "./campaigns.server";
import { settleCampaignPayment } from "./confirm-payment.server";
import { paymentBooked } from "./money.server";
import { campaignFeeRuleRefusal, type CampaignFeeRuleRefusal } from "./rules";

/** Where the provider's checkout sends the advertiser back (`?reference=` is added by the provider). */
export const campaignPaidPath = (campaignId: string) => `/advertiser/campaigns/${campaignId}/paid`;

/** Why a campaign may not be paid online now. */
type NotPayable =
  | NotFound
  /** Not awaiting payment (paid, cancelled, a draft…). */
  | Conflict
  | CampaignFeeRuleRefusal
  /** Its end date has passed: paying now would only tie the money up. */
  | { status: "ended" };

/** redirect (to the checkout), settled (paid already: no new one), refused / unavailable, or why not. */
export type PayCampaignOnlineResult = StartCheckoutResult | NotPayable;

/** The advertiser's words for the refusals of "Pay online" that are not the fee rules'. */
export const PAY_CAMPAIGN_ONLINE_REFUSALS = {
  "not-found": "That campaign was not found.",
  conflict: "This campaign is not awaiting payment.",
  ended: "This campaign's end date has passed, so it can no longer be paid. Create a new campaign.",
  refused: "Paystack could not start your payment. Try again, or pay by bank transfer with the reference.",
  unavailable: "We could not reach Paystack just now. Try again in a few minutes, or pay by bank transfer.",
} as const;

const targetOf = (campaignId: string): PaymentTarget => ({ purpose: "campaign", campaignId });

/**
 * "Pay online" on a campaign awaiting payment: a checkout for its budget with its CMP- reference
 * (CMP-…-2, -3… after a failed or abandoned attempt). An open attempt is verified first, as for
 * upgrades (payUpgradeOnline), so a campaign is never sent to two checkouts that could both be paid.
 */
export async function payCampaignOnline(
  db: Database,
  provider: PaymentProvider,
  input: { advertiserId: string; campaignId: string; callbackUrl: string; now?: Date },
): Promise<PayCampaignOnlineResult> {
  const now = input.now ?? new Date();
  const own = and(eq(campaigns.id, input.campaignId), eq(campaigns.advertiserId, input.advertiserId));
  const payable = async (db: Database): Promise<NotPayable | null> => {
    const [campaign] = await db.select().from(campaigns).where(own);
    if (!campaign) return { status: "not-found" };
    if (campaign.status !== "awaiting_payment" || (await paymentBooked(db, campaign.id))) {
      return { status: "conflict", current: campaign.status };
    }
    if (campaign.endsAt && campaign.endsAt <= now) return { status: "ended" };
    return campaignFeeRuleRefusal(campaign);
  };
  const refusal = await payable(db);
  if (refusal) return refusal;
  const target = targetOf(input.campaignId);
  const open = await checkOpenAttempt(db, provider, target, now);
  const settled = open.status === "reported" ? await settleCampaignPayment(db, open.report, now) : undefined;
  if (settled) await refundIfSuperseded(db, provider, settled);
  const answer = answerBeforeNewAttempt(open, settled);
  if (answer) return answer;
  type Made = { refusal: NotPayable | { status: "too-many-attempts" } } | { attempt: ProviderPayment };
  const made = await db.transaction(async (tx): Promise<Made> => {
    // The campaign's row lock: two presses make one attempt, and a campaign paid meanwhile none.
    const [campaign] = await tx.select().from(campaigns).where(own).for("update");
    const refused = await payable(tx);
    if (refused) return { refusal: refused };
    const { reference: baseReference, budgetKobo: amountKobo } = campaign!;
    const attempt = await createPaymentAttempt(tx, {
      target,
      baseReference,
      userId: input.advertiserId,
      amountKobo,
      now,
    });
    return attempt ? { attempt } : { refusal: { status: "too-many-attempts" } };
  });
  if ("refusal" in made) return made.refusal;
  return openCheckout(db, provider, made.attempt, {
    callbackUrl: input.callbackUrl,
    metadata: { campaign: input.campaignId },
    now,
  });
}

/** An attempt of the advertiser's own for this campaign, for its return page. */
export async function ownCampaignAttempt(db: Database, advertiserId: string, campaignId: string, reference: string) {
  const attempt = await attemptByReference(db, reference);
  if (!attempt || attempt.campaignId !== campaignId || attempt.userId !== advertiserId) return null;
  return attempt;
}

/** "Check payment" on the campaign's return page: verifies the attempt and settles it. */
export async function checkCampaignPayment(
  db: Database,
  provider: PaymentProvider,
  input: { advertiserId: string; campaignId: string; reference: string; now?: Date },
): Promise<SettleOutcome | { status: "unavailable" }> {
  const now = input.now ?? new Date();
  const attempt = await ownCampaignAttempt(db, input.advertiserId, input.campaignId, input.reference);
  if (!attempt) return { status: "unknown" };
  const verified = await verifyAttempt(provider, attempt);
  if (verified.status !== "reported") return verified;
  const settled = await settleCampaignPayment(db, verified.report, now);
  await refundIfSuperseded(db, provider, settled);
  return settled;
}
