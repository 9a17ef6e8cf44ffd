import { and, count, eq, gte, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
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
  const rows = await db
    .select({ referrerId: referrals.referrerId, n: count() })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .where(
      and(
        eq(referrals.status, "approved"),
        eq(users.role, "user"),
        gte(referrals.approvedAt, start),
        lt(referrals.approvedAt, end),
      ),
    )
    .groupBy(referrals.referrerId);
  const mine = rows.find((r) => r.referrerId === userId)?.n ?? 0;
  if (mine === 0) return { rank: null, referrals: 0, rankedMembers: rows.length };
  const ahead = rows.filter((r) => r.n > mine).length;
  return { rank: ahead + 1, referrals: mine, rankedMembers: rows.length };
}

/** Every referral of the member that has been approved (what the referral achievements count). */
export async function approvedReferralCount(db: Database, userId: string): Promise<number> {
  return db.$count(referrals, and(eq(referrals.referrerId, userId), eq(referrals.status, "approved")));
}
