import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "~/db/client.server";
import type { Kobo } from "~/domain/shared/money";
import { lagosMonth, lagosWeek, lagosYear } from "~/lib/lagos-time";

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
 * The members (role `user`; staff are never listed) who earned the most within the Africa/Lagos
 * week (from Sunday), month or year holding `now`: the advert and referral rewards credited to
 * their available account with created_at in [start, end). Withdrawals and upgrade payments do not
 * lower it (earnings are a history, as in earnedTotals). Ties go to whoever reached the amount
 * first (the earlier latest credit), then to the display ID so the order never flickers.
 *
 * One aggregate (group by member, order, limit 5). The range on created_at is what narrows the
 * rows. EXPLAIN on PostgreSQL 15 with 5,000 transfers over a year (200 members): a week or a month
 * is an Index Scan using ledger_transfers_created_at_idx (the kind is a filter on those rows), each
 * hash-joined to its account and member, then a HashAggregate and a top-5 sort. A whole year is
 * most of that table, so the planner reads it sequentially instead. The (credit_account_id, kind)
 * index does not help: it is keyed by account, and this question spans every account within a
 * time range. If a year grows too slow at millions of transfers, per-day rollups are the next step.
 */
export async function topPerformers(
  db: Database,
  period: TopPerformerPeriod,
  now: Date = new Date(),
): Promise<TopPerformers> {
  const { start, end } = PERIOD_BOUNDS[period](now);
  const result = await db.execute(sql`
    select u.name, u.display_id, sum(t.amount_kobo)::text as amount_kobo
      from ledger_transfers t
      join ledger_accounts a on a.id = t.credit_account_id and a.kind = 'user_available'
      join users u on u.id = a.user_id and u.role = 'user'
     where t.kind in ('advert_reward', 'referral_reward')
       and t.created_at >= ${start.toISOString()}::timestamptz
       and t.created_at < ${end.toISOString()}::timestamptz
     group by u.id, u.name, u.display_id
     order by sum(t.amount_kobo) desc, max(t.created_at) asc, u.display_id asc
     limit ${TOP_PERFORMERS_LIMIT}`);
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
