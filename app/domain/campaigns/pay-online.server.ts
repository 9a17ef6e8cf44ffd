import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaigns } from "~/db/schema";
import {
  attemptByReference,
  settlePayment,
  startCheckout,
  verifyAttempt,
  type PaymentTarget,
  type SettleOutcome,
  type StartCheckoutResult,
} from "~/domain/payments/payment-attempts.server";
import type { PaymentProvider, ProviderPaymentReport } from "~/domain/payments/provider";
import type { Role } from "~/domain/permissions/permissions";
import type { Conflict, NotFound } from "./campaigns.server";
import { bookCampaignPayment, paymentBooked } from "./confirm-payment.server";
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
  return startCheckout<NotPayable>(db, provider, {
    target: targetOf(input.campaignId),
    settle: (report) => settleCampaignPayment(db, report, now),
    payable: async (tx) => {
      const refused = await payable(tx);
      if (refused) return { refusal: refused };
      const [campaign] = await tx.select().from(campaigns).where(own);
      return { baseReference: campaign!.reference, userId: input.advertiserId, amountKobo: campaign!.budgetKobo };
    },
    callbackUrl: input.callbackUrl,
    metadata: { campaign: input.campaignId },
    now,
  });
}

/** Why a campaign's payment that matched its attempt is held. */
export const CAMPAIGN_HELD_REASON =
  "This campaign's payment had already been confirmed when this payment arrived: it was paid twice.";

/**
 * Settles one report of a campaign's online payment (webhook or return), once: paid as asked →
 * booked as an admin's confirmation books a bank transfer (bookCampaignPayment, from provider
 * clearing: the advertiser's balance, then the escrow and review while it awaits payment; a late
 * payment stays on the balance), plus the provider's fee. Already booked (paid twice) → held.
 */
export async function settleCampaignPayment(
  db: Database,
  report: ProviderPaymentReport,
  now: Date = new Date(),
): Promise<SettleOutcome> {
  return settlePayment(
    db,
    "campaign",
    report,
    async (tx, attempt) => {
      const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, attempt.campaignId!)).for("update");
      const actor = { id: attempt.userId, role: "advertiser" as Role, permissions: [] };
      const booked =
        campaign &&
        (await bookCampaignPayment(tx, campaign, {
          from: "provider_clearing",
          actor,
          confirmedById: null,
          now,
          audit: { paidVia: "Paystack", paymentReference: attempt.reference },
        }));
      return booked ? { status: "booked" } : { status: "hold", reason: CAMPAIGN_HELD_REASON };
    },
    now,
  );
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
  return verifyAttempt(provider, attempt, (report) => settleCampaignPayment(db, report, now));
}
