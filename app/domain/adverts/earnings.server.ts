import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { advertViews, membershipTiers, users } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";
import { type Achievement, advertAchievements } from "./achievements";
import { lagosDay } from "~/lib/lagos-time";

export type UserEarningsSummary = {
  /** Everything the member has earned from adverts (the amounts recorded with the ledger transfers). */
  advertEarningsKobo: Kobo;
  /** Rewarded advert views ("Advert Clicks"). */
  advertViews: number;
  /** Rewarded views on today's Africa/Lagos day, and the tier's daily limit. */
  todayViews: number;
  dailyLimit: number;
  remainingToday: number;
  achievements: Achievement[];
};

const viewTotalsQuery = preparedPerDatabase((db) =>
  db
    .select({
      earned: sql<Kobo>`coalesce(sum(${advertViews.rewardKobo}), 0)::text`.mapWith((v: string) => BigInt(v)),
      views: sql<number>`count(*) filter (where ${advertViews.claimedAt} is not null)`.mapWith(Number),
      today: sql<number>`count(*) filter (where ${advertViews.lagosDay} = ${sql.placeholder("today")})`.mapWith(Number),
    })
    .from(advertViews)
    .where(eq(advertViews.userId, sql.placeholder("userId")))
    .prepare("advert_view_totals"),
);

const dailyLimitQuery = preparedPerDatabase((db) =>
  db
    .select({ dailyLimit: membershipTiers.dailyAdViews })
    .from(users)
    .innerJoin(membershipTiers, eq(membershipTiers.id, users.membershipTierId))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("member_daily_limit"),
);

/** The member's advert figures for the dashboard. */
export async function userEarningsSummary(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<UserEarningsSummary> {
  const today = lagosDay(now);
  const [[totals], [tier]] = await Promise.all([
    viewTotalsQuery(db).execute({ userId, today }),
    dailyLimitQuery(db).execute({ userId }),
  ]);
  const advertViewsCount = totals?.views ?? 0;
  const todayViews = totals?.today ?? 0;
  const dailyLimit = tier?.dailyLimit ?? 0;
  return {
    advertEarningsKobo: totals?.earned ?? 0n,
    advertViews: advertViewsCount,
    todayViews,
    dailyLimit,
    remainingToday: Math.max(0, dailyLimit - todayViews),
    achievements: advertAchievements(advertViewsCount),
  };
}
