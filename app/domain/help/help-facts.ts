import type { AppSettings, MembershipTier } from "~/db/schema";
import { campaignBudget } from "~/domain/campaigns/rules";
import { referralRewardKobo } from "~/domain/referrals/rewards";
import { formatKobo } from "~/domain/shared/money";
import { formatBps } from "~/domain/shared/percentage";
import { withdrawalBreakdown } from "~/domain/withdrawals/fees";

// The figures /help and /terms quote, worked out from the live settings and tiers: a change of
// a setting shows on the pages at once (nothing is copied into the text).

export type HelpTier = {
  name: string;
  /** "₦500.00"; "Free" for the free tier. */
  price: string;
  /** The free tier; any other is a one-off payment. */
  free: boolean;
  dailyAdViews: number;
};

export type HelpReferralRule =
  { kind: "off" } | { kind: "fixed"; amount: string } | { kind: "percentage"; percent: string };

/** What a referral earns, as /help and My Referrals say it: the rule, and what it pays for each paid tier. */
export type ReferralTerms = {
  rule: HelpReferralRule;
  /** Each paid tier a referred member may first upgrade to (from Basic), with what the referrer earns then; empty when the rule is off. */
  rewards: { tierName: string; price: string; reward: string }[];
};

export type HelpFacts = {
  appName: string;
  /** The advert countdown, in seconds. */
  dwellSeconds: number;
  tiers: HelpTier[];
  /** What a referral earns: the live rule, and what it pays for each paid tier. */
  referralTerms: ReferralTerms;
  withdrawals: {
    min: string;
    max: string;
    advertiserMax: string;
    feePercent: string;
    /** A worked example at the members' maximum: the fee and what the bank receives. */
    example: { amount: string; fee: string; net: string };
    /** One sentence from settings: when payouts happen. */
    schedule: string;
  };
  campaigns: {
    feePercent: string;
    /** A worked example: ₦10.00 a view for 100 views. */
    example: { reward: string; views: number; rewards: string; fee: string; budget: string };
  };
  /** How an upgrade or a campaign can be paid: by bank transfer once the receiving account is set, online with a provider. */
  payments: { bankTransfer: boolean; online: boolean };
};

/** The live referral rule in words. */
function referralRuleOf(settings: AppSettings): HelpReferralRule {
  if (!settings.referralActive) return { kind: "off" };
  return settings.referralRewardType === "fixed"
    ? { kind: "fixed", amount: formatKobo(settings.referralFixedKobo) }
    : { kind: "percentage", percent: formatBps(settings.referralPercentBps) };
}

/** What a referral earns under the live rule, for each paid tier a referred member may first upgrade to. */
export function referralTerms(
  settings: AppSettings,
  tiers: readonly Pick<MembershipTier, "name" | "priceKobo">[],
): ReferralTerms {
  const rewards: ReferralTerms["rewards"] = [];
  for (const tier of tiers) {
    const reward = tier.priceKobo > 0n ? referralRewardKobo(settings, tier.priceKobo) : null;
    if (reward !== null)
      rewards.push({ tierName: tier.name, price: formatKobo(tier.priceKobo), reward: formatKobo(reward) });
  }
  return { rule: referralRuleOf(settings), rewards };
}

const EXAMPLE_REWARD_KOBO = 1_000n;
const EXAMPLE_VIEWS = 100;

export function helpFacts(
  settings: AppSettings,
  tiers: readonly Pick<MembershipTier, "name" | "priceKobo" | "dailyAdViews">[],
  options: { online: boolean },
): HelpFacts {
  const withdrawal = withdrawalBreakdown(settings.maxWithdrawalKobo, settings.withdrawalFeeBps);
  const campaign = campaignBudget({
    rewardKobo: EXAMPLE_REWARD_KOBO,
    viewsWanted: EXAMPLE_VIEWS,
    feeBps: settings.campaignFeeBps,
  });
  return {
    appName: settings.appName,
    dwellSeconds: settings.advertDwellSeconds,
    tiers: tiers.map((tier) => ({
      name: tier.name,
      price: tier.priceKobo > 0n ? formatKobo(tier.priceKobo) : "Free",
      free: tier.priceKobo <= 0n,
      dailyAdViews: tier.dailyAdViews,
    })),
    referralTerms: referralTerms(settings, tiers),
    withdrawals: {
      min: formatKobo(settings.minWithdrawalKobo),
      max: formatKobo(settings.maxWithdrawalKobo),
      advertiserMax: formatKobo(settings.advertiserMaxWithdrawalKobo),
      feePercent: formatBps(settings.withdrawalFeeBps),
      example: {
        amount: formatKobo(withdrawal.amountKobo),
        fee: formatKobo(withdrawal.feeKobo),
        net: formatKobo(withdrawal.netKobo),
      },
      schedule: settings.payoutSchedule,
    },
    campaigns: {
      feePercent: formatBps(settings.campaignFeeBps),
      example: {
        reward: formatKobo(EXAMPLE_REWARD_KOBO),
        views: EXAMPLE_VIEWS,
        rewards: formatKobo(campaign.rewardsKobo),
        fee: formatKobo(campaign.feeKobo),
        budget: formatKobo(campaign.budgetKobo),
      },
    },
    payments: { bankTransfer: settings.receivingAccountNumber !== null, online: options.online },
  };
}
