import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaigns, providerPayments, upgradeRequests, users, type ProviderPayment } from "~/db/schema";
import { transfer } from "~/domain/ledger/transfer.server";
import { newId } from "~/domain/shared/ids";
import { formatKobo, type Kobo } from "~/domain/shared/money";
import type { PaymentProvider, ProviderPaymentReport } from "./provider";

/**
 * Payment attempts through the provider, whatever they pay for (an upgrade, a campaign): one row
 * in provider_payments per checkout. The first attempt's reference is the request's own (UPG-…,
 * CMP-…); a new attempt after a failed or abandoned one gets "-2", "-3"… (the provider refuses a
 * reference it has seen). What an attempt pays for is booked by its capability
 * (memberships/pay-online, campaigns/pay-online); this file only keeps the attempt's state.
 */

/** Every payment we ask for is in naira; anything else is held, never booked. */
export const PROVIDER_CURRENCY = "NGN";

export type PaymentTarget =
  { purpose: "upgrade"; upgradeRequestId: string } | { purpose: "campaign"; campaignId: string };

const targetWhere = (target: PaymentTarget) =>
  target.purpose === "upgrade"
    ? eq(providerPayments.upgradeRequestId, target.upgradeRequestId)
    : eq(providerPayments.campaignId, target.campaignId);

/** The reference of the n-th attempt (1-based) for a request whose reference is `base`. */
export const attemptReference = (base: string, n: number) => (n <= 1 ? base : `${base}-${n}`);

/** The target's attempts, newest first. */
export async function attemptsFor(db: Database, target: PaymentTarget): Promise<ProviderPayment[]> {
  return db.select().from(providerPayments).where(targetWhere(target)).orderBy(desc(providerPayments.createdAt));
}

export async function attemptByReference(db: Database, reference: string): Promise<ProviderPayment | null> {
  const [row] = await db.select().from(providerPayments).where(eq(providerPayments.reference, reference));
  return row ?? null;
}

/**
 * A new attempt for the target, or the one still open (initialized) if there is one: call it in
 * the transaction that locked the target's row (so two presses of "Pay online" make one attempt).
 */
export async function createPaymentAttempt(
  tx: Database,
  input: { target: PaymentTarget; baseReference: string; userId: string; amountKobo: Kobo; now: Date },
): Promise<ProviderPayment> {
  const existing = await attemptsFor(tx, input.target);
  const open = existing.find((a) => a.status === "initialized");
  if (open) return open;
  const [row] = await tx
    .insert(providerPayments)
    .values({
      id: newId(),
      reference: attemptReference(input.baseReference, existing.length + 1),
      purpose: input.target.purpose,
      upgradeRequestId: input.target.purpose === "upgrade" ? input.target.upgradeRequestId : null,
      campaignId: input.target.purpose === "campaign" ? input.target.campaignId : null,
      userId: input.userId,
      amountKobo: input.amountKobo,
      status: "initialized",
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return row!;
}

/** Locks the row an attempt pays for (the upgrade request or the campaign), in the settle order: attempt first. */
export async function lockAttempt(tx: Database, reference: string): Promise<ProviderPayment | null> {
  const [row] = await tx.select().from(providerPayments).where(eq(providerPayments.reference, reference)).for("update");
  return row ?? null;
}

/** Locks the target's row so attempts for it are made one at a time. */
export async function lockTarget(tx: Database, target: PaymentTarget): Promise<void> {
  if (target.purpose === "upgrade") {
    await tx
      .select({ id: upgradeRequests.id })
      .from(upgradeRequests)
      .where(eq(upgradeRequests.id, target.upgradeRequestId))
      .for("update");
  } else {
    await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, target.campaignId)).for("update");
  }
}

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

const reported = (report: ProviderPaymentReport) => ({
  providerTransactionId: report.providerTransactionId || null,
  paidKobo: report.amountKobo,
  currency: report.currency,
  feeKobo: report.feesKobo,
});

/**
 * initialized (or an earlier failed/abandoned verdict: a late success still counts) → succeeded
 * or held, with what the provider reported; null when it was settled already (a replay).
 */
export async function settleAttempt(
  tx: Database,
  attempt: ProviderPayment,
  report: ProviderPaymentReport,
  to: { status: "succeeded" } | { status: "held"; reason: string },
  now: Date,
): Promise<ProviderPayment | null> {
  const [changed] = await tx
    .update(providerPayments)
    .set({
      status: to.status,
      heldReason: to.status === "held" ? to.reason : null,
      ...reported(report),
      settledAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(providerPayments.id, attempt.id),
        inArray(providerPayments.status, ["initialized", "failed", "abandoned"]),
      ),
    )
    .returning();
  return changed ?? null;
}

/** initialized → failed / abandoned: the provider says it was not paid (a later success may still come). */
export async function markNotPaid(
  db: Database,
  attemptId: string,
  status: "failed" | "abandoned",
  now: Date,
): Promise<void> {
  await db
    .update(providerPayments)
    .set({ status, settledAt: now, updatedAt: now })
    .where(and(eq(providerPayments.id, attemptId), eq(providerPayments.status, "initialized")));
}

/** The provider's fee on a booked payment: provider fees → provider clearing, once (its key). */
export async function bookProviderFee(tx: Database, attempt: ProviderPayment, feeKobo: Kobo): Promise<void> {
  if (feeKobo <= 0n) return;
  await transfer(tx, {
    from: { platform: "provider_fees" },
    to: { platform: "provider_clearing" },
    amountKobo: feeKobo,
    kind: "provider_fee",
    idempotencyKey: providerFeeKey(attempt.reference),
    reference: { type: "provider_payment", id: attempt.id },
  });
}

export const providerFeeKey = (reference: string) => `provider-fee:${reference}`;

/** Where the provider's checkout is, or why there is none. */
export type CheckoutResult =
  { status: "redirect"; authorizationUrl: string } | { status: "refused"; message: string } | { status: "unavailable" };

/**
 * Asks the provider for a checkout for the attempt and keeps its address. Refused (nothing was
 * created there): the attempt is failed, so "Try again" makes a new one. No answer: it stays
 * initialized, and the next "Try again" verifies its reference before making another.
 */
export async function openCheckout(
  db: Database,
  provider: PaymentProvider,
  attempt: ProviderPayment,
  input: { email: string; callbackUrl: string; metadata?: Record<string, string>; now: Date },
): Promise<CheckoutResult> {
  if (attempt.authorizationUrl) return { status: "redirect", authorizationUrl: attempt.authorizationUrl };
  const answer = await provider.initializePayment({
    reference: attempt.reference,
    amountKobo: attempt.amountKobo,
    email: input.email,
    callbackUrl: input.callbackUrl,
    metadata: { purpose: attempt.purpose, ...input.metadata },
  });
  if (answer.status === "ok") {
    await db
      .update(providerPayments)
      .set({ authorizationUrl: answer.authorizationUrl, updatedAt: input.now })
      .where(eq(providerPayments.id, attempt.id));
    return { status: "redirect", authorizationUrl: answer.authorizationUrl };
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
): Promise<CheckoutResult | null> {
  const exists = await provider.verifyPayment(attempt.reference);
  if (exists.status === "not-found") return null;
  for (const started = Date.now(); ;) {
    const now = await attemptByReference(db, attempt.reference);
    if (now?.authorizationUrl) return { status: "redirect", authorizationUrl: now.authorizationUrl };
    if (Date.now() - started > OTHER_PRESS_WAIT_MS) return { status: "unavailable" };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What asking the provider about an open attempt found. */
export type OpenAttemptCheck =
  /** No open attempt, or it was not paid (now marked so): a new one may be made. */
  | { status: "none" }
  /** It settled (booked or held) on this check or before. */
  | { status: "settled"; attempt: ProviderPayment }
  /** Still at the checkout: send the payer back to it. */
  | { status: "in-progress"; attempt: ProviderPayment }
  | { status: "unavailable" };

/**
 * Before a new attempt is made, the open one (if any) is verified by its reference: it may have
 * been paid without our hearing of it, and a second checkout would take the money twice.
 * `settle` books a report (the capability's settle function).
 */
export async function checkOpenAttempt(
  db: Database,
  provider: PaymentProvider,
  target: PaymentTarget,
  settle: (report: ProviderPaymentReport) => Promise<unknown>,
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
  await settle(verified.payment);
  const after = await attemptByReference(db, latest.reference);
  if (!after) return { status: "none" };
  if (after.status === "succeeded" || after.status === "held") return { status: "settled", attempt: after };
  // Still being paid at its checkout (or never finished there): the payer goes back to it.
  const moving = after.status === "initialized" || judgePayment(after, verified.payment).verdict === "pending";
  return moving ? { status: "in-progress", attempt: after } : { status: "none" };
}

/** What settling one provider report did (the webhook's log line and the return page read it). */
export type SettleOutcome =
  /** No attempt of this purpose has the reference: nothing changed. */
  | { status: "unknown" }
  /** Paid as asked and booked (now, by this report). */
  | { status: "booked"; attempt: ProviderPayment }
  /** Paid, but not as asked (amount, currency, or what it paid for was no longer payable): held for an admin. */
  | { status: "held"; attempt: ProviderPayment; reason: string }
  /** It was booked or held before: a replay, or the other of webhook and return. Nothing changed. */
  | { status: "already-settled"; attempt: ProviderPayment }
  | { status: "not-paid"; attempt: ProviderPayment }
  | { status: "pending"; attempt: ProviderPayment };

/** What a capability answers for a payment that matched its attempt: booked, or held with the reason. */
export type BookingAnswer = { status: "booked" } | { status: "hold"; reason: string };

/**
 * Settles one report of a payment (the signed webhook, or verifying the reference when the payer
 * returns), once, whatever arrives and in whatever order, in one transaction under the attempt's
 * row lock: a replay finds it settled and changes nothing. A success as asked is booked by `book`
 * (the capability's own booking, in this transaction) with the provider's fee; a success that is
 * not as asked is held with the reason and not booked (the money is at the provider, not ours
 * to keep until an admin matches or refunds it); a failure leaves the request to pay again.
 */
export async function settlePayment(
  db: Database,
  purpose: ProviderPayment["purpose"],
  report: ProviderPaymentReport,
  book: (tx: Database, attempt: ProviderPayment) => Promise<BookingAnswer>,
  now: Date,
): Promise<SettleOutcome> {
  return db.transaction(async (tx): Promise<SettleOutcome> => {
    const attempt = await lockAttempt(tx, report.reference);
    if (!attempt || attempt.purpose !== purpose) return { status: "unknown" };
    if (attempt.status === "succeeded" || attempt.status === "held") return { status: "already-settled", attempt };
    const verdict = judgePayment(attempt, report);
    if (verdict.verdict === "pending") return { status: "pending", attempt };
    if (verdict.verdict === "not-paid") {
      await markNotPaid(tx, attempt.id, verdict.status, now);
      return { status: "not-paid", attempt };
    }
    const answer: BookingAnswer =
      verdict.verdict === "hold" ? { status: "hold", reason: verdict.reason } : await book(tx, attempt);
    if (answer.status === "hold") {
      const held = await settleAttempt(tx, attempt, report, { status: "held", reason: answer.reason }, now);
      return { status: "held", attempt: held!, reason: answer.reason };
    }
    const booked = await settleAttempt(tx, attempt, report, { status: "succeeded" }, now);
    await bookProviderFee(tx, attempt, report.feesKobo);
    return { status: "booked", attempt: booked! };
  });
}

/**
 * "Check payment" on a return page: asks the provider about the attempt and settles what it
 * says (`settle`: the capability's). A settled attempt is answered as it is, without asking.
 */
export async function verifyAttempt(
  provider: PaymentProvider,
  attempt: ProviderPayment,
  settle: (report: ProviderPaymentReport) => Promise<SettleOutcome>,
): Promise<SettleOutcome | { status: "unavailable" }> {
  if (attempt.status === "succeeded" || attempt.status === "held") return { status: "already-settled", attempt };
  const verified = await provider.verifyPayment(attempt.reference);
  if (verified.status === "unavailable") return { status: "unavailable" };
  if (verified.status === "not-found") return { status: "pending", attempt };
  return settle(verified.payment);
}

/** What a request to pay online answers when its target may be paid. */
export type StartCheckoutResult =
  /** Send the payer to the provider's checkout. */
  | { status: "redirect"; authorizationUrl: string; reference: string }
  /** A checkout of this target was paid already (booked, or held for an admin): no new one. */
  | { status: "settled"; attempt: ProviderPayment }
  /** The provider said no (its message): nothing was created there. */
  | { status: "refused"; message: string }
  /** No answer from the provider: try again later. */
  | { status: "unavailable" };

/**
 * "Pay online" / "Try again", whatever is paid for: the open attempt verified first
 * (checkOpenAttempt: paid → settled, never paid twice; still at the checkout → back to it), then,
 * under the target's row lock, `payable` says whether it may still be paid (a refusal, answered
 * as it is) and what (the attempt's reference base, payer and amount); a new attempt is made and
 * the provider asked for its checkout.
 */
export async function startCheckout<Refusal>(
  db: Database,
  provider: PaymentProvider,
  input: {
    target: PaymentTarget;
    settle: (report: ProviderPaymentReport) => Promise<SettleOutcome>;
    payable: (
      tx: Database,
    ) => Promise<{ refusal: Refusal } | { baseReference: string; userId: string; amountKobo: Kobo }>;
    callbackUrl: string;
    metadata?: Record<string, string>;
    now: Date;
  },
): Promise<StartCheckoutResult | Refusal> {
  const { target, now } = input;
  const open = await checkOpenAttempt(db, provider, target, input.settle, now);
  if (open.status === "unavailable") return { status: "unavailable" };
  if (open.status === "settled") return { status: "settled", attempt: open.attempt };
  if (open.status === "in-progress" && open.attempt.authorizationUrl) {
    return { status: "redirect", authorizationUrl: open.attempt.authorizationUrl, reference: open.attempt.reference };
  }
  const made = await db.transaction(async (tx): Promise<{ refusal: Refusal } | { attempt: ProviderPayment }> => {
    await lockTarget(tx, target);
    const what = await input.payable(tx);
    if ("refusal" in what) return what;
    return { attempt: await createPaymentAttempt(tx, { target, ...what, now }) };
  });
  if ("refusal" in made) return made.refusal;
  const [payer] = await db.select({ email: users.email }).from(users).where(eq(users.id, made.attempt.userId));
  const checkout = await openCheckout(db, provider, made.attempt, {
    email: payer!.email,
    callbackUrl: input.callbackUrl,
    metadata: input.metadata,
    now,
  });
  if (checkout.status !== "redirect") return checkout;
  return { status: "redirect", authorizationUrl: checkout.authorizationUrl, reference: made.attempt.reference };
}
