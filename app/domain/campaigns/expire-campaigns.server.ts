import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaigns } from "~/db/schema";
import { move, refundEscrow, retireAdvert, stop } from "./campaigns.server";

/**
 * Completes the running campaigns whose end date has passed, returning what their escrow still
 * holds to the advertiser (run every minute by the server, and safe to run from several at
 * once: each campaign completes in its own transaction, once). Returns how many it completed.
 */
export async function completeEndedCampaigns(db: Database, now: Date = new Date()): Promise<number> {
  const ended = await db
    .select({ id: campaigns.id, advertId: campaigns.advertId })
    .from(campaigns)
    .where(and(eq(campaigns.status, "active"), isNotNull(campaigns.endsAt), lte(campaigns.endsAt, now)))
    .limit(100);
  let completed = 0;
  for (const campaign of ended) {
    const done = await db.transaction(async (tx) => {
      await retireAdvert(tx, campaign.advertId!, now);
      const changed = await move(
        tx,
        { campaignId: campaign.id },
        ["active"],
        { status: "completed", finishedAt: now },
        now,
      );
      if (!changed) return false;
      await refundEscrow(tx, changed);
      return true;
    });
    if (done) completed += 1;
  }
  return completed;
}

/**
 * Cancels the campaigns whose last day passed before they ever ran (awaiting payment, or paid and
 * still in review), returning a paid one's escrow to the advertiser: they can no longer be
 * activated, and their money should not wait for someone to notice. Run with
 * completeEndedCampaigns; each in its own transaction, once. Returns how many it cancelled.
 */
export async function cancelExpiredCampaigns(db: Database, now: Date = new Date()): Promise<number> {
  const expired = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        inArray(campaigns.status, ["awaiting_payment", "in_review"]),
        isNotNull(campaigns.endsAt),
        lte(campaigns.endsAt, now),
      ),
    )
    .limit(100);
  let cancelled = 0;
  for (const campaign of expired) {
    const done = await db.transaction(async (tx) => {
      const stopped = await stop(
        tx,
        { campaignId: campaign.id },
        ["awaiting_payment", "in_review"],
        { status: "cancelled" },
        now,
      );
      if (stopped.status !== "ok") return false;
      await refundEscrow(tx, stopped.campaign);
      return true;
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}
