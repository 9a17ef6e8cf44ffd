import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { advertiserProfiles, advertViews, campaigns } from "~/db/schema";

/** The business behind an advertiser account: its name and where its approval stands. */
export async function findAdvertiserProfile(db: Database, advertiserId: string) {
  const [row] = await db
    .select({
      businessName: advertiserProfiles.businessName,
      status: advertiserProfiles.status,
      rejectionReason: advertiserProfiles.rejectionReason,
    })
    .from(advertiserProfiles)
    .where(eq(advertiserProfiles.userId, advertiserId));
  return row ?? null;
}

/** At most this many campaigns are listed (newest first). */
export const ADVERTISER_CAMPAIGNS_LIMIT = 200;

/**
 * An advertiser's campaigns, newest first, each with its verified views so far (the claimed
 * views of its advert, counted from advert_views, not the advert's counter).
 */
export async function listAdvertiserCampaigns(db: Database, advertiserId: string) {
  const views = db
    .select({ advertId: advertViews.advertId, n: sql<number>`count(*)::int`.as("n") })
    .from(advertViews)
    .innerJoin(campaigns, eq(campaigns.advertId, advertViews.advertId))
    .where(and(eq(campaigns.advertiserId, advertiserId), isNotNull(advertViews.claimedAt)))
    .groupBy(advertViews.advertId)
    .as("views");
  return db
    .select({
      id: campaigns.id,
      reference: campaigns.reference,
      title: campaigns.title,
      status: campaigns.status,
      viewsWanted: campaigns.viewsWanted,
      viewsDone: sql<number>`coalesce(${views.n}, 0)::int`,
      budgetKobo: campaigns.budgetKobo,
      createdAt: campaigns.createdAt,
      startsAt: campaigns.startsAt,
      activatedAt: campaigns.activatedAt,
    })
    .from(campaigns)
    .leftJoin(views, eq(views.advertId, campaigns.advertId))
    .where(eq(campaigns.advertiserId, advertiserId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(ADVERTISER_CAMPAIGNS_LIMIT);
}
