import { z } from "zod";
import { AMOUNT_MESSAGES, type Kobo, parseNairaToKobo } from "./money";

/**
 * Zod schema for a naira amount field: a string in, kobo out, with parseNairaToKobo's messages.
 * Kept apart from money.ts so that pages which only format amounts do not ship zod.
 */
export const NairaAmountSchema = z.string().transform((value, ctx): Kobo => {
  const result = parseNairaToKobo(value);
  if (result.status === "ok") return result.kobo;
  ctx.issues.push({ code: "custom", message: AMOUNT_MESSAGES[result.status], input: value });
  return z.NEVER;
});
