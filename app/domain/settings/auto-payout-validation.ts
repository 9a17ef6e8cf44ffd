import { z } from "zod";
import type { Kobo } from "~/domain/shared/money";
import { NairaAmountSchema } from "~/domain/shared/money-schema";

/**
 * "Pay withdrawals automatically up to": a naira amount above ₦0.00, or empty for off (every
 * withdrawal waits for an admin).
 */
export const AutoPayoutSchema = z
  .object({
    autoPayoutMax: z
      .string()
      .trim()
      .default("")
      .pipe(
        z.union([
          z.literal("").transform((): Kobo | null => null),
          NairaAmountSchema.refine(
            (kobo) => kobo > 0n,
            "Enter an amount above ₦0.00, or leave it empty to turn it off.",
          ),
        ]),
      ),
  })
  .transform((form) => ({ autoPayoutMaxKobo: form.autoPayoutMax }));
