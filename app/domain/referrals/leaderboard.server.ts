import { and, asc, count, eq, gte, lt, max, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { referrals, users } from "~/db/schema";
import { lagosMonth, lagosWeek, lagosYear } from "~/lib/lagos-time";
import { LEADERBOARD_SIZE, leaderboardName, type LeaderboardPeriod, type LeaderboardRow } from "./leaderboard-periods";

export { LEADERBOARD_PERIODS, LEADERBOARD_SIZE, leaderboardPeriod } from "./leaderboard-periods";
export type { LeaderboardPeriod, LeaderboardRow } from "./leaderboard-periods";

const PERIOD_RANGE: Record<LeaderboardPeriod, (at: Date) => { start: Date; end: Date }> = {
  week: lagosWeek,
  month: lagosMonth,
  year: lagosYear,
};

export type ReferralLeaderboard = {
  period: LeaderboardPeriod;
  /** The period's first instant and the next period's (Africa/Lagos calendar). */
  start: Date;
  end: Date;
  /** The top five, best first; members tied on a count in the order they reached it, then by name. */
  rows: LeaderboardRow[];
  /** The member's own place: rank null (Unranked) without an approved referral in the period. */
  me: { rank: number | null; approvedReferrals: number; listed: boolean };
  /** Members ranked in the period (those with at least one approved referral). */
  rankedMembers: number;
};

/**
 * The referral leaderboard of the week (starting Sunday), month or year holding `now`, in the
 * Africa/Lagos calendar: members (role user) ranked by their referrals approved within the
 * period, each named for members by first name and last-name initial (leaderboardName). Staff referrers are never ranked; pending, held and voided referrals do not count.
 * The one definition of a referral rank: the dashboard's Weekly Rank is this board's week.
 */
export async function referralLeaderboard(
  db: Database,
  period: LeaderboardPeriod,
  userId: string,
  now: Date = new Date(),
): Promise<ReferralLeaderboard> {
  const { start, end } = PERIOD_RANGE[period](now);
  const found = await leaderboardQuery(db).execute({
    start: start.toISOString(),
    end: end.toISOString(),
    userId,
    size: LEADERBOARD_SIZE,
  });
  const rows = found
    .filter((r) => r.position <= LEADERBOARD_SIZE)
    .map((r) => ({
      rank: r.rank,
      name: leaderboardName(r.name),
      approvedReferrals: r.approved,
      isMe: r.referrerId === userId,
    }));
  const mine = found.find((r) => r.referrerId === userId);
  return {
    period,
    start,
    end,
    rows,
    me: mine
      ? { rank: mine.rank, approvedReferrals: mine.approved, listed: mine.position <= LEADERBOARD_SIZE }
      : { rank: null, approvedReferrals: 0, listed: false },
    rankedMembers: found[0]?.rankedMembers ?? 0,
  };
}

/**
 * The top of the board and the member's own row, in one round trip: the counting and ranking
 * happen in the database, and at most six rows come back however many members are ranked.
 */
const leaderboardQuery = preparedPerDatabase((db) => {
  const counted = db.$with("period_counts").as(
    db
      .select({
        referrerId: referrals.referrerId,
        name: users.name,
        approved: count().as("approved"),
        // When the member reached their count: the latest of their approvals in the period.
        reachedAt: max(referrals.approvedAt).as("reached_at"),
      })
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
      .groupBy(referrals.referrerId, users.name),
  );
  const ranked = db.$with("ranked").as(
    db
      .select({
        referrerId: counted.referrerId,
        name: counted.name,
        approved: counted.approved,
        rank: sql<number>`rank() over (order by ${counted.approved} desc)`.as("rank"),
        position:
          sql<number>`row_number() over (order by ${counted.approved} desc, ${counted.reachedAt} asc, ${counted.name} asc, ${counted.referrerId} asc)`.as(
            "position",
          ),
        rankedMembers: sql<number>`count(*) over ()`.as("ranked_members"),
      })
      .from(counted),
  );
  return db
    .with(counted, ranked)
    .select({
      referrerId: ranked.referrerId,
      name: ranked.name,
      approved: sql<number>`${ranked.approved}`.mapWith(Number),
      rank: sql<number>`${ranked.rank}`.mapWith(Number),
      position: sql<number>`${ranked.position}`.mapWith(Number),
      rankedMembers: sql<number>`${ranked.rankedMembers}`.mapWith(Number),
    })
    .from(ranked)
    .where(or(sql`${ranked.position} <= ${sql.placeholder("size")}`, eq(ranked.referrerId, sql.placeholder("userId"))))
    .orderBy(asc(ranked.position))
    .prepare("referral_leaderboard");
});
