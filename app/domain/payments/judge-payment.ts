import type { ProviderPayment } from "~/db/schema";
import { formatKobo } from "~/domain/shared/money";
import { PROVIDER_CURRENCY, type ProviderPaymentReport } from "./provider";

/**
 * What a provider's report means for an attempt: book it, hold it for an admin (paid, but not
 * what was asked), not paid (failed / abandoned / reversed), or not known yet.
 */
export type PaymentVerdict =
  | { verdict: "book" }
  | { verdict: "hold"; reason: string }
  | { verdict: "not-paid"; status: "failed" | "abandoned" }
  | { verdict: "pending" };

/** The reasons a paid attempt is held (the admin reads them). */
export const HELD_REASONS = {
  reference: (got: string, asked: string) => `The payment's reference ${got} is not this attempt's (${asked}).`,
  currency: (got: string) => `Paid in ${got || "an unknown currency"}, not naira (${PROVIDER_CURRENCY}).`,
  amount: (paid: string, asked: string) => `Paid ${paid}, but ${asked} was asked.`,
  fee: (fee: string, paid: string) =>
    `Paystack reports a fee of ${fee} on a payment of ${paid}, which cannot be right.`,
} as const;

/** The verdict on one report of an attempt: pure, so the webhook, the return and the minute job judge alike. */
export function judgePayment(
  attempt: Pick<ProviderPayment, "reference" | "amountKobo">,
  report: ProviderPaymentReport,
): PaymentVerdict {
  switch (report.outcome) {
    case "failed":
    case "reversed":
      return { verdict: "not-paid", status: "failed" };
    case "abandoned":
      return { verdict: "not-paid", status: "abandoned" };
    case "ongoing":
    case "pending":
    case "processing":
    case "queued":
      return { verdict: "pending" };
    case "success":
      break;
  }
  if (report.reference !== attempt.reference) {
    return { verdict: "hold", reason: HELD_REASONS.reference(report.reference, attempt.reference) };
  }
  if (report.currency !== PROVIDER_CURRENCY) return { verdict: "hold", reason: HELD_REASONS.currency(report.currency) };
  if (report.amountKobo !== attempt.amountKobo) {
    return {
      verdict: "hold",
      reason: HELD_REASONS.amount(formatKobo(report.amountKobo), formatKobo(attempt.amountKobo)),
    };
  }
  // A fee below zero or above what was paid would book nonsense to provider clearing.
  if (report.feesKobo < 0n || report.feesKobo > report.amountKobo) {
    return { verdict: "hold", reason: HELD_REASONS.fee(formatKobo(report.feesKobo), formatKobo(report.amountKobo)) };
  }
  return { verdict: "book" };
}
