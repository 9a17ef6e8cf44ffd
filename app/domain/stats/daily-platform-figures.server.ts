import { and, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { ledgerTransfers, users } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";
import { lagosDayStart, lagosDaysEnding } from "~/lib/lagos-time";

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

const DAY_MS = 24 * 60 * 60 * 1000; // a Lagos day: no daylight saving

const PLATFORM_KINDS = ["advert_reward", "referral_reward", "withdrawal_payout"] as const;

const lagosDayOfTransfer = sql<string>`((${ledgerTransfers.createdAt} at time zone 'Africa/Lagos')::date)::text`;
const lagosDayOfUser = sql<string>`((${users.createdAt} at time zone 'Africa/Lagos')::date)::text`;

/**
 * The platform's money per Lagos day and kind, from the ledger. Completed withdrawals are the
 * `withdrawal_payout` transfers (held → bank payouts, posted when an admin marks a withdrawal
 * paid): the amount paid out, without the fee. The ledger is the record of money, so it is read
 * rather than the withdrawals' status. Bounded by `created_at` (ledger_transfers_created_at_idx).
 */
function selectTransfers(db: Database, from: unknown, to: unknown) {
  return db
    .select({
      day: lagosDayOfTransfer,
      kind: ledgerTransfers.kind,
      total: sql<string>`sum(${ledgerTransfers.amountKobo})::text`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        inArray(ledgerTransfers.kind, [...PLATFORM_KINDS]),
        gte(ledgerTransfers.createdAt, from as Date),
        lt(ledgerTransfers.createdAt, to as Date),
      ),
    )
    .groupBy(lagosDayOfTransfer, ledgerTransfers.kind);
}

/** Members registered per Lagos day, bounded by `created_at` (users_created_at_idx). */
function selectNewMembers(db: Database, from: unknown, to: unknown) {
  return db
    .select({ day: lagosDayOfUser, count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, "user"), gte(users.createdAt, from as Date), lt(users.createdAt, to as Date)))
    .groupBy(lagosDayOfUser);
}

const transfersQuery = preparedPerDatabase((db) =>
  selectTransfers(db, sql.placeholder("from"), sql.placeholder("to")).prepare("daily_platform_transfers"),
);
const newMembersQuery = preparedPerDatabase((db) =>
  selectNewMembers(db, sql.placeholder("from"), sql.placeholder("to")).prepare("daily_new_members"),
);

/** The statements dailyPlatformFigures runs, with their values in place (to EXPLAIN them). */
export function dailyPlatformFiguresSql(db: Database, from: Date, to: Date): { transfers: SQL; newMembers: SQL } {
  return { transfers: selectTransfers(db, from, to).getSQL(), newMembers: selectNewMembers(db, from, to).getSQL() };
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
  const window = lagosDaysEnding(now, days);
  const from = lagosDayStart(window[0]!).toISOString();
  const to = new Date(lagosDayStart(window[days - 1]!).getTime() + DAY_MS).toISOString(); // the end of today
  const [transfers, members] = await Promise.all([
    transfersQuery(db).execute({ from, to }),
    newMembersQuery(db).execute({ from, to }),
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
