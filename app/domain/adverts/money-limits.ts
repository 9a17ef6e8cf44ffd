import type { AdvertMoneyLimits } from "~/domain/settings/advert-money-limits";
import { formatKobo, type Kobo } from "~/domain/shared/money";

/** What an advert can pay in all: its reward × its max clicks. */
export const advertBudgetKobo = (advert: { rewardKobo: Kobo; maxClicks: number }): Kobo =>
  advert.rewardKobo * BigInt(advert.maxClicks);

export const rewardLimitMessage = (limits: AdvertMoneyLimits) =>
  `Reward per click can be at most ${formatKobo(limits.maxRewardKobo)}.`;
export const budgetLimitMessage = (limits: AdvertMoneyLimits, budgetKobo: Kobo) =>
  `Budget (reward × max clicks) can be at most ${formatKobo(limits.maxBudgetKobo)}; this advert's is ${formatKobo(budgetKobo)}.`;

/** Field errors of the advert form (reward on the reward field, budget on max clicks). */
export type AdvertMoneyLimitErrors = { rewardAmount?: string; maxClicks?: string };

/**
 * Whether an advert's reward and budget are within the limits: null when they are, else the
 * form's field messages naming the limit. For an edit, `current` is the advert as stored: an
 * amount over a limit is refused only if it is higher than the advert already had, so an advert
 * made under higher limits can still be corrected or scaled down, never up.
 */
export function advertMoneyLimitErrors(
  input: { rewardKobo: Kobo; maxClicks: number },
  limits: AdvertMoneyLimits,
  current?: { rewardKobo: Kobo; maxClicks: number },
): AdvertMoneyLimitErrors | null {
  const errors: AdvertMoneyLimitErrors = {};
  if (input.rewardKobo > limits.maxRewardKobo && (!current || input.rewardKobo > current.rewardKobo)) {
    errors.rewardAmount = rewardLimitMessage(limits);
  }
  const budget = advertBudgetKobo(input);
  if (budget > limits.maxBudgetKobo && (!current || budget > advertBudgetKobo(current))) {
    errors.maxClicks = budgetLimitMessage(limits, budget);
  }
  return errors.rewardAmount || errors.maxClicks ? errors : null;
}
