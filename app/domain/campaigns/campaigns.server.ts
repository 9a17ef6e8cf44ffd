import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { advertiserProfiles, adverts, campaigns, type Campaign } from "~/db/schema";
import type { CampaignStatus } from "./rules";

// What every campaign step shares: the finders and the conditional status change (move, stop).
// Each verb lives in its own module beside this one; its money moves in money.server.ts.

/** An advertiser's own campaign, or null. */
export async function findAdvertiserCampaign(db: Database, advertiserId: string, campaignId: string) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.advertiserId, advertiserId)));
  return row ?? null;
}

export async function isApprovedAdvertiser(db: Database, advertiserId: string): Promise<boolean> {
  const [profile] = await db
    .select({ status: advertiserProfiles.status })
    .from(advertiserProfiles)
    .where(eq(advertiserProfiles.userId, advertiserId));
  return profile?.status === "approved";
}

/** Refusals of a step the campaign's current status does not allow. */
export type NotFound = { status: "not-found" };
export type Conflict = { status: "conflict"; current: CampaignStatus };

export type CampaignStepResult = { status: "ok"; campaign: Campaign } | NotFound | Conflict;

/**
 * Moves a campaign in one of `from` to a final status. A running one's advert is retired first
 * (the claim's lock order), so a claim in flight either committed before or finds it gone.
 * Twice at most: an activation that commits between the read and the update gives it an advert
 * the first pass did not retire (the update then matches nothing and locks nothing); the second
 * pass reads it and retires it first. A campaign is activated only once. A refusal writes nothing.
 */
export async function stop(
  tx: Database,
  target: { campaignId: string; advertiserId?: string },
  from: readonly CampaignStatus[],
  set: Partial<Campaign> & { status: CampaignStatus },
  now: Date,
): Promise<{ status: "ok"; campaign: Campaign; was: CampaignStatus } | NotFound | Conflict> {
  const { campaignId, advertiserId } = target;
  for (let pass = 0; pass < 2; pass++) {
    const [seen] = await tx
      .select({ advertId: campaigns.advertId, status: campaigns.status })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), advertiserId ? eq(campaigns.advertiserId, advertiserId) : undefined));
    if (!seen) return { status: "not-found" };
    if (!from.includes(seen.status)) return { status: "conflict", current: seen.status };
    if (seen.advertId) await retireAdvert(tx, seen.advertId, now);
    const changed = await move(tx, { ...target, advertId: seen.advertId }, [...from], { ...set, finishedAt: now }, now);
    if (changed) return { status: "ok", campaign: changed, was: seen.status };
    if (seen.advertId) break;
  }
  return notMoved(tx, campaignId, advertiserId);
}

/** Locks a running campaign's advert first (the claim's order) and takes it off the list. */
export async function retireAdvert(tx: Database, advertId: string, now: Date) {
  await tx.update(adverts).set({ isActive: false, updatedAt: now }).where(eq(adverts.id, advertId));
}

/** A conditional status change; null when the campaign is not (theirs and) in one of `from`. */
export async function move(
  tx: Database,
  /** advertId: only while its advert is still this one (null: none yet). */
  target: { campaignId: string; advertiserId?: string; advertId?: string | null },
  from: CampaignStatus[],
  set: Partial<Campaign> & { status: CampaignStatus },
  now: Date,
): Promise<Campaign | null> {
  const [changed] = await tx
    .update(campaigns)
    .set({ ...set, updatedAt: now })
    .where(
      and(
        eq(campaigns.id, target.campaignId),
        target.advertiserId ? eq(campaigns.advertiserId, target.advertiserId) : undefined,
        target.advertId === undefined
          ? undefined
          : target.advertId === null
            ? isNull(campaigns.advertId)
            : eq(campaigns.advertId, target.advertId),
        inArray(campaigns.status, from),
      ),
    )
    .returning();
  return changed ?? null;
}

export async function notMoved(tx: Database, campaignId: string, advertiserId?: string): Promise<NotFound | Conflict> {
  const [row] = await tx
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), advertiserId ? eq(campaigns.advertiserId, advertiserId) : undefined));
  return row ? { status: "conflict", current: row.status } : { status: "not-found" };
}
