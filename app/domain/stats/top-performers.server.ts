import { type SQL, sql } from "drizzle-orm";
import { type Database, rowsOf } from "~/db/client.server";
import type { Kobo } from "~/domain/shared/money";
import { lagosDay, lagosMonth, lagosWeek, lagosYear } from "~/lib/lagos-time";

export const TOP_PERFORMER_PERIODS = ["week", "month", "year"] as const;
export type TopPerformerPeriod = (typeof TOP_PERFORMER_PERIODS)[number];

export type TopPerformer = {
  rank: number;
  name: string;
  displayId: string;
  /** What the member earned within the period (advert + referral rewards). */
  amountKobo: Kobo;
};

export type TopPerformers = {
  period: TopPerformerPeriod;
  /** The period's first instant and the next period's (Africa/Lagos calendar). */
  start: Date;
  end: Date;
  rows: TopPerformer[];
};

export const TOP_PERFORMERS_LIMIT = 5;

const PERIOD_BOUNDS: Record<TopPerformerPeriod, (at: Date) => { start: Date; end: Date }> = {
  week: lagosWeek,
  month: lagosMonth,
  year: lagosYear,
};

/**
 * The statement topPerformers runs for the period starting at `start` (exported to EXPLAIN it).
 * `nulls last` as in the rank index (amounts are never null): with the index's own order the
 * planner reads the period's first rows and stops, where `desc` alone (nulls first) made it read
 * and sort the whole period — 100,000 rows for a year at bench scale.
 */
export function topPerformersSql(period: TopPerformerPeriod, start: Date): SQL {
  return sql`
    select u.name, u.display_id, e.amount_kobo::text as amount_kobo
      from member_period_earnings e
      join users u on u.id = e.user_id and u.role = 'user'
     where e.period = ${period}
       and e.period_start = ${lagosDay(start)}::date
     order by e.amount_kobo desc nulls last, e.reached_at asc, u.display_id asc
     limit ${TOP_PERFORMERS_LIMIT}`;
}

/**
 * The members (role `user`; staff are never listed) who earned the most within the Africa/Lagos
 * week (from Sunday), month or year holding `now`: the advert and referral rewards credited to
 * their available account in that period. Withdrawals and upgrade payments do not lower it
 * (earnings are a history, as in earnedTotals). Ties go to whoever reached the amount first (the
 * earlier latest credit), then to the display ID so the order never flickers.
 *
 * Read from member_period_earnings (migration 0016: kept by a trigger in the same transaction as
 * each transfer, checked against the ledger by reconcile), by its rank index: the period's first
 * rows, whatever the size of the ledger. Aggregating the transfers instead read the whole year's
 * rows on the Yearly tab (a sequential scan of ledger_transfers at a million transfers).
 */
export async function topPerformers(
  db: Database,
  period: TopPerformerPeriod,
  now: Date = new Date(),
): Promise<TopPerformers> {
  const { start, end } = PERIOD_BOUNDS[period](now);
  const result = await db.execute(topPerformersSql(period, start));
  const rows = rowsOf<{ name: string; display_id: string; amount_kobo: string }>(result);
  return {
    period,
    start,
    end,
    rows: rows.map((row, i) => ({
      rank: i + 1,
      name: row.name,
      displayId: row.display_id,
      amountKobo: BigInt(row.amount_kobo),
    })),
  };
}
