import { campaignBudget, MIN_CAMPAIGN_REWARD_KOBO, type CampaignBudget } from "./rules";
import { parseNairaToKobo, type Kobo } from "~/domain/shared/money";
import { formatBps } from "~/domain/shared/percentage";

/**
 * The campaign form's budget, from what is typed: incomplete until the reward and the views read
 * as numbers, and refused (with the form's own words, REWARD_BELOW_MINIMUM_MESSAGE) for a reward
 * under the minimum.
 */
export type BudgetPreview =
  | { status: "incomplete" }
  | { status: "reward-below-minimum"; minKobo: Kobo }
  | ({ status: "ok"; feePercent: string; viewsWanted: number } & CampaignBudget);

/**
 * What the campaign would cost, from the form's two fields as typed (the page shows it live, and
 * the server renders it from the echoed values when it refuses a submit). Pure, no zod: the
 * browser runs it on every keystroke.
 */
export function budgetPreview(rewardAmount: string, viewsWanted: string, feeBps: number): BudgetPreview {
  const reward = parseNairaToKobo(rewardAmount ?? "");
  if (reward.status === "ok" && reward.kobo < MIN_CAMPAIGN_REWARD_KOBO) {
    return { status: "reward-below-minimum", minKobo: MIN_CAMPAIGN_REWARD_KOBO };
  }
  const views = (viewsWanted ?? "").trim();
  if (reward.status !== "ok" || !/^\d{1,7}$/.test(views) || Number(views) < 1) return { status: "incomplete" };
  const count = Number(views);
  return {
    status: "ok",
    ...campaignBudget({ rewardKobo: reward.kobo, viewsWanted: count, feeBps }),
    feePercent: formatBps(feeBps),
    viewsWanted: count,
  };
}
