import { z } from "zod";
import type { Kobo } from "~/domain/shared/money";
import { NairaAmountSchema } from "~/domain/shared/money-schema";

/** An empty field, or a naira amount above ₦0.00 (`emptyMeans`: what leaving it empty does). */
const optionalNaira = (emptyMeans: string) =>
  z
    .string()
    .trim()
    .default("")
    .pipe(
      z.union([
        z.literal("").transform((): Kobo | null => null),
        NairaAmountSchema.refine((kobo) => kobo > 0n, `Enter an amount above ₦0.00, or leave it empty ${emptyMeans}.`),
      ]),
    );

/** A whole number from 0 to `max`, as typed in a text field. */
const wholeNumberUpTo = (max: number, unit: string) =>
  z
    .string()
    .trim()
    .default("")
    .pipe(
      z
        .string()
        .regex(/^[0-9]{1,4}$/, `Enter a whole number of ${unit} from 0 to ${max}.`)
        .transform(Number)
        .refine((n) => n <= max, `Enter a whole number of ${unit} from 0 to ${max}.`),
    );

export const BANK_CHANGE_HOLD_HOURS_MAX = 720;
export const MIN_ACCOUNT_AGE_DAYS_MAX = 365;

export type AutoPayoutSettings = {
  autoPayoutMaxKobo: Kobo | null;
  autoPayoutDailyMaxKobo: Kobo | null;
  bankChangeHoldHours: number;
  autoPayoutMinAccountAgeDays: number;
};

/**
 * Automatic payouts: "Pay withdrawals automatically up to" (empty: off, every withdrawal waits for
 * an admin), the most paid automatically in a Lagos day (empty: no daily total), the hours after
 * a change of bank details and the account age in days during which nothing is paid automatically.
 */
export const AutoPayoutSchema = z
  .object({
    autoPayoutMax: optionalNaira("to turn it off"),
    autoPayoutDailyMax: optionalNaira("for no daily total"),
    bankChangeHoldHours: wholeNumberUpTo(BANK_CHANGE_HOLD_HOURS_MAX, "hours"),
    minAccountAgeDays: wholeNumberUpTo(MIN_ACCOUNT_AGE_DAYS_MAX, "days"),
  })
  .transform((form): AutoPayoutSettings => ({
    autoPayoutMaxKobo: form.autoPayoutMax,
    autoPayoutDailyMaxKobo: form.autoPayoutDailyMax,
    bankChangeHoldHours: form.bankChangeHoldHours,
    autoPayoutMinAccountAgeDays: form.minAccountAgeDays,
  }));

/** Whether the domain may store these (the form refuses anything else first). */
export const areValidAutoPayoutSettings = (s: AutoPayoutSettings) =>
  (s.autoPayoutMaxKobo === null || s.autoPayoutMaxKobo > 0n) &&
  (s.autoPayoutDailyMaxKobo === null || s.autoPayoutDailyMaxKobo > 0n) &&
  Number.isInteger(s.bankChangeHoldHours) &&
  s.bankChangeHoldHours >= 0 &&
  s.bankChangeHoldHours <= BANK_CHANGE_HOLD_HOURS_MAX &&
  Number.isInteger(s.autoPayoutMinAccountAgeDays) &&
  s.autoPayoutMinAccountAgeDays >= 0 &&
  s.autoPayoutMinAccountAgeDays <= MIN_ACCOUNT_AGE_DAYS_MAX;
