import { z } from "zod";
import { ADVERT_MONEY_LIMIT_CEILINGS } from "./advert-money-limits";
import { formatKobo } from "~/domain/shared/money";
import { NairaAmountSchema } from "~/domain/shared/money-schema";

type Ceiling = keyof typeof ADVERT_MONEY_LIMIT_CEILINGS;

const inRange = (kobo: bigint, ceiling: Ceiling) => kobo > 0n && kobo <= ADVERT_MONEY_LIMIT_CEILINGS[ceiling];

/** A limit typed in naira (kobo precision, like every money input), more than ₦0.00 and at most its ceiling. */
const limitAmount = (label: string, ceiling: Ceiling) =>
  NairaAmountSchema.refine((kobo) => kobo > 0n, `${label} must be more than ₦0.00.`).refine(
    (kobo) => kobo <= ADVERT_MONEY_LIMIT_CEILINGS[ceiling],
    `${label} can be at most ${formatKobo(ADVERT_MONEY_LIMIT_CEILINGS[ceiling])}.`,
  );

/** The advert money limits form: naira in, kobo out; the reward limit no higher than the budget limit. */
export const AdvertMoneyLimitsSchema = z
  .object({
    maxAdvertReward: limitAmount("Maximum reward per click", "maxRewardKobo"),
    maxAdvertBudget: limitAmount("Maximum budget per advert", "maxBudgetKobo"),
  })
  // Compared only once both are in range, so one wrong field gives one message.
  .refine(
    (form) =>
      !inRange(form.maxAdvertReward, "maxRewardKobo") ||
      !inRange(form.maxAdvertBudget, "maxBudgetKobo") ||
      form.maxAdvertReward <= form.maxAdvertBudget,
    { message: "Maximum budget per advert cannot be below the maximum reward per click.", path: ["maxAdvertBudget"] },
  )
  .transform((form) => ({ maxAdvertRewardKobo: form.maxAdvertReward, maxAdvertBudgetKobo: form.maxAdvertBudget }));
