import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { providerTransfers, type ProviderTransfer, withdrawals } from "~/db/schema";
import { withdrawalCompletedMail } from "~/domain/mail/templates";
import {
  PROVIDER_CURRENCY,
  type PaymentProvider,
  type ProviderTransferReport,
  type TransferOutcome,
} from "~/domain/payments/provider";
import { recordUnmatchedEvent } from "~/domain/payments/references.server";
import { TRANSFER_PAID_AFTER_FAILED } from "~/domain/payments/disagreements.server";
import type { Kobo } from "~/domain/shared/money";
import { payOutWithdrawal, reverseWithdrawalPayout } from "./money.server";
import { mailWithdrawalMember } from "./process-withdrawal.server";
import { notFoundMeansNeverSent, requestPhase } from "~/domain/payments/transfer-timing";
import { type Clock, systemClock } from "~/domain/shared/clock";

/**
 * One transfer attempt's state machine (provider_transfers.status), whoever reports the outcome:
 * Paystack's answer to POST /transfer, a transfer.* webhook, or a verify by reference (a retry
 * press or the reconciliation job). Each report runs in one transaction that locks the
 * withdrawal, then the attempt, so reports racing each other apply one after the other.
 *
 *   initiating ─ pending ───────────────▶ pending      (withdrawal processing → sent)
 *   initiating ─ no answer ─────────────▶ unknown      (verified by reference before anything else)
 *   initiating, never sent, abandoned ──▶ failed       (nothing left: see abandonUnsentClaim)
 *   initiating, unknown, pending ─ success ─▶ success  (withdrawal → completed; held → payouts + fee)
 *   initiating, unknown, pending ─ failed ──▶ failed   (withdrawal → processing, reason; money still held)
 *   initiating, unknown, pending ─ reversed ▶ reversed (as failed: no money had left)
 *   success ─ reversed ─────────────────▶ reversed     (withdrawal completed → processing; payouts + fee → held)
 *
 * failed and reversed are final, and success only moves to reversed: every other report (a
 * duplicate, a `failed` after `success`, a `success` after `reversed`, a `pending` after anything)
 * changes nothing and moves no money. "Not found" at the provider fails an unanswered attempt only
 * once its own request has ended long enough ago to be sure it cannot land (transfer-timing.ts),
 * judged again under the row locks. The ledger keys carry the attempt
 * (`withdrawal:<id>:transfer:<attempt>:payout`), so a retry that succeeds after a reversal books
 * its payout once more, and each attempt at most once.
 */
export type TransferState = "pending" | "success" | "failed" | "reversed";

/** Paystack's transfer statuses in our four words; anything still moving is pending. */
export function transferState(outcome: TransferOutcome): TransferState {
  switch (outcome) {
    case "success":
      return "success";
    case "reversed":
      return "reversed";
    case "failed":
    case "abandoned":
    case "blocked":
    case "rejected":
      return "failed";
    default:
      return "pending";
  }
}

export type TransferReport = {
  state: TransferState;
  transferCode: string | null;
  /** What the provider says it paid; a success for another amount is never booked. */
  amountKobo?: Kobo;
  /** What currency the provider says it paid in; a success in any but naira is never booked. */
  currency?: string;
  failureReason?: string | null;
  /**
   * The provider has no such transfer: only an attempt it never answered for, whose request ended
   * at least NOT_FOUND_GRACE_MS ago, can fail on that.
   */
  notFound?: boolean;
  /** The sender's own answer: when its request ended, recorded with the state it reports. */
  requestEndedAt?: Date;
};

export type SettleResult =
  | { status: "sent" | "completed" | "failed" | "reversed"; withdrawalId: string }
  /** A duplicate or out-of-order report: nothing changed. */
  | { status: "unchanged"; withdrawalId: string; current: ProviderTransfer["status"] }
  /** A success for an amount (or in a currency) we did not send: left for an admin (the reconciliation page). */
  | { status: "amount-mismatch"; withdrawalId: string }
  | { status: "not-found" };

/** The member and admin read these when a transfer did not pay. */
export const TRANSFER_FAILURE_REASONS = {
  failed: "Paystack could not complete the transfer.",
  reversed: "The bank returned the transfer to Paystack.",
  notFound: "Paystack has no record of this transfer, so nothing was sent.",
  neverSent: "The transfer was never sent to Paystack (its sender stopped before sending it), so nothing was paid.",
} as const;

/** Which report moves an attempt in which state (see the diagram above); null: nothing changes. */
function nextState(current: ProviderTransfer["status"], report: TransferState): TransferState | null {
  if (current === "initiating" || current === "unknown") return report;
  if (current === "pending") return report === "pending" ? null : report;
  if (current === "success") return report === "reversed" ? "reversed" : null;
  return null;
}

/** A transfer as the provider reports it, in the state machine's words (`state`: the event's name, when it has one). */
export function reportOf(t: ProviderTransferReport, state: TransferState = transferState(t.outcome)): TransferReport {
  return {
    state,
    transferCode: t.transferCode,
    amountKobo: t.amountKobo,
    currency: t.currency,
    failureReason: t.failureReason,
  };
}

/** Applies one report of a transfer attempt's outcome (see {@link TransferState}). */
export async function applyTransferReport(
  db: Database,
  transferId: string,
  report: TransferReport,
  now: Date = new Date(),
): Promise<SettleResult> {
  const [found] = await db
    .select({ withdrawalId: providerTransfers.withdrawalId })
    .from(providerTransfers)
    .where(eq(providerTransfers.id, transferId));
  if (!found) return { status: "not-found" };
  const { withdrawalId } = found;
  return db.transaction(async (tx): Promise<SettleResult> => {
    const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for("update");
    const [attempt] = await tx
      .select()
      .from(providerTransfers)
      .where(eq(providerTransfers.id, transferId))
      .for("update");
    if (!w || !attempt) return { status: "not-found" };
    const ended = report.requestEndedAt && !attempt.requestEndedAt ? { requestEndedAt: report.requestEndedAt } : {};
    const unanswered = attempt.status === "initiating" || attempt.status === "unknown";
    // Judged on the locked row: a request that may still land is never taken as not sent.
    const neverSent = unanswered && notFoundMeansNeverSent(attempt, now);
    const next = report.notFound && !neverSent ? null : nextState(attempt.status, report.state);
    if (!next) {
      // Paid by the provider although we took it as failed (a not-found verify, say): the money
      // may have left twice. Nothing is booked automatically; the reconciliation page lists it.
      if (report.state === "success" && attempt.status === "failed") {
        await recordUnmatchedEvent(tx, {
          event: TRANSFER_PAID_AFTER_FAILED,
          reference: attempt.reference,
          amountKobo: report.amountKobo ?? null,
          currency: null,
          now,
        });
      }
      if (ended.requestEndedAt)
        await tx.update(providerTransfers).set(ended).where(eq(providerTransfers.id, transferId));
      return { status: "unchanged", withdrawalId, current: attempt.status };
    }
    const otherAmount = report.amountKobo !== undefined && report.amountKobo !== attempt.amountKobo;
    const otherCurrency = report.currency !== undefined && report.currency !== PROVIDER_CURRENCY;
    if (next === "success" && (otherAmount || otherCurrency)) {
      if (ended.requestEndedAt)
        await tx.update(providerTransfers).set(ended).where(eq(providerTransfers.id, transferId));
      return { status: "amount-mismatch", withdrawalId };
    }
    const transferCode = report.transferCode ?? attempt.transferCode;
    const settled = next === "pending" ? {} : { settledAt: now };
    const reason =
      next === "failed" || next === "reversed" ? (report.failureReason ?? TRANSFER_FAILURE_REASONS[next]) : null;
    await tx
      .update(providerTransfers)
      .set({ status: next, transferCode, failureReason: reason, ...settled, ...ended, checkedAt: now, updatedAt: now })
      .where(eq(providerTransfers.id, transferId));

    if (next === "pending") {
      await tx
        .update(withdrawals)
        .set({ status: "sent", sentAt: now, transferCode, transferFailureReason: null, updatedAt: now })
        .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, "processing")));
      return { status: "sent", withdrawalId };
    }
    if (next === "success") {
      const [done] = await tx
        .update(withdrawals)
        .set({
          status: "completed",
          processedAt: now,
          sentAt: w.sentAt ?? now,
          transferCode,
          transferFailureReason: null,
          updatedAt: now,
        })
        .where(eq(withdrawals.id, withdrawalId))
        .returning();
      await payOutWithdrawal(tx, w, attempt.attempt);
      await mailWithdrawalMember(tx, done!, withdrawalCompletedMail);
      return { status: "completed", withdrawalId };
    }
    // failed or reversed: the withdrawal is processing again, its money held, for an admin to retry or reject.
    if (attempt.status === "success") await reverseWithdrawalPayout(tx, w, attempt.attempt);
    await tx
      .update(withdrawals)
      .set({
        status: "processing",
        processedAt: null,
        sentAt: null,
        transferCode: null,
        transferFailureReason: reason,
        updatedAt: now,
      })
      .where(eq(withdrawals.id, withdrawalId));
    return { status: next, withdrawalId };
  });
}

/**
 * A transfer.success / transfer.failed / transfer.reversed webhook for one of our attempts: the
 * event's name is the outcome (its data may lag), applied as any other report.
 */
export function settleTransferEvent(
  db: Database,
  transferId: string,
  event: { event: "transfer.success" | "transfer.failed" | "transfer.reversed"; transfer: ProviderTransferReport },
  now: Date = new Date(),
): Promise<SettleResult> {
  const state = (
    { "transfer.success": "success", "transfer.failed": "failed", "transfer.reversed": "reversed" } as const
  )[event.event];
  return applyTransferReport(db, transferId, reportOf(event.transfer, state), now);
}

export type VerifyResult =
  | SettleResult
  | { status: "unavailable"; detail: string }
  /** Its request may still be on its way (or not sent yet): nothing was asked, nothing changed. */
  | { status: "in-flight" };

/** The attempt, while it is still a claim whose request has not left: who changes it then wins the race. */
export const stillUnsentClaim = (attemptId: string) =>
  and(
    eq(providerTransfers.id, attemptId),
    eq(providerTransfers.status, "initiating"),
    isNull(providerTransfers.requestSentAt),
  );

/**
 * A claim whose request never left, abandoned (transfer-timing.ts): failed as never sent, in a
 * statement that matches only while it is still unsent, so of this and the sender's "sent" mark
 * exactly one wins. The withdrawal stays Processing, its money held, with the reason.
 */
export async function abandonUnsentClaim(db: Database, attemptId: string, now: Date): Promise<boolean> {
  const [found] = await db
    .select({ withdrawalId: providerTransfers.withdrawalId })
    .from(providerTransfers)
    .where(eq(providerTransfers.id, attemptId));
  if (!found) return false;
  return db.transaction(async (tx) => {
    // The withdrawal's row first, then the attempt's, as every writer of both does (no deadlock
    // with a claim or a report); a caller already holding it (claimAttempt) takes it again at no cost.
    await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.id, found.withdrawalId))
      .for("update");
    const [failed] = await tx
      .update(providerTransfers)
      .set({
        status: "failed",
        failureReason: TRANSFER_FAILURE_REASONS.neverSent,
        settledAt: now,
        checkedAt: now,
        updatedAt: now,
      })
      .where(stillUnsentClaim(attemptId))
      .returning({ withdrawalId: providerTransfers.withdrawalId });
    if (!failed) return false;
    await tx
      .update(withdrawals)
      .set({ transferFailureReason: TRANSFER_FAILURE_REASONS.neverSent, updatedAt: now })
      .where(and(eq(withdrawals.id, failed.withdrawalId), eq(withdrawals.status, "processing")));
    return true;
  });
}

type AttemptToCheck = Pick<ProviderTransfer, "id" | "reference" | "createdAt" | "requestSentAt" | "requestEndedAt">;

/**
 * Asks the provider what became of an attempt whose outcome we do not know (a timeout, a dropped
 * connection, a 5xx, a process that died, or a webhook that never came) and applies what it
 * found. An attempt whose request may still be in flight is not asked about: nothing is concluded
 * while it could still land. `not-at-provider`: the provider has no such transfer although the
 * request ended long enough ago that it cannot land; nothing is changed, the caller decides (a
 * send re-sends it under the same reference, the minute job concludes it was never sent). No
 * answer: nothing changes, and nothing new may be sent. The judgement uses the time read before
 * asking (so at most the real time has passed), the records the time of the answer.
 */
export async function checkTransferAttempt(
  db: Database,
  provider: PaymentProvider,
  attempt: AttemptToCheck,
  clock: Clock = systemClock,
): Promise<VerifyResult | { status: "not-at-provider"; judgedAt: Date }> {
  const judgedAt = clock();
  const phase = requestPhase(attempt, judgedAt);
  if (phase.phase === "claimed") {
    if (phase.abandoned && (await abandonUnsentClaim(db, attempt.id, judgedAt))) {
      const [row] = await db
        .select({ withdrawalId: providerTransfers.withdrawalId })
        .from(providerTransfers)
        .where(eq(providerTransfers.id, attempt.id));
      return { status: "failed", withdrawalId: row!.withdrawalId };
    }
    return { status: "in-flight" };
  }
  if (phase.phase === "in-flight") return { status: "in-flight" };
  const answer = await provider.verifyTransfer(attempt.reference);
  const answeredAt = clock();
  if (answer.status === "unavailable") {
    await db.update(providerTransfers).set({ checkedAt: answeredAt }).where(eq(providerTransfers.id, attempt.id));
    return answer;
  }
  if (answer.status === "not-found") {
    await db.update(providerTransfers).set({ checkedAt: answeredAt }).where(eq(providerTransfers.id, attempt.id));
    if (!notFoundMeansNeverSent(attempt, judgedAt)) {
      return { status: "unavailable", detail: "not at Paystack yet: its request ended too recently to be sure" };
    }
    return { status: "not-at-provider", judgedAt };
  }
  return applyTransferReport(db, attempt.id, reportOf(answer.transfer), answeredAt);
}

/**
 * {@link checkTransferAttempt}, concluding "not at the provider" as never sent: the attempt
 * failed ("Paystack has no record…"), the withdrawal is Processing again with the reason, and a
 * later success for it is listed for an admin. The minute job's verify.
 */
export async function verifyTransferAttempt(
  db: Database,
  provider: PaymentProvider,
  attempt: AttemptToCheck,
  clock: Clock = systemClock,
): Promise<VerifyResult> {
  const check = await checkTransferAttempt(db, provider, attempt, clock);
  if (check.status !== "not-at-provider") return check;
  return applyTransferReport(
    db,
    attempt.id,
    { state: "failed", transferCode: null, failureReason: TRANSFER_FAILURE_REASONS.notFound, notFound: true },
    check.judgedAt,
  );
}
