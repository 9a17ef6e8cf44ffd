import { campaignBudget, formatFeePercent, type CampaignBudget } from "./rules";
import { parseNairaToKobo } from "~/domain/shared/money";

/** The campaign form's budget, from what is typed: null until the reward and the views read as numbers. */
export type BudgetPreview = CampaignBudget & { feePercent: string; viewsWanted: number };

/**
 * What the campaign would cost, from the form's two fields as typed (the page shows it live, and
 * the server renders it from the echoed values when it refuses a submit). Pure, no zod: the
 * browser runs it on every keystroke.
 */
export function budgetPreview(rewardAmount: string, viewsWanted: string, feeBps: number): BudgetPreview | null {
  const reward = parseNairaToKobo(rewardAmount ?? "");
  const views = (viewsWanted ?? "").trim();
  if (reward.status !== "ok" || reward.kobo <= 0n || !/^\d{1,7}$/.test(views) || Number(views) < 1) return null;
  const count = Number(views);
  return {
    ...campaignBudget({ rewardKobo: reward.kobo, viewsWanted: count, feeBps }),
    feePercent: formatFeePercent(feeBps),
    viewsWanted: count,
  };
}
