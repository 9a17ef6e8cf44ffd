import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { adverts, advertViews } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";

export type EarningsHistoryRow = { viewId: string; earnedAt: Date; advertTitle: string; amountKobo: Kobo };

/** The member's rewarded advert views, newest first (the profile's Earnings history). */
export async function advertEarningsHistory(
  db: Database,
  userId: string,
  options: { limit?: number } = {},
): Promise<EarningsHistoryRow[]> {
  const rows = await db
    .select({
      viewId: advertViews.id,
      earnedAt: advertViews.claimedAt,
      advertTitle: adverts.title,
      amountKobo: advertViews.rewardKobo,
    })
    .from(advertViews)
    .innerJoin(adverts, eq(adverts.id, advertViews.advertId))
    .where(and(eq(advertViews.userId, userId), isNotNull(advertViews.claimedAt)))
    .orderBy(desc(advertViews.claimedAt), desc(advertViews.id))
    .limit(Math.min(Math.max(1, options.limit ?? 50), 200));
  // claimed_at and reward_kobo are set together (a CHECK constraint), so neither is null here.
  return rows.map((r) => ({ ...r, earnedAt: r.earnedAt!, amountKobo: r.amountKobo! }));
}
