import { percentOfKobo, type Kobo } from "~/domain/shared/money";

// Referral reward rules with no server imports: what a referrer earns.

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
