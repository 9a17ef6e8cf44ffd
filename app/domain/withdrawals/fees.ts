import { type Kobo, percentOfKobo } from "~/domain/shared/money";

/**
 * Withdrawal figures the browser needs too (the form shows the fee and the net amount before
 * submitting). No server imports: safe in the client bundle.
 */

/**
 * The fee on a withdrawal of `amountKobo` at `feeBps` basis points (200 = 2%): the amount times
 * the rate, rounded to the nearest kobo with halves going up, exactly as
 * {@link percentOfKobo} rounds every percentage in the product. ₦20.00 at 2% → ₦0.40;
 * 25 kobo at 2% (0.5 kobo) → 1 kobo; 24 kobo → 0. Throws a RangeError for a negative amount or
 * a rate that is not a non-negative integer.
 */
export function withdrawalFeeKobo(amountKobo: Kobo, feeBps: number): Kobo {
  return percentOfKobo(amountKobo, feeBps);
}

/** The amount, its fee and what the bank receives (amount − fee). */
export function withdrawalBreakdown(
  amountKobo: Kobo,
  feeBps: number,
): { amountKobo: Kobo; feeKobo: Kobo; netKobo: Kobo } {
  const feeKobo = withdrawalFeeKobo(amountKobo, feeBps);
  return { amountKobo, feeKobo, netKobo: amountKobo - feeKobo };
}

/**
 * The least amount whose fee leaves the bank at least 1 kobo (null when no amount does: a fee of
 * 100% or more). With half-up rounding, fee(a) < a exactly when a·(10000 − bps) > 5000.
 * At ordinary rates (below 50%) this is 1 kobo, so the settings' minimum is what binds.
 */
export function smallestPayableAmountKobo(feeBps: number): Kobo | null {
  if (!Number.isSafeInteger(feeBps) || feeBps < 0)
    throw new RangeError(`fee must be a non-negative integer (got ${feeBps})`);
  if (feeBps >= 10_000) return null;
  return 5_000n / BigInt(10_000 - feeBps) + 1n;
}

/**
 * The withdrawal form carries a key made when the form is rendered (a `newId()`: 21 characters)
 * so that a resubmit never makes a second withdrawal. Accepted: 16–100 URL-safe characters.
 */
export const WITHDRAWAL_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

export const isWithdrawalIdempotencyKey = (value: unknown): value is string =>
  typeof value === "string" && WITHDRAWAL_KEY_PATTERN.test(value);

/** Who asks for a withdrawal: a member (role user) or an advertiser asking for their balance back. */
export type Withdrawer = "member" | "advertiser";

/**
 * The most one request may withdraw: members' maximum, or advertisers' (separate, so a refunded
 * campaign budget can come back in one request). Both share the minimum and the fee.
 */
export function maxWithdrawalKoboFor(
  settings: { maxWithdrawalKobo: Kobo; advertiserMaxWithdrawalKobo: Kobo },
  withdrawer: Withdrawer,
): Kobo {
  return withdrawer === "advertiser" ? settings.advertiserMaxWithdrawalKobo : settings.maxWithdrawalKobo;
}
