import type { Kobo } from "~/domain/shared/money";
import { percentOfKobo } from "~/domain/shared/money";

/**
 * Upgrade rules the browser may need too (the dialog shows the price before submitting). No
 * server imports: safe in the client bundle.
 */

export const UPGRADE_METHODS = ["balance", "bank_transfer"] as const;
export type UpgradeMethod = (typeof UPGRADE_METHODS)[number];

export const UPGRADE_STATUSES = ["pending", "approved", "rejected", "cancelled"] as const;
export type UpgradeStatus = (typeof UPGRADE_STATUSES)[number];

/** The ledger key of each money movement of an upgrade request: at most one of each, ever. */
export const upgradeTransferKey = (requestId: string, step: "hold" | "release" | "payment") =>
  `upgrade:${requestId}:${step}`;

/** The ledger key of a referral's reward: a referrer is paid at most once per referred member. */
export const referralRewardKey = (referralId: string) => `referral:${referralId}:reward`;

/** What an upgrade costs: the new tier's price minus the current tier's. */
export const upgradePriceKobo = (currentTierPriceKobo: Kobo, newTierPriceKobo: Kobo): Kobo =>
  newTierPriceKobo - currentTierPriceKobo;

export type ReferralRule = {
  referralActive: boolean;
  referralRewardType: "fixed" | "percentage";
  referralFixedKobo: Kobo;
  referralPercentBps: number;
};

/**
 * The reward a referrer earns when the member they referred pays `paidKobo` for their first
 * upgrade: null when the rule is off; otherwise the percentage of what was paid (rounded half up)
 * or the fixed amount, never more than what was paid.
 */
export function referralRewardKobo(rule: ReferralRule, paidKobo: Kobo): Kobo | null {
  if (!rule.referralActive) return null;
  const reward =
    rule.referralRewardType === "percentage"
      ? percentOfKobo(paidKobo, rule.referralPercentBps)
      : rule.referralFixedKobo;
  return reward > paidKobo ? paidKobo : reward < 0n ? 0n : reward;
}
