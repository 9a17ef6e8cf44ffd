import type { Database } from "~/db/client.server";
import type { ProviderPayment } from "~/db/schema";
import { lockAttempt, markNotPaid, recordSettled } from "./attempts.server";
import { judgePayment } from "./judge-payment";
import { bookProviderFee } from "./money.server";
import type { ProviderPaymentReport } from "./provider";

/**
 * Settling one report of a payment (the signed webhook, the payer's "Check payment", the minute
 * job), once, whatever arrives and in whatever order. The capability that owns what was paid for
 * runs it in one transaction, in three steps, and nothing here calls back into it:
 *
 *   const judged = await judgeReport(tx, "upgrade", report, now);   // payments decides
 *   if (judged.status !== "to-book") return judged;
 *   …the capability books what was paid for, or says why it holds it…   // the capability books
 *   return recordBooking(tx, judged.attempt, report, answer, now);  // payments records
 *
 * A replay finds the attempt settled under its row lock and changes nothing.
 */

/** What settling one provider report did (the webhook's log line and the return page read it). */
export type SettleOutcome =
  /** No attempt of this purpose has the reference: nothing changed. */
  | { status: "unknown" }
  /** Paid as asked and booked (now, by this report). */
  | { status: "booked"; attempt: ProviderPayment }
  /** Paid, but not as asked (amount, currency, or what it paid for was no longer payable): held for an admin. */
  | {
      status: "held";
      attempt: ProviderPayment;
      reason: string;
      /**
       * Paid as asked, for something no longer payable (a request approved by another checkout,
       * cancelled or rejected; a campaign paid another way): refunded by the app, no admin needed.
       */
      superseded?: true;
    }
  /** It was booked or held before: a replay, or the other of webhook and return. Nothing changed. */
  | { status: "already-settled"; attempt: ProviderPayment }
  | { status: "not-paid"; attempt: ProviderPayment }
  | { status: "pending"; attempt: ProviderPayment };

/** A report judged: settled here already (any outcome but booked), or paid as asked, for its capability to book. */
export type JudgedReport =
  Exclude<SettleOutcome, { status: "booked" }> | { status: "to-book"; attempt: ProviderPayment };

/** What the capability answers for a payment paid as asked: booked, or held with the reason. */
export type BookingAnswer = { status: "booked" } | { status: "hold"; reason: string };

/**
 * The first step, in the capability's transaction: locks the attempt (before the row it pays
 * for), judges the report and records what needs no booking: not paid, or paid but not as asked
 * (held: the money is at the provider, not ours to keep until an admin matches or refunds it).
 */
export async function judgeReport(
  tx: Database,
  purpose: ProviderPayment["purpose"],
  report: ProviderPaymentReport,
  now: Date,
): Promise<JudgedReport> {
  const attempt = await lockAttempt(tx, report.reference);
  if (!attempt || attempt.purpose !== purpose) return { status: "unknown" };
  if (attempt.status === "succeeded" || attempt.status === "held") return { status: "already-settled", attempt };
  const verdict = judgePayment(attempt, report);
  switch (verdict.verdict) {
    case "pending":
      return { status: "pending", attempt };
    case "not-paid":
      await markNotPaid(tx, attempt.id, verdict.status, now);
      return { status: "not-paid", attempt };
    case "hold":
      return recordHeld(tx, attempt, report, verdict.reason, now);
    case "book":
      return { status: "to-book", attempt };
  }
}

/**
 * The last step: records the capability's answer on the attempt. Booked → succeeded, and the
 * provider's fee booked (provider fees → provider clearing); hold → held with the reason.
 */
export async function recordBooking(
  tx: Database,
  attempt: ProviderPayment,
  report: ProviderPaymentReport,
  answer: BookingAnswer,
  now: Date,
): Promise<SettleOutcome> {
  if (answer.status === "hold")
    return { ...(await recordHeld(tx, attempt, report, answer.reason, now, true)), superseded: true };
  const booked = await recordSettled(tx, attempt, report, { status: "succeeded" }, now);
  await bookProviderFee(tx, attempt, report.feesKobo);
  return { status: "booked", attempt: booked! };
}

async function recordHeld(
  tx: Database,
  attempt: ProviderPayment,
  report: ProviderPaymentReport,
  reason: string,
  now: Date,
  superseded?: true,
): Promise<Extract<SettleOutcome, { status: "held" }>> {
  const held = await recordSettled(tx, attempt, report, { status: "held", reason, superseded }, now);
  return { status: "held", attempt: held!, reason };
}
