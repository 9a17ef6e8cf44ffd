import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { referrals, users } from "~/db/schema";
import { lagosWeek } from "~/lib/lagos-time";

export type WeeklyRank = {
  /** 1 = most approved referrals this week; ties share a rank (1, 1, 3). Null: Unranked. */
  rank: number | null;
  /** The member's approved referrals this week. */
  referrals: number;
  /** Members ranked this week (those with at least one approved referral). */
  rankedMembers: number;
};

/**
 * The member's place on this week's referral leaderboard (approved referrals, week
 * starting Sunday, Africa/Lagos calendar). Only members (role user) with at least one referral
 * approved this week are ranked; everyone else is Unranked.
 */
export async function weeklyReferralRank(db: Database, userId: string, now: Date = new Date()): Promise<WeeklyRank> {
  const { start, end } = lagosWeek(now);
  const [row] = await weeklyRankQuery(db).execute({ start: start.toISOString(), end: end.toISOString(), userId });
  const { mine, ahead, ranked } = row ?? { mine: 0, ahead: 0, ranked: 0 };
  return { rank: mine === 0 ? null : ahead + 1, referrals: mine, rankedMembers: ranked };
}

/**
 * The member's approved referrals this week, how many members have more, and how many are
 * ranked, in one row: the leaderboard is counted in the database instead of shipping a row
 * per ranked member to every dashboard.
 */
const weeklyRankQuery = preparedPerDatabase((db) => {
  const weekly = db.$with("weekly").as(
    db
      .select({ referrerId: referrals.referrerId, approved: count().as("approved") })
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
      .groupBy(referrals.referrerId),
  );
  // Always one row (an aggregate without GROUP BY): 0 when the member has no referral this week.
  const mine = db.$with("mine").as(
    db
      .select({ approved: sql<string>`coalesce(max(${weekly.approved}), 0)`.as("mine_approved") })
      .from(weekly)
      .where(eq(weekly.referrerId, sql.placeholder("userId"))),
  );
  return db
    .with(weekly, mine)
    .select({
      mine: sql<number>`${mine.approved}`.mapWith(Number),
      ahead: sql<number>`count(${weekly.referrerId}) filter (where ${weekly.approved} > ${mine.approved})`.mapWith(
        Number,
      ),
      ranked: sql<number>`count(${weekly.referrerId})`.mapWith(Number),
    })
    .from(mine)
    .leftJoin(weekly, sql`true`)
    .groupBy(mine.approved)
    .prepare("weekly_referral_rank");
});

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
