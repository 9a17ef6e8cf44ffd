import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { providerPayments, type ProviderPayment } from "~/db/schema";
import { newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import type { ProviderPaymentReport } from "./provider";

/**
 * Payment attempts through the provider, whatever they pay for (an upgrade, a campaign): one row
 * in provider_payments per checkout, and its state. The first attempt's reference is the
 * request's own (UPG-…, CMP-…); a new attempt after a failed or abandoned one gets "-2", "-3"…
 * (the provider refuses a reference it has seen). Nothing here books money: what an attempt pays
 * for is booked by its capability.
 */

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
 * How many checkouts one request may open ("Pay online" and each "Try again"). Every new one
 * supersedes the one before (verified first, and refunded by itself if it is paid late), but a
 * request tried this many times needs a look, not another checkout.
 */
export const MAX_PAYMENT_ATTEMPTS = 5;

/**
 * A new attempt for the target, or the one still open (initialized) if there is one: call it in
 * the transaction that locked the target's own row (so two presses of "Pay online" make one
 * attempt). Null when the target has had MAX_PAYMENT_ATTEMPTS already.
 */
export async function createPaymentAttempt(
  tx: Database,
  input: { target: PaymentTarget; baseReference: string; userId: string; amountKobo: Kobo; now: Date },
): Promise<ProviderPayment | null> {
  const existing = await attemptsFor(tx, input.target);
  const open = existing.find((a) => a.status === "initialized");
  if (open) return open;
  if (existing.length >= MAX_PAYMENT_ATTEMPTS) return null;
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

/** Locks an attempt's row: a settlement takes it first, then the row the attempt pays for. */
export async function lockAttempt(tx: Database, reference: string): Promise<ProviderPayment | null> {
  const [row] = await tx.select().from(providerPayments).where(eq(providerPayments.reference, reference)).for("update");
  return row ?? null;
}

/**
 * initialized (or an earlier failed/abandoned verdict: a late success still counts) → succeeded
 * or held, with what the provider reported; null when it was settled already (a replay).
 */
export async function recordSettled(
  tx: Database,
  attempt: ProviderPayment,
  report: ProviderPaymentReport,
  to: { status: "succeeded" } | { status: "held"; reason: string; superseded?: true },
  now: Date,
): Promise<ProviderPayment | null> {
  const [changed] = await tx
    .update(providerPayments)
    .set({
      status: to.status,
      heldReason: to.status === "held" ? to.reason : null,
      supersededAt: to.status === "held" && to.superseded ? now : null,
      providerTransactionId: report.providerTransactionId || null,
      paidKobo: report.amountKobo,
      currency: report.currency,
      feeKobo: report.feesKobo,
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

/** Keeps the provider's checkout address of an attempt. */
export async function recordCheckout(db: Database, attemptId: string, authorizationUrl: string, now: Date) {
  await db.update(providerPayments).set({ authorizationUrl, updatedAt: now }).where(eq(providerPayments.id, attemptId));
}
