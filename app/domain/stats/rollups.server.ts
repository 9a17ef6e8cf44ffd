import { and, gte, inArray, lte, sql } from "drizzle-orm";
import { type Database, rowsOf } from "~/db/client.server";
import { dailyCounts } from "~/db/schema";

export type DailyCounter = (typeof dailyCounts.$inferSelect)["counter"];

/**
 * The current totals of the given counters (daily_counts, migration 0017): members, pending
 * members, messages, referrals — each the sum of its days, a few rows per day by the primary key
 * instead of a count over the table.
 */
export async function counterTotals<C extends DailyCounter>(
  db: Database,
  counters: readonly C[],
): Promise<Record<C, number>> {
  const rows = await db
    .select({ counter: dailyCounts.counter, total: sql<number>`coalesce(sum(${dailyCounts.change}), 0)::int` })
    .from(dailyCounts)
    .where(inArray(dailyCounts.counter, [...counters]))
    .groupBy(dailyCounts.counter);
  return Object.fromEntries(counters.map((c) => [c, Number(rows.find((r) => r.counter === c)?.total ?? 0)])) as Record<
    C,
    number
  >;
}

/** A counter per Lagos day from `firstDay` to `lastDay` ("YYYY-MM-DD", both included); days without rows absent. */
export async function counterByDay(
  db: Database,
  counter: DailyCounter,
  firstDay: string,
  lastDay: string,
): Promise<{ day: string; count: number }[]> {
  return db
    .select({ day: sql<string>`${dailyCounts.day}::text`, count: sql<number>`sum(${dailyCounts.change})::int` })
    .from(dailyCounts)
    .where(and(sql`${dailyCounts.counter} = ${counter}`, gte(dailyCounts.day, firstDay), lte(dailyCounts.day, lastDay)))
    .groupBy(dailyCounts.day);
}

/** Every (counter, day) whose kept count differs from a count of its table (daily_counts_drift); [] when they agree. */
export async function dailyCountsDrift(
  db: Database,
): Promise<{ counter: DailyCounter; day: string; counted: number; kept: number }[]> {
  return rowsOf<{ counter: DailyCounter; day: string; counted: string; kept: string }>(
    await db.execute(sql`select counter, day::text, counted::text, kept::text from daily_counts_drift() order by 1, 2`),
  ).map((r) => ({ counter: r.counter, day: r.day, counted: Number(r.counted), kept: Number(r.kept) }));
}

/**
 * Folds the per-connection rows of the rollups (ledger_daily_totals, daily_counts) for the days
 * before yesterday (Lagos) into one row per day (ledger_rollups_compact, daily_counts_compact), so
 * that reading a month or all time stays a few rows per day. Run hourly by the app; safe beside
 * transfers and sign-ups, and when another process runs it at the same moment (one of them
 * folds, the other returns 0). Resolves with the number of rows folded.
 */
export async function compactRollups(db: Database): Promise<number> {
  const [row] = rowsOf<{ ledger: number; counts: number }>(
    await db.execute(sql`select ledger_rollups_compact() as ledger, daily_counts_compact() as counts`),
  );
  return Number(row?.ledger ?? 0) + Number(row?.counts ?? 0);
}
