import { and, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { ledgerAccounts, ledgerTransfers } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";
import { DAY_MS, lagosDaysEnding, lagosDayStart } from "~/lib/lagos-time";

export type DailyEarning = {
  /** The Africa/Lagos calendar day, "YYYY-MM-DD". */
  day: string;
  advertKobo: Kobo;
  referralKobo: Kobo;
  totalKobo: Kobo;
};

/** The Lagos calendar day of a transfer, computed by the database. */
const lagosDayOfTransfer = sql<string>`((${ledgerTransfers.createdAt} at time zone 'Africa/Lagos')::date)::text`;

/**
 * Rewards credited to a member's available account between two instants, summed per Lagos day and
 * kind. Bounded by `created_at` so that only the window's transfers are read (the credit
 * account's index, ledger_transfers_credit_kind_idx, finds the member's rewards).
 */
function selectDaily(db: Database, userId: unknown, from: unknown, to: unknown) {
  return db
    .select({
      day: lagosDayOfTransfer,
      kind: ledgerTransfers.kind,
      total: sql<string>`sum(${ledgerTransfers.amountKobo})::text`,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.creditAccountId))
    .where(
      and(
        eq(ledgerAccounts.userId, userId as string),
        eq(ledgerAccounts.kind, "user_available"),
        inArray(ledgerTransfers.kind, ["advert_reward", "referral_reward"]),
        gte(ledgerTransfers.createdAt, from as Date),
        lt(ledgerTransfers.createdAt, to as Date),
      ),
    )
    .groupBy(lagosDayOfTransfer, ledgerTransfers.kind);
}

const dailyEarningsQuery = preparedPerDatabase((db) =>
  selectDaily(db, sql.placeholder("userId"), sql.placeholder("from"), sql.placeholder("to")).prepare("daily_earnings"),
);

/** The statement dailyEarnings runs, with its values in place (to EXPLAIN it). */
export function dailyEarningsSql(db: Database, userId: string, from: Date, to: Date): SQL {
  return selectDaily(db, userId, from, to).getSQL();
}

/**
 * What a member earned on each of the last `days` Africa/Lagos calendar days, today included,
 * oldest first and zero-filled: the advert and referral rewards credited to their available
 * account (the same money as earnedTotals, per day).
 */
export async function dailyEarnings(
  db: Database,
  userId: string,
  days = 14,
  now: Date = new Date(),
): Promise<DailyEarning[]> {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`dailyEarnings: days must be a positive integer`);
  const window = lagosDaysEnding(now, days);
  const from = lagosDayStart(window[0]!);
  const to = new Date(lagosDayStart(window[days - 1]!).getTime() + DAY_MS); // the end of today
  const rows = await dailyEarningsQuery(db).execute({ userId, from: from.toISOString(), to: to.toISOString() });
  const of = (day: string, kind: string): Kobo =>
    BigInt(rows.find((r) => r.day === day && r.kind === kind)?.total ?? "0");
  return window.map((day) => {
    const advertKobo = of(day, "advert_reward");
    const referralKobo = of(day, "referral_reward");
    return { day, advertKobo, referralKobo, totalKobo: advertKobo + referralKobo };
  });
}
