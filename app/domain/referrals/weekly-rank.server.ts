import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { referrals, users } from "~/db/schema";
import { lagosWeek } from "./lagos-week";

export type WeeklyRank = {
  /** 1 = most approved referrals this week; ties share a rank (1, 1, 3). Null: Unranked. */
  rank: number | null;
  /** The member's approved referrals this week. */
  referrals: number;
  /** Members ranked this week (those with at least one approved referral). */
  rankedMembers: number;
};

/**
 * The member's place on this week's referral leaderboard (spec §9: approved referrals, week
 * starting Sunday, Africa/Lagos calendar). Only members (role user) with at least one referral
 * approved this week are ranked; everyone else is Unranked.
 */
export async function weeklyReferralRank(db: Database, userId: string, now: Date = new Date()): Promise<WeeklyRank> {
  const { start, end } = lagosWeek(now);
  const rows = await weeklyCountsQuery(db).execute({ start: start.toISOString(), end: end.toISOString() });
  const mine = rows.find((r) => r.referrerId === userId)?.n ?? 0;
  if (mine === 0) return { rank: null, referrals: 0, rankedMembers: rows.length };
  const ahead = rows.filter((r) => r.n > mine).length;
  return { rank: ahead + 1, referrals: mine, rankedMembers: rows.length };
}

/** Approved referrals per member in [start, end): the dashboard reads it on every load. */
const weeklyCountsQuery = preparedPerDatabase((db) =>
  db
    .select({ referrerId: referrals.referrerId, n: count() })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .where(
      and(
        eq(referrals.status, "approved"),
        eq(users.role, "user"),
        gte(referrals.approvedAt, sql.placeholder("start")),
        lt(referrals.approvedAt, sql.placeholder("end")),
      ),
    )
    .groupBy(referrals.referrerId)
    .prepare("weekly_referral_counts"),
);

const approvedCountQuery = preparedPerDatabase((db) =>
  db
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, sql.placeholder("userId")), eq(referrals.status, "approved")))
    .prepare("approved_referral_count"),
);

/** Every referral of the member that has been approved (what the referral achievements count). */
export async function approvedReferralCount(db: Database, userId: string): Promise<number> {
  const [row] = await approvedCountQuery(db).execute({ userId });
  return row?.n ?? 0;
}
