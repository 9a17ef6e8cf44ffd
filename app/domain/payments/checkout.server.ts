import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users, type ProviderPayment } from "~/db/schema";
import { attemptByReference, attemptsFor, markNotPaid, recordCheckout, type PaymentTarget } from "./attempts.server";
import type { PaymentProvider, ProviderPaymentReport } from "./provider";
import type { SettleOutcome } from "./settlement.server";

/**
 * "Pay online" / "Try again", whatever is paid for, run by the capability in three steps, none of
 * which calls back into it:
 *
 *   const open = await checkOpenAttempt(db, provider, target, now);
 *   const settled = open.status === "reported" ? await <capability's settle>(db, open.report, now) : undefined;
 *   const answer = answerBeforeNewAttempt(open, settled);   // paid already, back to its checkout, or no answer
 *   …else, under the target's own row lock, createPaymentAttempt, then openCheckout.
 *
 * The open attempt is verified first because it may have been paid without our hearing of it:
 * a second checkout would take the money twice.
 */

/** What a request to pay online answers when its target may be paid. */
export type StartCheckoutResult =
  /** Send the payer to the provider's checkout. */
  | { status: "redirect"; authorizationUrl: string; reference: string }
  /** A checkout of this target was paid already (booked, or held for an admin): no new one. */
  | { status: "settled"; attempt: ProviderPayment }
  /** The provider said no (its message): nothing was created there. */
  | { status: "refused"; message: string }
  /** No answer from the provider: try again later. */
  | { status: "unavailable" }
  /** This request has opened MAX_PAYMENT_ATTEMPTS checkouts: no more. */
  | { status: "too-many-attempts" };

/** The payer's words when a request has used all its checkouts. */
export const TOO_MANY_ATTEMPTS_MESSAGE =
  "You have tried to pay this request online 5 times. Cancel it and make a new request, or message support.";

/** What asking the provider about a target's open attempt found. */
export type OpenAttemptCheck =
  /** No open attempt, or it was not paid (now marked so): a new one may be made. */
  | { status: "none" }
  /** It was booked or held before. */
  | { status: "settled"; attempt: ProviderPayment }
  /** The provider reported on it: the capability settles the report, then asks answerBeforeNewAttempt. */
  | { status: "reported"; attempt: ProviderPayment; report: ProviderPaymentReport }
  | { status: "unavailable" };

export async function checkOpenAttempt(
  db: Database,
  provider: PaymentProvider,
  target: PaymentTarget,
  now: Date,
): Promise<OpenAttemptCheck> {
  const [latest] = await attemptsFor(db, target);
  if (!latest) return { status: "none" };
  if (latest.status === "succeeded" || latest.status === "held") return { status: "settled", attempt: latest };
  // A checkout found not paid (failed, abandoned) stays open at the provider: the payer may have
  // finished it since, unheard. Only one that never had a checkout cannot have been paid.
  const notPaid = latest.status === "failed" || latest.status === "abandoned";
  if (notPaid && !latest.authorizationUrl) return { status: "none" };
  const verified = await provider.verifyPayment(latest.reference);
  if (verified.status === "unavailable") return { status: "unavailable" };
  if (verified.status === "not-found") {
    // Never created at the provider (its initialize went unanswered): nothing can be paid on it.
    await markNotPaid(db, latest.id, "abandoned", now);
    return { status: "none" };
  }
  return { status: "reported", attempt: latest, report: verified.payment };
}

/**
 * The answer before a new attempt is made, from the open attempt's check and, when the provider
 * reported on it, how that report settled: paid (booked or held) → settled, never paid twice;
 * still being paid at its checkout → back to it; null → make a new attempt.
 */
export function answerBeforeNewAttempt(open: OpenAttemptCheck, settled?: SettleOutcome): StartCheckoutResult | null {
  if (open.status === "unavailable") return { status: "unavailable" };
  if (open.status === "settled") return { status: "settled", attempt: open.attempt };
  if (open.status === "none" || !settled) return null;
  switch (settled.status) {
    case "booked":
    case "held":
    case "already-settled":
      return { status: "settled", attempt: settled.attempt };
    case "pending": {
      const { authorizationUrl, reference } = settled.attempt;
      return authorizationUrl ? { status: "redirect", authorizationUrl, reference } : null;
    }
    case "not-paid":
    case "unknown":
      return null;
  }
}

/**
 * Asks the provider for a checkout for the attempt (its payer's email, our return address) and
 * keeps its address. Refused (nothing was created there): the attempt is failed, so "Try again"
 * makes a new one. No answer: it stays initialized, and the next "Try again" verifies its
 * reference before making another.
 */
export async function openCheckout(
  db: Database,
  provider: PaymentProvider,
  attempt: ProviderPayment,
  input: { callbackUrl: string; metadata?: Record<string, string>; now: Date },
): Promise<StartCheckoutResult> {
  const { reference } = attempt;
  if (attempt.authorizationUrl) return { status: "redirect", authorizationUrl: attempt.authorizationUrl, reference };
  const [payer] = await db.select({ email: users.email }).from(users).where(eq(users.id, attempt.userId));
  const answer = await provider.initializePayment({
    reference,
    amountKobo: attempt.amountKobo,
    email: payer!.email,
    callbackUrl: input.callbackUrl,
    metadata: { purpose: attempt.purpose, ...input.metadata },
  });
  if (answer.status === "ok") {
    await recordCheckout(db, attempt.id, answer.authorizationUrl, input.now);
    return { status: "redirect", authorizationUrl: answer.authorizationUrl, reference };
  }
  if (answer.status === "refused") {
    // Refused because another press of the same attempt got there first (Paystack refuses a
    // reference twice): that press's checkout is the one, not a failed attempt.
    const theirs = await checkoutOfAnotherPress(db, provider, attempt);
    if (theirs) return theirs;
    await markNotPaid(db, attempt.id, "failed", input.now);
    return { status: "refused", message: answer.message };
  }
  return { status: "unavailable" };
}

/** How long a refused press waits for the press that opened the same attempt's checkout to store it. */
const OTHER_PRESS_WAIT_MS = 3_000;

async function checkoutOfAnotherPress(
  db: Database,
  provider: PaymentProvider,
  attempt: ProviderPayment,
): Promise<StartCheckoutResult | null> {
  const exists = await provider.verifyPayment(attempt.reference);
  if (exists.status === "not-found") return null;
  for (const started = Date.now(); ;) {
    const now = await attemptByReference(db, attempt.reference);
    if (now?.authorizationUrl) {
      return { status: "redirect", authorizationUrl: now.authorizationUrl, reference: attempt.reference };
    }
    if (Date.now() - started > OTHER_PRESS_WAIT_MS) return { status: "unavailable" };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What "Check payment" (or the minute job) learnt of one attempt: settled already, or the provider's report to settle. */
export type AttemptCheck =
  | { status: "already-settled"; attempt: ProviderPayment }
  | { status: "pending"; attempt: ProviderPayment }
  | { status: "reported"; report: ProviderPaymentReport }
  | { status: "unavailable" };

/** Asks the provider about an attempt not yet settled (a settled one is answered as it is, without asking). */
export async function verifyAttempt(provider: PaymentProvider, attempt: ProviderPayment): Promise<AttemptCheck> {
  if (attempt.status === "succeeded" || attempt.status === "held") return { status: "already-settled", attempt };
  const verified = await provider.verifyPayment(attempt.reference);
  if (verified.status === "unavailable") return { status: "unavailable" };
  if (verified.status === "not-found") return { status: "pending", attempt };
  return { status: "reported", report: verified.payment };
}
