import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  payoutJobs,
  type PayoutJob,
  providerTransfers,
  type ProviderTransfer,
  users,
  type Withdrawal,
  withdrawals,
} from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import type { PaymentProvider } from "~/domain/payments/provider";
import { hasPermission } from "~/domain/permissions/permissions";
import { type Clock, systemClock } from "~/domain/shared/clock";
import { newId } from "~/domain/shared/ids";
import { formatKobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import type { WithdrawalStatus } from "./lifecycle";
import { PAY_REFUSALS, payWithdrawalByTransfer, type PayResult } from "./pay-by-transfer.server";

/**
 * Paying by transfer is a job, not a request (issue 38): "Pay via Paystack", "Pay selected" and
 * the automatic payout queue the withdrawals here and answer at once; a worker in the app
 * process (app/server/payout-worker.server.ts) takes one job at a time per withdrawal and sends
 * it through {@link payWithdrawalByTransfer}. The queue is in the database, so a restart loses
 * nothing; a job whose worker died is taken again when its lease runs out. Whether a transfer may
 * be sent is decided by the attempt's own rules, never by the queue: a job taken twice can at
 * worst find the first one's attempt in flight and send nothing.
 */

/** At most this many withdrawals in one press. */
export const MAX_PAYOUTS_PER_BATCH = 50;

/**
 * How long a worker holds a job: longer than one send can take (registering the recipient,
 * the transfer and a verify, each at most 10 s), after which another worker may take it.
 */
export const PAYOUT_LEASE_MS = 60_000;

export type QueueRefusal =
  | { status: "not-found" }
  | { status: "not-processing"; current: WithdrawalStatus }
  | { status: "in-payout-file"; payoutBatch: string }
  /** It is queued (or being sent) already: one job at a time per withdrawal. */
  | { status: "already-queued" }
  /** Its member froze their payouts (after a change of bank details they did not make). */
  | { status: "payouts-frozen" };

export type QueuedPayouts =
  | Forbidden
  | {
      status: "ok";
      batchId: string;
      queued: { withdrawalId: string; reference: string }[];
      refused: { withdrawalId: string; reference: string | null; refusal: QueueRefusal }[];
    };

/** Words for each refusal to queue (the page adds the reference). */
export const QUEUE_REFUSALS = {
  "not-found": PAY_REFUSALS["not-found"],
  "not-processing": PAY_REFUSALS["not-processing"],
  "in-payout-file": PAY_REFUSALS["in-payout-file"],
  "already-queued": "It is already queued to be paid, or being sent right now.",
  "payouts-frozen": PAY_REFUSALS["payouts-frozen"],
} as const satisfies Record<QueueRefusal["status"], string>;

/**
 * Queues processing withdrawals to be paid by transfer, as one batch, in one transaction: each
 * must be Processing, in no payout file, with no open job. Audited per withdrawal
 * (`withdrawal.transfer`); the worker sends them after this commits.
 */
export async function queuePayouts(
  db: Database,
  actor: Actor,
  withdrawalIds: readonly string[],
  clock: Clock = systemClock,
): Promise<QueuedPayouts> {
  if (!hasPermission(actor, "manage_withdrawals")) return FORBIDDEN;
  const ids = [...new Set(withdrawalIds)];
  const batchId = newId();
  return db.transaction(async (tx) => {
    const rows = ids.length
      ? await tx.select().from(withdrawals).where(inArray(withdrawals.id, ids)).orderBy(withdrawals.id).for("update")
      : [];
    const byId = new Map(rows.map((w) => [w.id, w]));
    // Shared-locked: a freeze made meanwhile waits for this press, and the next press sees it.
    const memberIds = [...new Set(rows.map((w) => w.userId))];
    const frozen = new Set(
      memberIds.length
        ? (
            await tx
              .select({ id: users.id, frozenAt: users.payoutsFrozenAt })
              .from(users)
              .where(inArray(users.id, memberIds))
              .orderBy(users.id)
              .for("share")
          )
            .filter((u) => u.frozenAt !== null)
            .map((u) => u.id)
        : [],
    );
    const queued: { withdrawalId: string; reference: string }[] = [];
    const refused: { withdrawalId: string; reference: string | null; refusal: QueueRefusal }[] = [];
    for (const withdrawalId of ids) {
      const w = byId.get(withdrawalId);
      const refuse = (refusal: QueueRefusal) =>
        refused.push({ withdrawalId, reference: w?.reference ?? null, refusal });
      if (!w) refuse({ status: "not-found" });
      else if (w.payoutBatch) refuse({ status: "in-payout-file", payoutBatch: w.payoutBatch });
      else if (w.status !== "processing") refuse({ status: "not-processing", current: w.status });
      else if (frozen.has(w.userId)) refuse({ status: "payouts-frozen" });
      else {
        const jobId = await insertJob(tx, { batchId, withdrawalId, queuedById: actor.id, at: clock() });
        if (!jobId) refuse({ status: "already-queued" });
        else {
          queued.push({ withdrawalId, reference: w.reference });
          await recordAudit(tx, {
            actor,
            action: "withdrawal.transfer",
            targetType: "withdrawal",
            targetId: w.id,
            before: { status: w.status },
            after: {
              ...payoutAuditFields(w, jobId),
              // How many were pressed together (the batch's id is internal: not shown).
              withdrawalsSelected: ids.length,
            },
          });
        }
      }
    }
    return { status: "ok" as const, batchId, queued, refused };
  });
}

/** One open job per withdrawal (payout_jobs_one_open_idx): its id, or null when one is open already. */
export async function insertJob(
  db: Database,
  job: { batchId: string; withdrawalId: string; queuedById: string | null; at: Date },
): Promise<string | null> {
  const [inserted] = await db
    .insert(payoutJobs)
    .values({ id: newId(), ...job, queuedAt: job.at, state: "queued" })
    .onConflictDoNothing()
    .returning({ id: payoutJobs.id });
  return inserted?.id ?? null;
}

/**
 * What the audit row of a queued payout says (`withdrawal.transfer`, `withdrawal.auto_pay`): the
 * withdrawal, the net amount and the account, and the job (an internal id the audit log never
 * shows: it reads where the payout stands now through it, payoutProgressOfJobs).
 */
export const payoutAuditFields = (
  w: Pick<Withdrawal, "reference" | "amountKobo" | "feeKobo" | "accountHolderName" | "bankName" | "accountNumber">,
  jobId: string,
) => ({
  reference: w.reference,
  net: formatKobo(w.amountKobo - w.feeKobo),
  account: `${w.accountHolderName}, ${w.bankName} ${w.accountNumber}`,
  job: jobId,
});

/**
 * Takes the oldest job that is queued, or whose worker's lease ran out, under a new lease:
 * `FOR UPDATE SKIP LOCKED`, so workers of several processes never take the same one at once. A
 * job already taken {@link MAX_TAKES} times (its sends kept failing, or kept waiting) is ended as
 * given up instead, for an admin to press again: never retried for ever.
 */
export async function takeNextPayoutJob(db: Database, clock: Clock = systemClock): Promise<PayoutJob | null> {
  return db.transaction(async (tx) => {
    for (;;) {
      const now = clock();
      const [next] = await tx
        .select({ id: payoutJobs.id, takenCount: payoutJobs.takenCount })
        .from(payoutJobs)
        .where(or(eq(payoutJobs.state, "queued"), and(eq(payoutJobs.state, "sending"), lt(payoutJobs.leaseUntil, now))))
        .orderBy(payoutJobs.queuedAt)
        .limit(1)
        .for("update", { skipLocked: true });
      if (!next) return null;
      if (next.takenCount >= MAX_TAKES) {
        await tx
          .update(payoutJobs)
          .set({ state: "done", outcome: "gave-up", message: GAVE_UP, finishedAt: now, leaseUntil: null })
          .where(eq(payoutJobs.id, next.id));
        continue;
      }
      const [taken] = await tx
        .update(payoutJobs)
        .set({
          state: "sending",
          leaseToken: newId(),
          leaseUntil: new Date(now.getTime() + PAYOUT_LEASE_MS),
          startedAt: sql`coalesce(${payoutJobs.startedAt}, ${now})`,
          takenCount: sql`${payoutJobs.takenCount} + 1`,
        })
        .where(eq(payoutJobs.id, next.id))
        .returning();
      return taken ?? null;
    }
  });
}

/** A job ended after {@link MAX_TAKES} takes without an outcome to record. */
export const GAVE_UP =
  "This payout could not be completed after repeated tries. Its transfer, if any, is still checked with Paystack; press Pay via Paystack again once the withdrawal shows no transfer in progress.";

/** Why a send did not pay, in the words the progress panel shows. */
function outcomeMessage(result: PayResult): string | null {
  switch (result.status) {
    case "sent":
    case "completed":
      return null;
    case "refused":
      return result.message;
    default:
      return PAY_REFUSALS[result.status];
  }
}

/**
 * Sends a taken job's withdrawal and records what happened, if the job is still this worker's
 * (a worker that overran its lease records nothing: the job's new holder does).
 */
export async function runPayoutJob(
  db: Database,
  provider: PaymentProvider,
  job: PayoutJob,
  clock: Clock = systemClock,
): Promise<PayResult> {
  const result = await payWithdrawalByTransfer(db, provider, job.withdrawalId, { sentById: job.queuedById, clock });
  // The attempt that pays (or last tried to pay) the withdrawal: the panel follows it from here.
  const [attempt] = await db
    .select({ id: providerTransfers.id, status: providerTransfers.status })
    .from(providerTransfers)
    .where(eq(providerTransfers.withdrawalId, job.withdrawalId))
    .orderBy(sql`${providerTransfers.attempt} desc`)
    .limit(1);
  const now = clock();
  const recorded = { outcome: result.status, message: outcomeMessage(result), transferId: attempt?.id ?? null };
  const mine = and(eq(payoutJobs.id, job.id), eq(payoutJobs.leaseToken, job.leaseToken!));
  if (waitsForEarlierAttempt(result, attempt?.status) && job.takenCount < MAX_TAKES) {
    // Not concluded: its earlier attempt is still being sent or checked. The job stays open and
    // is taken again after the wait, when that attempt may be verified or abandoned.
    await db
      .update(payoutJobs)
      .set({ ...recorded, leaseUntil: new Date(now.getTime() + RETRY_AFTER_MS) })
      .where(mine);
    return result;
  }
  await db
    .update(payoutJobs)
    .set({ ...recorded, state: "done", finishedAt: now, leaseUntil: null })
    .where(mine);
  return result;
}

/**
 * A job whose send found an earlier attempt still being sent (a worker that died mid-send, say)
 * or of unknown outcome waits for it, rather than ending as if the withdrawal were settled:
 * retried every {@link RETRY_AFTER_MS}, at most {@link MAX_TAKES} times in all (over the time it
 * takes an unknown attempt to be verified as sent or not), then left to the minute job and an admin.
 */
const RETRY_AFTER_MS = 30_000;
export const MAX_TAKES = 10;

function waitsForEarlierAttempt(result: PayResult, attemptStatus: ProviderTransfer["status"] | undefined): boolean {
  if (result.status === "unknown" || result.status === "unverified") return true;
  return result.status === "in-progress" && (attemptStatus === "initiating" || attemptStatus === "unknown");
}

/** The worker's step: takes the next job and sends it; null when none is waiting. */
export async function sendNextQueuedPayout(
  db: Database,
  provider: PaymentProvider,
  clock: Clock = systemClock,
): Promise<{ job: PayoutJob; result: PayResult } | null> {
  const job = await takeNextPayoutJob(db, clock);
  if (!job) return null;
  return { job, result: await runPayoutJob(db, provider, job, clock) };
}

/**
 * Where each of these withdrawals stands on the way to Paystack, for a list page's rows: queued,
 * being sent, or with a transfer of unknown outcome being checked (none: nothing in progress).
 */
export async function payoutStatesOf(
  db: Database,
  withdrawalIds: readonly string[],
): Promise<Map<string, "queued" | "sending" | "checking">> {
  if (withdrawalIds.length === 0) return new Map();
  const ids = [...withdrawalIds];
  const [open, unsettled] = await Promise.all([
    db
      .select({ withdrawalId: payoutJobs.withdrawalId, state: payoutJobs.state, outcome: payoutJobs.outcome })
      .from(payoutJobs)
      .where(and(inArray(payoutJobs.withdrawalId, ids), inArray(payoutJobs.state, ["queued", "sending"]))),
    db
      .select({ withdrawalId: providerTransfers.withdrawalId })
      .from(providerTransfers)
      .where(
        and(inArray(providerTransfers.withdrawalId, ids), inArray(providerTransfers.status, ["initiating", "unknown"])),
      ),
  ]);
  const states = new Map<string, "queued" | "sending" | "checking">();
  for (const t of unsettled) states.set(t.withdrawalId, "checking");
  for (const j of open) {
    // A job waiting on its earlier attempt is checking it, not sending.
    if (j.state === "queued") states.set(j.withdrawalId, "queued");
    else if (!states.has(j.withdrawalId) || j.outcome === null) states.set(j.withdrawalId, "sending");
  }
  return states;
}
