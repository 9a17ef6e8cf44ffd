import { type AnyColumn, and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  providerTransfers,
  type ProviderTransfer,
  transferRecipients,
  users,
  withdrawals,
  type Withdrawal,
} from "~/db/schema";
import type { PaymentProvider } from "~/domain/payments/provider";
import { type Clock, systemClock } from "~/domain/shared/clock";
import { newId } from "~/domain/shared/ids";
import type { WithdrawalStatus } from "./lifecycle";
import { LIVE_TRANSFER_STATUSES } from "./live-transfer.server";
import {
  abandonUnsentClaim,
  applyTransferReport,
  reportOf,
  stillUnsentClaim,
  TRANSFER_FAILURE_REASONS,
  checkTransferAttempt,
} from "./settle-transfer.server";
import { requestPhase, TRANSFER_REQUEST_LIMIT_MS } from "~/domain/payments/transfer-timing";
import { transferReference } from "./transfer-reference";

export type PayResult =
  /** Paystack took the transfer: the withdrawal is Sent, completed when Paystack reports success. */
  | { status: "sent"; withdrawal: PaidWithdrawal }
  /** Paystack answered success at once: the withdrawal is Completed. */
  | { status: "completed"; withdrawal: PaidWithdrawal }
  | { status: "not-found" }
  | { status: "not-processing"; current: WithdrawalStatus }
  /** It is in a payout file: the bank may pay it from that file, so never by transfer too. */
  | { status: "in-payout-file"; payoutBatch: string }
  /** Its member froze their payouts after it was queued: nothing new is sent until an admin releases them. */
  | { status: "payouts-frozen" }
  /** A transfer for it is being sent, or its request has not ended yet: nothing new was sent. */
  | { status: "in-progress" }
  /** An earlier transfer's outcome is not known yet and Paystack has not settled it: nothing was sent. */
  | { status: "unverified" }
  /** Paystack said no (its message): the withdrawal stays Processing with the reason. */
  | { status: "refused"; withdrawal: PaidWithdrawal; message: string }
  /** Paystack did not answer: the transfer may exist, and is checked by its reference before anything else is sent. */
  | { status: "unknown"; withdrawal: PaidWithdrawal };

export type PaidWithdrawal = { id: string; reference: string; transferReference: string; transferCode: string | null };

/** What an admin reads for each outcome that did not send, keyed by status (the page adds the withdrawal's reference). */
export const PAY_REFUSALS = {
  "not-found": "This withdrawal request no longer exists.",
  "not-processing": "Only a withdrawal in Processing can be paid through Paystack.",
  "in-payout-file":
    "This withdrawal is in a payout file for your bank's bulk upload, so it is not paid through Paystack: the bank could pay it twice. Mark it as completed once the bank has paid it.",
  "payouts-frozen": "Its member froze their payouts: release them on the member's page first.",
  "in-progress":
    "A transfer for this withdrawal is being sent right now: nothing new is sent until its request has ended and Paystack has answered.",
  unverified:
    "Outcome unknown, checking with Paystack: the last transfer for this withdrawal is not settled either way yet, so no new one was sent. It is checked with Paystack again shortly.",
  refused:
    "Paystack refused the transfer, so nothing was sent. The withdrawal stays in Processing: check the bank details, then retry or reject it.",
  unknown:
    "Outcome unknown, checking with Paystack: Paystack did not answer in time, so the transfer may have gone through. Nothing is sent again until Paystack says what became of it.",
} as const;

type Claim =
  | { kind: "claimed"; attempt: ProviderTransfer; withdrawal: Withdrawal }
  | { kind: "verify"; attempt: ProviderTransfer }
  | { kind: "refused"; result: PayResult };

/**
 * Claims the next attempt of a withdrawal, in one transaction holding the withdrawal's row lock:
 * it must be Processing, in no payout file, with no live attempt (provider_transfers_one_live_idx
 * refuses a second one even if the lock were missed). A live attempt is judged by its own
 * request (transfer-timing.ts): in flight, or claimed by a sender still at work, it stops here;
 * ended without an answer, it is verified first; claimed and abandoned, it fails as never sent
 * and this claim takes its place. Of many presses at once, one inserts the attempt; the others
 * find it and send nothing.
 */
async function claimAttempt(db: Database, withdrawalId: string, sentById: string | null, clock: Clock): Promise<Claim> {
  return db.transaction(async (tx): Promise<Claim> => {
    // The member's row before the withdrawal's, the order a review rejecting their withdrawals
    // takes them in: a freeze made meanwhile waits for this claim, or this claim sees it.
    const [owner] = await tx
      .select({ userId: withdrawals.userId })
      .from(withdrawals)
      .where(eq(withdrawals.id, withdrawalId));
    const [member] = owner
      ? await tx.select({ frozenAt: users.payoutsFrozenAt }).from(users).where(eq(users.id, owner.userId)).for("share")
      : [];
    const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for("update");
    if (!w) return { kind: "refused", result: { status: "not-found" } };
    if (w.payoutBatch) return { kind: "refused", result: { status: "in-payout-file", payoutBatch: w.payoutBatch } };
    if (w.status !== "processing") return { kind: "refused", result: { status: "not-processing", current: w.status } };
    const attempts = await tx
      .select()
      .from(providerTransfers)
      .where(eq(providerTransfers.withdrawalId, withdrawalId))
      .orderBy(desc(providerTransfers.attempt));
    const live = attempts.find((a) => (LIVE_TRANSFER_STATUSES as readonly string[]).includes(a.status));
    if (live) {
      if (live.status !== "initiating" && live.status !== "unknown") {
        return { kind: "refused", result: { status: "in-progress" } };
      }
      const phase = requestPhase(live, clock());
      if (phase.phase === "in-flight") return { kind: "refused", result: { status: "in-progress" } };
      if (phase.phase === "ended") return { kind: "verify", attempt: live };
      if (!phase.abandoned || !(await abandonUnsentClaim(tx, live.id, clock()))) {
        return { kind: "refused", result: { status: "in-progress" } };
      }
    }
    // A new transfer only while the member's payouts are not frozen (a job queued before the
    // freeze, or retrying through an outage, stops here; an unknown outcome is still verified above).
    if (member?.frozenAt) return { kind: "refused", result: { status: "payouts-frozen" } };
    const attempt = (attempts[0]?.attempt ?? 0) + 1;
    const [recipient] = await tx
      .select({ recipientCode: transferRecipients.recipientCode })
      .from(transferRecipients)
      .where(and(eq(transferRecipients.bankCode, w.bankCode), eq(transferRecipients.accountNumber, w.accountNumber)));
    const claimedAt = clock();
    const [claimed] = await tx
      .insert(providerTransfers)
      .values({
        id: newId(),
        withdrawalId,
        attempt,
        reference: transferReference(w.reference, attempt),
        amountKobo: w.amountKobo - w.feeKobo,
        // "" until the bank account is registered with the provider (by this attempt's sender).
        recipientCode: recipient?.recipientCode ?? "",
        status: "initiating",
        // Not sent yet (the column's default, now(), is for rows written by older code).
        requestSentAt: null,
        sentById,
        createdAt: claimedAt,
        updatedAt: claimedAt,
      })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return { kind: "refused", result: { status: "in-progress" } };
    return { kind: "claimed", attempt: claimed, withdrawal: w };
  });
}

/**
 * The provider's recipient for the withdrawal's bank account: the one stored for this bank code
 * and account number, or a new one registered under the withdrawal's account holder name (and
 * stored; of two registered at once, the first stored is the one every payout uses).
 */
async function recipientFor(
  db: Database,
  provider: PaymentProvider,
  w: Withdrawal,
): Promise<{ status: "ok"; recipientCode: string } | { status: "failed"; message: string }> {
  const where = and(eq(transferRecipients.bankCode, w.bankCode), eq(transferRecipients.accountNumber, w.accountNumber));
  const [known] = await db.select().from(transferRecipients).where(where);
  if (known) return { status: "ok", recipientCode: known.recipientCode };
  const created = await provider.createTransferRecipient({
    name: w.accountHolderName,
    accountNumber: w.accountNumber,
    bankCode: w.bankCode,
  });
  if (created.status === "refused") return { status: "failed", message: created.message };
  if (created.status === "unavailable") return { status: "failed", message: "Paystack did not answer." };
  await db
    .insert(transferRecipients)
    .values({
      bankCode: w.bankCode,
      accountNumber: w.accountNumber,
      recipientCode: created.recipientCode,
      accountName: created.accountName,
    })
    .onConflictDoNothing();
  const [stored] = await db.select().from(transferRecipients).where(where);
  return { status: "ok", recipientCode: stored!.recipientCode };
}

const paid = (w: Pick<Withdrawal, "id" | "reference">, attempt: ProviderTransfer, transferCode: string | null) => ({
  id: w.id,
  reference: w.reference,
  transferReference: attempt.reference,
  transferCode,
});

/**
 * Marks the attempt's request as leaving now, with the recipient it goes to: only while the
 * attempt is still an unsent claim, so a claim another judged abandoned is never sent after all.
 */
async function markRequestSent(db: Database, attemptId: string, recipientCode: string, at: Date): Promise<boolean> {
  const [marked] = await db
    .update(providerTransfers)
    .set({ requestSentAt: at, recipientCode, updatedAt: at })
    .where(stillUnsentClaim(attemptId))
    .returning({ id: providerTransfers.id });
  return marked !== undefined;
}

/**
 * The request ended with no answer: recorded when, and an attempt still initiating becomes
 * unknown (a webhook may have settled it meanwhile: then only the end is recorded). An answer is
 * recorded with the state it reports, in one statement (applyTransferReport's `requestEndedAt`),
 * so an answered attempt never reads as ended and unanswered.
 */
async function markUnanswered(db: Database, attemptId: string, at: Date): Promise<void> {
  await db
    .update(providerTransfers)
    .set({
      requestEndedAt: sql`coalesce(${providerTransfers.requestEndedAt}, ${at})`,
      status: sql`case when ${providerTransfers.status} = 'initiating' then 'unknown' else ${providerTransfers.status} end`,
      updatedAt: at,
    })
    .where(eq(providerTransfers.id, attemptId));
}

/**
 * Sends a processing withdrawal's net amount (amount − fee) to its bank account by transfer, at
 * most one transfer at a time, never a second while the first may exist: the payout worker's one
 * step for a queued withdrawal (payout-queue.server.ts), whoever queued it. An earlier attempt
 * whose outcome is unknown is verified by its reference first, once its request has ended:
 * found, its outcome is taken; not found long enough after, it failed and a new attempt goes.
 * Every time it records is read from `clock` when it happens.
 */
export async function payWithdrawalByTransfer(
  db: Database,
  provider: PaymentProvider,
  withdrawalId: string,
  options: { sentById?: string | null; clock?: Clock } = {},
): Promise<PayResult> {
  const clock = options.clock ?? systemClock;
  const sentById = options.sentById ?? null;
  let claim = await claimAttempt(db, withdrawalId, sentById, clock);
  let verified = false;
  // An unknown attempt is settled by its verify (or stays unknown): at most one verify per send.
  if (claim.kind === "verify") {
    const check = await checkTransferAttempt(db, provider, claim.attempt, clock);
    if (check.status === "in-flight") return { status: "in-progress" };
    if (check.status === "unavailable") return { status: "unverified" };
    // Paystack has never had it: sent again under the same reference, so that if the first
    // request lands after all, Paystack refuses one of the two as a duplicate reference.
    if (check.status === "not-at-provider") return resendAttempt(db, provider, claim.attempt, clock);
    verified = true;
    claim = await claimAttempt(db, withdrawalId, sentById, clock);
    if (claim.kind === "verify") return { status: "unverified" };
  }
  if (claim.kind === "refused") {
    const r = claim.result;
    // A verify that found the earlier transfer paying or paid answers as that transfer's outcome.
    if (verified && r.status === "not-processing" && (r.current === "sent" || r.current === "completed")) {
      const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
      const [last] = await db
        .select()
        .from(providerTransfers)
        .where(eq(providerTransfers.withdrawalId, withdrawalId))
        .orderBy(desc(providerTransfers.attempt))
        .limit(1);
      if (w && last && w.transferCode && last.transferCode === w.transferCode) {
        return { status: r.current === "sent" ? "sent" : "completed", withdrawal: paid(w, last, w.transferCode) };
      }
    }
    return r;
  }

  const { attempt, withdrawal: w } = claim;
  let recipientCode = attempt.recipientCode;
  if (!recipientCode) {
    const recipient = await recipientFor(db, provider, w);
    // No transfer was asked for, so none can exist: the attempt failed, a retry may go.
    if (recipient.status === "failed") {
      const message = `Could not register the bank account with Paystack: ${recipient.message}`;
      await applyTransferReport(
        db,
        attempt.id,
        { state: "failed", transferCode: null, failureReason: message },
        clock(),
      );
      return { status: "refused", withdrawal: paid(w, attempt, null), message };
    }
    recipientCode = recipient.recipientCode;
  }
  // From here the request may exist: its clock starts now, and the abort enforces its limit.
  const signal = AbortSignal.timeout(TRANSFER_REQUEST_LIMIT_MS);
  if (!(await markRequestSent(db, attempt.id, recipientCode, clock()))) {
    return { status: "refused", withdrawal: paid(w, attempt, null), message: TRANSFER_FAILURE_REASONS.neverSent };
  }
  return postTransfer(db, provider, { ...attempt, recipientCode }, w, signal, clock);
}

/**
 * An attempt Paystack has never had, although its request ended long ago: sent again under the
 * same reference (Paystack's advice for an inconclusive transfer: its reference is unique there,
 * so the first request landing late and this one cannot both pay). Marked in flight again in one
 * statement that matches only the attempt as it was read (unknown, or initiating past its
 * limit, with the same request times), so of two senders at most one sends.
 */
async function resendAttempt(
  db: Database,
  provider: PaymentProvider,
  attempt: ProviderTransfer,
  clock: Clock,
): Promise<PayResult> {
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, attempt.withdrawalId));
  if (!w) return { status: "not-found" };
  const signal = AbortSignal.timeout(TRANSFER_REQUEST_LIMIT_MS);
  const at = clock();
  const sameTime = (column: AnyColumn, value: Date | null) =>
    sql`date_trunc('milliseconds', ${column}) is not distinct from ${value?.toISOString() ?? null}::timestamptz`;
  const [resent] = await db
    .update(providerTransfers)
    .set({ status: "initiating", requestSentAt: at, requestEndedAt: null, updatedAt: at })
    .where(
      and(
        eq(providerTransfers.id, attempt.id),
        inArray(providerTransfers.status, ["initiating", "unknown"]),
        sameTime(providerTransfers.requestSentAt, attempt.requestSentAt),
        sameTime(providerTransfers.requestEndedAt, attempt.requestEndedAt),
      ),
    )
    .returning({ id: providerTransfers.id });
  if (!resent) return { status: "in-progress" };
  return postTransfer(db, provider, attempt, w, signal, clock);
}

/** POST /transfer for an attempt marked in flight, and its answer applied (see the state machine). */
async function postTransfer(
  db: Database,
  provider: PaymentProvider,
  attempt: ProviderTransfer,
  w: Withdrawal,
  signal: AbortSignal,
  clock: Clock,
): Promise<PayResult> {
  const fail = async (message: string, requestEndedAt: Date): Promise<PayResult> => {
    const report = { state: "failed", transferCode: null, failureReason: message, requestEndedAt } as const;
    await applyTransferReport(db, attempt.id, report, clock());
    return { status: "refused", withdrawal: paid(w, attempt, null), message };
  };
  const answer = await provider.initiateTransfer({
    reference: attempt.reference,
    amountKobo: attempt.amountKobo,
    recipientCode: attempt.recipientCode,
    reason: `AdNaira withdrawal ${w.reference}`,
    signal,
  });
  const endedAt = clock();
  if (answer.status === "refused") return fail(answer.message, endedAt);
  if (answer.status === "unavailable") {
    await markUnanswered(db, attempt.id, endedAt);
    return { status: "unknown", withdrawal: paid(w, attempt, null) };
  }
  const t = answer.transfer;
  const settled = await applyTransferReport(db, attempt.id, { ...reportOf(t), requestEndedAt: endedAt }, clock());
  const result = paid(w, attempt, t.transferCode);
  // A webhook may have settled it before this answer: then the send says what it settled to.
  const state = settled.status === "unchanged" ? settled.current : settled.status;
  switch (state) {
    case "completed":
    case "success":
      return { status: "completed", withdrawal: result };
    case "failed":
    case "reversed": {
      const [after] = await db.select().from(providerTransfers).where(eq(providerTransfers.id, attempt.id));
      const message = t.failureReason ?? after?.failureReason ?? "The transfer failed.";
      return { status: "refused", withdrawal: result, message };
    }
    default:
      return { status: "sent", withdrawal: result };
  }
}
