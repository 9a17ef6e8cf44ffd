import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "~/db/client.server";

/**
 * Folds the per-connection rows of ledger_daily_totals for the days before yesterday (Lagos) into
 * one row per day and kind (migration 0016: ledger_rollups_compact), so that reading a month or
 * all time stays a few rows per day. Run hourly by the app; safe beside transfers, and when
 * another process runs it at the same moment (one of them folds, the other returns 0).
 * Resolves with the number of rows folded.
 */
export async function compactLedgerRollups(db: Database): Promise<number> {
  const [row] = rowsOf<{ folded: number }>(await db.execute(sql`select ledger_rollups_compact() as folded`));
  return Number(row?.folded ?? 0);
}
