import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { referrals } from "~/db/schema";
import { referralLeaderboard } from "./leaderboard.server";

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
 * starting Sunday, Africa/Lagos calendar): the week of `referralLeaderboard`, so the dashboard
 * and the /referrals leaderboard always agree. Only members (role user) with at least one
 * referral approved this week are ranked; everyone else is Unranked.
 */
export async function weeklyReferralRank(db: Database, userId: string, now: Date = new Date()): Promise<WeeklyRank> {
  const { me, rankedMembers } = await referralLeaderboard(db, "week", userId, now);
  return { rank: me.rank, referrals: me.approvedReferrals, rankedMembers };
}

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
