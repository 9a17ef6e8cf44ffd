import type { Kobo } from "~/domain/shared/money";

/**
 * Insider limits on the money one advert can pay out (app settings, `manage_settings`): the
 * reward per click, and the budget — reward × max clicks — which is the most the advert can ever
 * pay in all. Without them an admin with `manage_adverts` alone could mint any amount.
 */
export type AdvertMoneyLimits = { maxRewardKobo: Kobo; maxBudgetKobo: Kobo };

/**
 * How high the settings themselves may go: ₦100,000.00 a click and ₦100,000,000.00 an advert.
 * Far above any real advert, low enough that a typo in the settings cannot open the gate.
 */
export const ADVERT_MONEY_LIMIT_CEILINGS = {
  maxRewardKobo: 10_000_000n,
  maxBudgetKobo: 10_000_000_000n,
} as const satisfies AdvertMoneyLimits;
