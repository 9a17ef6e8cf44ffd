import { aliasedTable, and, desc, eq, gt, inArray, isNotNull, max, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { payoutJobs, type PayoutJob, providerTransfers, type ProviderTransfer, users, withdrawals } from "~/db/schema";
import { formatKobo } from "~/domain/shared/money";
import { formatLagosDateTime } from "~/lib/lagos-time";
import {
  PAYOUT_PROGRESS_NOTES,
  payoutProgressOf,
  type PayoutBatchView,
  type PayoutProgress,
  type PayoutProgressRowView,
} from "./payout-progress";
import { TRANSFER_FAILURE_REASONS } from "./settle-transfer.server";

/** The panel shows the admins' presses of the last day, newest first, at most this many. */
const BATCHES_SHOWN = 3;
const SHOWN_FOR_MS = 24 * 60 * 60 * 1000;

const queuedBy = aliasedTable(users, "queued_by");

/** The latest presses of "Pay via Paystack" / "Pay selected", each withdrawal with where it stands now. */
export async function listPayoutProgress(db: Database, now: Date = new Date()): Promise<PayoutBatchView[]> {
  const batches = await db
    .select({ batchId: payoutJobs.batchId, queuedAt: max(payoutJobs.queuedAt) })
    .from(payoutJobs)
    .where(and(isNotNull(payoutJobs.queuedById), gt(payoutJobs.queuedAt, new Date(now.getTime() - SHOWN_FOR_MS))))
    .groupBy(payoutJobs.batchId)
    .orderBy(desc(max(payoutJobs.queuedAt)))
    .limit(BATCHES_SHOWN);
  if (batches.length === 0) return [];
  const rows = await db
    .select({
      jobId: payoutJobs.id,
      batchId: payoutJobs.batchId,
      state: payoutJobs.state,
      leaseUntil: payoutJobs.leaseUntil,
      outcome: payoutJobs.outcome,
      message: payoutJobs.message,
      queuedAt: payoutJobs.queuedAt,
      queuedByName: sql<string | null>`(${db
        .select({ name: queuedBy.name })
        .from(queuedBy)
        .where(eq(queuedBy.id, payoutJobs.queuedById))})`,
      withdrawalId: withdrawals.id,
      reference: withdrawals.reference,
      userId: withdrawals.userId,
      userName: users.name,
      amountKobo: withdrawals.amountKobo,
      feeKobo: withdrawals.feeKobo,
      attemptStatus: providerTransfers.status,
      transferCode: providerTransfers.transferCode,
      failureReason: providerTransfers.failureReason,
    })
    .from(payoutJobs)
    .innerJoin(withdrawals, eq(withdrawals.id, payoutJobs.withdrawalId))
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(providerTransfers, eq(providerTransfers.id, payoutJobs.transferId))
    .where(
      inArray(
        payoutJobs.batchId,
        batches.map((b) => b.batchId),
      ),
    )
    .orderBy(payoutJobs.queuedAt, withdrawals.reference);
  return batches.map((b) => {
    const jobs = rows.filter((r) => r.batchId === b.batchId);
    const shown = jobs.map((r): PayoutProgressRowView => {
      const progress = progressNow(r, now);
      return {
        jobId: r.jobId,
        reference: r.reference,
        userId: r.userId,
        userName: r.userName,
        net: formatKobo(r.amountKobo - r.feeKobo),
        progress,
        detail: detailOf(progress, r),
      };
    });
    return {
      batchId: b.batchId,
      queuedAtText: formatLagosDateTime(jobs[0]?.queuedAt ?? now),
      queuedByName: jobs[0]?.queuedByName ?? "",
      rows: shown,
      open: jobs.filter((r) => r.state !== "done").length,
    };
  });
}

/** Where one job stands at `now`: its state, or its transfer's once sent. */
function progressNow(
  r: Pick<PayoutJob, "state" | "leaseUntil" | "outcome"> & {
    attemptStatus: ProviderTransfer["status"] | null;
    failureReason: string | null;
  },
  now: Date,
): PayoutProgress {
  const leaseExpired = r.state === "sending" && r.leaseUntil !== null && r.leaseUntil < now;
  const neverSent = r.failureReason === TRANSFER_FAILURE_REASONS.neverSent;
  return payoutProgressOf({ ...r, leaseExpired }, r.attemptStatus, neverSent);
}

/**
 * Where each of these payout jobs stands now, whenever it was queued (the audit log shows it
 * beside the press or automatic payout that queued it): job id → progress; an unknown id is left out.
 */
export async function payoutProgressOfJobs(
  db: Database,
  jobIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, PayoutProgress>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .select({
      jobId: payoutJobs.id,
      state: payoutJobs.state,
      leaseUntil: payoutJobs.leaseUntil,
      outcome: payoutJobs.outcome,
      attemptStatus: providerTransfers.status,
      failureReason: providerTransfers.failureReason,
    })
    .from(payoutJobs)
    .leftJoin(providerTransfers, eq(providerTransfers.id, payoutJobs.transferId))
    .where(inArray(payoutJobs.id, [...new Set(jobIds)]));
  return new Map(rows.map((r) => [r.jobId, progressNow(r, now)]));
}

function detailOf(
  progress: PayoutProgress,
  r: { message: string | null; transferCode: string | null; failureReason: string | null },
): string {
  switch (progress) {
    case "sent":
      return `Transfer ${r.transferCode ?? ""}: waiting for Paystack to confirm the payment.`;
    case "paid":
      return `Transfer ${r.transferCode ?? ""} paid.`;
    case "not-paid":
      return r.failureReason ?? r.message ?? "The transfer was not paid.";
    case "not-sent":
      return r.message ?? "Nothing was sent.";
    default:
      return PAYOUT_PROGRESS_NOTES[progress];
  }
}
