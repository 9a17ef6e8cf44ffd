import { formatKobo, percentOfKobo, type Kobo } from "~/domain/shared/money";
import { formatBps } from "~/domain/shared/percentage";
import type { StatusBadges } from "~/domain/shared/status-badges";

export const CAMPAIGN_STATUSES = [
  "draft",
  "awaiting_payment",
  "in_review",
  "active",
  "completed",
  "cancelled",
  "rejected",
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** How each status reads, and its badge's colour, to advertiser and admin alike. */
export const CAMPAIGN_STATUS_BADGES = {
  draft: { label: "Draft", tone: "gray" },
  awaiting_payment: { label: "Awaiting payment", tone: "yellow" },
  in_review: { label: "In review", tone: "blue" },
  active: { label: "Active", tone: "green" },
  completed: { label: "Completed", tone: "gray" },
  cancelled: { label: "Cancelled", tone: "gray" },
  rejected: { label: "Rejected", tone: "red" },
} as const satisfies StatusBadges<CampaignStatus>;

/** The advertiser may cancel until it has ended; from in_review on, the escrow left comes back. */
export const CANCELLABLE_STATUSES: readonly CampaignStatus[] = ["draft", "awaiting_payment", "in_review", "active"];

/**
 * The least a campaign may pay for a view: ₦1.00. With the fee rounded up to the kobo, a fee
 * setting above 0% then always takes a real share (0.5% of ₦1.00 is 0.5 kobo, charged as 1).
 */
export const MIN_CAMPAIGN_REWARD_KOBO: Kobo = 100n;
export const REWARD_BELOW_MINIMUM_MESSAGE = `Reward per view must be at least ${formatKobo(MIN_CAMPAIGN_REWARD_KOBO)}.`;

/**
 * The platform's fee on one view: the fee setting's share of the reward, rounded UP to the kobo,
 * so no campaign runs fee-free while the setting is above 0% (20% of 1 kobo is 0.2 kobo → 1).
 */
export function campaignFeePerViewKobo(rewardKobo: Kobo, feeBps: number): Kobo {
  return percentOfKobo(rewardKobo, feeBps, "up");
}

/**
 * What a view costs an advertiser, as /advertise says it: the least reward per view, the platform's
 * fee on each reward (the live setting, as a percentage) and what a view at the least reward costs.
 */
export function viewPricing(feeBps: number): { minReward: string; feePercent: string; minViewCost: string } {
  const feeKobo = campaignFeePerViewKobo(MIN_CAMPAIGN_REWARD_KOBO, feeBps);
  return {
    minReward: formatKobo(MIN_CAMPAIGN_REWARD_KOBO),
    feePercent: formatBps(feeBps),
    minViewCost: formatKobo(MIN_CAMPAIGN_REWARD_KOBO + feeKobo),
  };
}

/**
 * Why a stored campaign may not be paid for or run under the fee rules above: a draft made before
 * them can pay less than ₦1.00 a view, or no fee at all while its fee setting was above 0%
 * (the fee was rounded down then). Null when it keeps them.
 */
export type CampaignFeeRuleRefusal = { status: "reward-below-minimum"; minKobo: Kobo } | { status: "fee-missing" };

export function campaignFeeRuleRefusal(campaign: {
  rewardKobo: Kobo;
  feeBps: number;
  feePerViewKobo: Kobo;
}): CampaignFeeRuleRefusal | null {
  if (campaign.rewardKobo < MIN_CAMPAIGN_REWARD_KOBO)
    return { status: "reward-below-minimum", minKobo: MIN_CAMPAIGN_REWARD_KOBO };
  if (campaign.feeBps > 0 && campaign.feePerViewKobo < 1n) return { status: "fee-missing" };
  return null;
}

/**
 * What confirming a campaign's bank payment does (confirmCampaignPayment, and the admin's preview
 * of it): `"campaign"` funds its escrow from the money received and sends it to review, when it
 * still awaits payment, its end date has not passed and it keeps the fee rules; `"balance"` books
 * the money to the advertiser's balance only (it left awaiting payment, has ended, or may not
 * run), so a late transfer is never lost; null does nothing: a draft (no reference was given out
 * yet) or a payment `booked` already (its deposit is on the ledger).
 */
export type PaymentConfirmationOutcome = "campaign" | "balance" | null;

export function paymentConfirmationOutcome(
  campaign: {
    status: CampaignStatus;
    endsAt: Date | null;
    rewardKobo: Kobo;
    feeBps: number;
    feePerViewKobo: Kobo;
  },
  booked: boolean,
  now: Date,
): PaymentConfirmationOutcome {
  if (campaign.status === "draft" || booked) return null;
  const funds =
    campaign.status === "awaiting_payment" &&
    !(campaign.endsAt && campaign.endsAt <= now) &&
    !campaignFeeRuleRefusal(campaign);
  return funds ? "campaign" : "balance";
}

/** What the advertiser reads when such a campaign is refused payment. */
export const FEE_RULE_REFUSALS: Record<CampaignFeeRuleRefusal["status"], string> = {
  "reward-below-minimum": `This campaign's reward is below ${formatKobo(MIN_CAMPAIGN_REWARD_KOBO)} a view; create a new campaign.`,
  "fee-missing": "This campaign was priced without the platform's fee; create a new campaign.",
};

/** Why "Pay by bank transfer" was refused: no receiving account is set, so there is nowhere to pay into. */
export const NO_RECEIVING_ACCOUNT_TEXT = "Payment by bank transfer is not available. Pay online or from your balance.";

/** What an admin reads when such a campaign is refused activation (rejecting it refunds it). */
export const FEE_RULE_REVIEW_REFUSALS: Record<CampaignFeeRuleRefusal["status"], string> = {
  "reward-below-minimum": `This campaign's reward is below ${formatKobo(MIN_CAMPAIGN_REWARD_KOBO)} a view, so it cannot run. Reject it instead: its budget returns to the advertiser.`,
  "fee-missing":
    "This campaign was priced without the platform's fee, so it cannot run. Reject it instead: its budget returns to the advertiser.",
};

export type CampaignBudget = {
  /** The platform's fee on one view: the fee setting's share of the reward, rounded up to the kobo. */
  feePerViewKobo: Kobo;
  /** What members are paid in all: reward × views. */
  rewardsKobo: Kobo;
  /** The platform's fee in all: fee per view × views. */
  feeKobo: Kobo;
  /** What the advertiser pays, all of it into the campaign's escrow: rewards + fee. */
  budgetKobo: Kobo;
};

/**
 * The budget of a campaign. The fee is charged per view ({@link campaignFeePerViewKobo}), so each
 * verified view takes exactly reward + fee from the escrow and the last view leaves it at exactly
 * zero.
 */
export function campaignBudget(input: { rewardKobo: Kobo; viewsWanted: number; feeBps: number }): CampaignBudget {
  const views = BigInt(input.viewsWanted);
  const feePerViewKobo = campaignFeePerViewKobo(input.rewardKobo, input.feeBps);
  const rewardsKobo = input.rewardKobo * views;
  const feeKobo = feePerViewKobo * views;
  return { feePerViewKobo, rewardsKobo, feeKobo, budgetKobo: rewardsKobo + feeKobo };
}
