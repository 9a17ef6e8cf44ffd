import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Database, rowsOf } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { ledgerAccounts, ledgerTransfers } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";

export type EarnedTotals = {
  /** Advert rewards paid into the member's available account. */
  advertKobo: Kobo;
  /** Referral rewards paid into the member's available account. */
  referralKobo: Kobo;
  /** Everything earned (advert + referral rewards); withdrawals do not lower it. */
  totalKobo: Kobo;
};

/** The kinds of transfer that are earnings: what earnedTotals sums and earningsHistory lists. */
export const EARNING_KINDS = ["advert_reward", "referral_reward"] as const;
export type EarningKind = (typeof EARNING_KINDS)[number];

const earnedTotalsQuery = preparedPerDatabase((db) =>
  db
    .select({
      kind: ledgerTransfers.kind,
      total: sql<string>`coalesce(sum(${ledgerTransfers.amountKobo}), 0)::text`,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.creditAccountId))
    .where(
      and(
        eq(ledgerAccounts.userId, sql.placeholder("userId")),
        eq(ledgerAccounts.kind, "user_available"),
        inArray(ledgerTransfers.kind, [...EARNING_KINDS]),
      ),
    )
    .groupBy(ledgerTransfers.kind)
    .prepare("earned_totals"),
);

/**
 * What a member has earned, read from the ledger: the sum of the advert_reward and
 * referral_reward transfers credited to their available account. Earnings are a history, not a
 * balance, so money later withdrawn still counts.
 */
export async function earnedTotals(db: Database, userId: string): Promise<EarnedTotals> {
  const rows = await earnedTotalsQuery(db).execute({ userId });
  const of = (kind: string): Kobo => BigInt(rows.find((r) => r.kind === kind)?.total ?? "0");
  const advertKobo = of("advert_reward");
  const referralKobo = of("referral_reward");
  return { advertKobo, referralKobo, totalKobo: advertKobo + referralKobo };
}

/**
 * The statement membersEarnedTotals runs (exported to EXPLAIN it): each listed member's year rows
 * of member_period_earnings, summed. Its primary key leads with (period, period_start), so the
 * years are listed (every year from the first to the last any member earned in: the rollup's
 * first and last year rows, two index probes) and the key is probed once per year and member —
 * a page's members only, whatever the size of the ledger or the members table.
 */
export function membersEarnedTotalsSql(userIds: readonly string[]): SQL {
  return sql`
    select e.user_id, sum(e.amount_kobo)::text as total_kobo
      from member_period_earnings e
     where e.period = 'year'
       and e.period_start = any(array(
             select generate_series(b.first_year, b.last_year, interval '1 year')::date
               from (select min(period_start) as first_year, max(period_start) as last_year
                       from member_period_earnings where period = 'year') b))
       and e.user_id in (${sql.join(
         userIds.map((id) => sql`${id}`),
         sql`, `,
       )})
     group by e.user_id`;
}

/**
 * What each of the given members has earned in all (totalKobo of earnedTotals: advert and
 * referral rewards credited to their available account), for a list of members such as a page
 * of Manage Users. Read from the yearly rows of the rollup kept beside the ledger
 * (member_period_earnings, decision 019; reconcile proves it equal to the ledger), never from an
 * aggregate of the ledger. Members who have earned nothing are absent from the map.
 */
export async function membersEarnedTotals(db: Database, userIds: readonly string[]): Promise<Map<string, Kobo>> {
  if (userIds.length === 0) return new Map();
  const rows = rowsOf<{ user_id: string; total_kobo: string }>(await db.execute(membersEarnedTotalsSql(userIds)));
  return new Map(rows.map((row) => [row.user_id, BigInt(row.total_kobo)]));
}
