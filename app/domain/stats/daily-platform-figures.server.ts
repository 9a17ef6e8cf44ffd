import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { dailyCounts, ledgerDailyTotals } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";
import { lagosDaysEnding } from "~/lib/lagos-time";

export type DailyPlatformFigure = {
  /** The Africa/Lagos calendar day, "YYYY-MM-DD". */
  day: string;
  advertRewardsKobo: Kobo;
  referralRewardsKobo: Kobo;
  /** What reached members' banks: the withdrawals completed that day, net of their fees. */
  withdrawalsCompletedKobo: Kobo;
  /** Members (role user) who registered that day; staff are not counted. */
  newMembers: number;
};

const PLATFORM_KINDS = ["advert_reward", "referral_reward", "withdrawal_payout"] as const;

/**
 * The platform's money per Lagos day and kind, from ledger_daily_totals (migration 0016: the
 * ledger's transfers summed per Lagos day and kind by a trigger in each transfer's transaction,
 * checked against the ledger by reconcile; its shards summed here). Completed withdrawals are the
 * `withdrawal_payout` transfers (held → bank payouts, posted when an admin marks a withdrawal
 * paid): the amount paid out, without the fee. The ledger is the record of money, so it is read
 * rather than the withdrawals' status. 30 days read at most 30 × kinds × 16 rows by the primary
 * key, however many transfers they hold.
 */
function selectTransfers(db: Database, firstDay: unknown, lastDay: unknown) {
  return db
    .select({
      day: sql<string>`${ledgerDailyTotals.day}::text`,
      kind: ledgerDailyTotals.kind,
      total: sql<string>`sum(${ledgerDailyTotals.amountKobo})::text`,
    })
    .from(ledgerDailyTotals)
    .where(
      and(
        inArray(ledgerDailyTotals.kind, [...PLATFORM_KINDS]),
        gte(ledgerDailyTotals.day, firstDay as string),
        lte(ledgerDailyTotals.day, lastDay as string),
      ),
    )
    .groupBy(ledgerDailyTotals.day, ledgerDailyTotals.kind);
}

/**
 * Members registered per Lagos day: the `members` counter of daily_counts (migration 0017, kept
 * by a trigger on users; a day's members are the rows created that day that are members now).
 */
function selectNewMembers(db: Database, firstDay: unknown, lastDay: unknown) {
  return db
    .select({ day: sql<string>`${dailyCounts.day}::text`, count: sql<number>`sum(${dailyCounts.change})::int` })
    .from(dailyCounts)
    .where(
      and(
        eq(dailyCounts.counter, "members"),
        gte(dailyCounts.day, firstDay as string),
        lte(dailyCounts.day, lastDay as string),
      ),
    )
    .groupBy(dailyCounts.day);
}

const transfersQuery = preparedPerDatabase((db) =>
  selectTransfers(db, sql.placeholder("firstDay"), sql.placeholder("lastDay")).prepare("daily_platform_transfers"),
);
const newMembersQuery = preparedPerDatabase((db) =>
  selectNewMembers(db, sql.placeholder("firstDay"), sql.placeholder("lastDay")).prepare("daily_new_members"),
);

/** The window of `days` Lagos days ending on `now`'s: the days, the first and the last. */
function daysWindow(now: Date, days: number) {
  const window = lagosDaysEnding(now, days);
  return { window, firstDay: window[0]!, lastDay: window[days - 1]! };
}

/** The statements dailyPlatformFigures runs, with their values in place (to EXPLAIN them). */
export function dailyPlatformFiguresSql(db: Database, days: number, now: Date): { transfers: SQL; newMembers: SQL } {
  const { firstDay, lastDay } = daysWindow(now, days);
  return {
    transfers: selectTransfers(db, firstDay, lastDay).getSQL(),
    newMembers: selectNewMembers(db, firstDay, lastDay).getSQL(),
  };
}

/**
 * The platform's figures for each of the last `days` Africa/Lagos calendar days, today included,
 * oldest first and zero-filled: advert and referral rewards paid, withdrawals completed (amount
 * paid out) and new members.
 */
export async function dailyPlatformFigures(
  db: Database,
  days = 30,
  now: Date = new Date(),
): Promise<DailyPlatformFigure[]> {
  if (!Number.isInteger(days) || days < 1)
    throw new RangeError(`dailyPlatformFigures: days must be a positive integer`);
  const { window, firstDay, lastDay } = daysWindow(now, days);
  const [transfers, members] = await Promise.all([
    transfersQuery(db).execute({ firstDay, lastDay }),
    newMembersQuery(db).execute({ firstDay, lastDay }),
  ]);
  const sum = (day: string, kind: (typeof PLATFORM_KINDS)[number]): Kobo =>
    BigInt(transfers.find((r) => r.day === day && r.kind === kind)?.total ?? "0");
  return window.map((day) => ({
    day,
    advertRewardsKobo: sum(day, "advert_reward"),
    referralRewardsKobo: sum(day, "referral_reward"),
    withdrawalsCompletedKobo: sum(day, "withdrawal_payout"),
    newMembers: Number(members.find((r) => r.day === day)?.count ?? 0),
  }));
}
