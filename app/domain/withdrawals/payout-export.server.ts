import { and, asc, eq, isNull, not, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { withdrawals } from "~/db/schema";
import { type Actor, recordAudit } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { DISPLAY_ID_ALPHABET, newDisplayId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import { payoutCsv } from "./payout-csv";
import { liveTransferExists } from "./live-transfer.server";

/**
 * Payout files for the bank's bulk-transfer upload, in batches, so that no withdrawal is ever in
 * two files (two files uploaded = paid twice).
 *
 * A download claims every processing withdrawal not yet in a file, in one statement:
 * `UPDATE withdrawals SET payout_batch = $batch, exported_at = now() WHERE status = 'processing'
 * AND payout_batch IS NULL RETURNING …`. On PostgreSQL two downloads at once each get disjoint
 * rows: the second waits for the first's row locks, re-checks `payout_batch IS NULL` and skips
 * what the first took. A withdrawal keeps its batch when completed; a batch can be downloaded
 * again (the same rows, the same file) when the first copy was lost — audited separately, and
 * the page warns that such a copy must never be uploaded a second time.
 *
 * The file: `name,bank,bank_code,account_number,net_amount,reference`, one row per withdrawal, in
 * the order processing started. Name is the account holder's name and the bank details are the
 * ones copied at request time; net_amount is amount − fee in naira ("1209.81"). RFC 4180 quoting
 * and spreadsheet-formula neutralising: see payout-csv.ts. It holds account numbers: serve it
 * with Cache-Control: no-store. Every download is audited with the references it contained.
 */

export type PayoutFile = {
  /** "PB" + 8 unambiguous characters. */
  batch: string;
  /** When the batch was first downloaded (a re-download keeps the original time). */
  exportedAt: Date;
  references: string[];
  csv: string;
};

/** Forbidden: the actor lacks manage_withdrawals (nothing is claimed or audited). */
export type ExportPayoutsResult = { status: "ok"; file: PayoutFile } | { status: "nothing-new" } | Forbidden;
export type ReexportPayoutsResult = { status: "ok"; file: PayoutFile } | { status: "not-found" } | Forbidden;

const BATCH_PATTERN = new RegExp(`^PB[${DISPLAY_ID_ALPHABET}]{8}$`);
/** Whether `value` has the form of a payout batch ("PB" + 8 display characters). */
export const isPayoutBatch = (value: string) => BATCH_PATTERN.test(value);

const fileColumns = {
  id: withdrawals.id,
  accountHolderName: withdrawals.accountHolderName,
  bankName: withdrawals.bankName,
  bankCode: withdrawals.bankCode,
  accountNumber: withdrawals.accountNumber,
  amountKobo: withdrawals.amountKobo,
  feeKobo: withdrawals.feeKobo,
  reference: withdrawals.reference,
  status: withdrawals.status,
  requestedAt: withdrawals.requestedAt,
  processingAt: withdrawals.processingAt,
  exportedAt: withdrawals.exportedAt,
};
type FileRow = {
  id: string;
  accountHolderName: string;
  bankName: string;
  bankCode: string;
  accountNumber: string;
  amountKobo: Kobo;
  feeKobo: Kobo;
  reference: string;
  requestedAt: Date;
  processingAt: Date | null;
};

const time = (d: Date | null) => d?.getTime() ?? 0;
/** The order processing started (then requested, then id): the same for a batch every time. */
const fileOrder = (a: FileRow, b: FileRow) =>
  time(a.processingAt) - time(b.processingAt) ||
  a.requestedAt.getTime() - b.requestedAt.getTime() ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function fileOf(batch: string, exportedAt: Date, rows: FileRow[]): PayoutFile {
  const sorted = [...rows].sort(fileOrder);
  return {
    batch,
    exportedAt,
    references: sorted.map((row) => row.reference),
    csv: payoutCsv(
      sorted.map((row) => ({
        accountHolderName: row.accountHolderName,
        bankName: row.bankName,
        bankCode: row.bankCode,
        accountNumber: row.accountNumber,
        netKobo: row.amountKobo - row.feeKobo,
        reference: row.reference,
      })),
    ),
  };
}

/** A batch name no withdrawal carries yet (8 random characters: a clash is a 1 in 10¹² event, but cheap to rule out). */
async function freshBatch(tx: Database): Promise<string> {
  for (;;) {
    const batch = newDisplayId("PB");
    const [taken] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.payoutBatch, batch))
      .limit(1);
    if (!taken) return batch;
  }
}

/**
 * "Download payout CSV": claims every processing withdrawal that is in no file yet into a new
 * batch and returns its file, audited (`withdrawal.export_payouts` with the batch and the
 * references). "nothing-new" (and nothing written) when there is none.
 */
export async function exportNewPayouts(db: Database, actor: Actor): Promise<ExportPayoutsResult> {
  if (!hasPermission(actor, "manage_withdrawals")) return FORBIDDEN;
  return db.transaction(async (tx): Promise<ExportPayoutsResult> => {
    const batch = await freshBatch(tx);
    const candidates = and(eq(withdrawals.status, "processing"), isNull(withdrawals.payoutBatch));
    // Lock them first: a transfer through the provider claimed under one of these locks has
    // committed before the update below reads, so the update (a new snapshot) sees it and skips it.
    await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(candidates)
      .orderBy(asc(withdrawals.id))
      .for("update");
    const claimed = await tx
      .update(withdrawals)
      .set({
        payoutBatch: batch,
        exportedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(candidates, not(liveTransferExists(withdrawals.id))))
      .returning(fileColumns);
    if (claimed.length === 0) return { status: "nothing-new" };
    const file = fileOf(batch, claimed[0]!.exportedAt!, claimed);
    await recordAudit(tx, {
      actor,
      action: "withdrawal.export_payouts",
      targetType: "withdrawal",
      after: {
        batch,
        count: file.references.length,
        references: file.references,
      },
    });
    return { status: "ok", file };
  });
}

/**
 * "Download again": the file of an earlier batch, the same rows in the same order as the first
 * time (including those completed since), for an admin who lost it. Audited as
 * `withdrawal.reexport_payouts`, naming which of them are already completed. "not-found" for a
 * batch that does not exist.
 */
export async function reexportPayoutBatch(db: Database, actor: Actor, batch: string): Promise<ReexportPayoutsResult> {
  if (!hasPermission(actor, "manage_withdrawals")) return FORBIDDEN;
  if (!isPayoutBatch(batch)) return { status: "not-found" };
  return db.transaction(async (tx): Promise<ReexportPayoutsResult> => {
    const rows = await tx
      .select(fileColumns)
      .from(withdrawals)
      .where(eq(withdrawals.payoutBatch, batch))
      .orderBy(asc(withdrawals.id));
    if (rows.length === 0) return { status: "not-found" };
    const file = fileOf(batch, rows[0]!.exportedAt!, rows);
    await recordAudit(tx, {
      actor,
      action: "withdrawal.reexport_payouts",
      targetType: "withdrawal",
      after: {
        batch,
        count: file.references.length,
        references: file.references,
        completed: rows.filter((row) => row.status === "completed").map((row) => row.reference),
        exportedAt: file.exportedAt.toISOString(),
      },
    });
    return { status: "ok", file };
  });
}

/** Processing withdrawals not yet in a payout file (what the next download takes) and those already in one. */
export async function payoutExportCounts(db: Database): Promise<{ unexported: number; exported: number }> {
  const [row] = await db
    .select({
      unexported:
        sql<number>`count(*) filter (where ${withdrawals.payoutBatch} is null and not ${liveTransferExists(withdrawals.id)})`.mapWith(
          Number,
        ),
      exported: sql<number>`count(*) filter (where ${withdrawals.payoutBatch} is not null)`.mapWith(Number),
    })
    .from(withdrawals)
    .where(eq(withdrawals.status, "processing"));
  return row ?? { unexported: 0, exported: 0 };
}
