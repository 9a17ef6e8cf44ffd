import { and, eq, gt, inArray, isNotNull, lte, notExists, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaigns, emails } from "~/db/schema";
import { mailAdvertiser } from "./campaign-mail.server";
import { move, retireAdvert, stop } from "./campaigns.server";
import { refundEscrow } from "./money.server";

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
      const refundKobo = await refundEscrow(tx, changed);
      await mailAdvertiser(tx, changed, { kind: "completed", allViewsUsed: false, refundKobo });
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
      const refundKobo = await refundEscrow(tx, stopped.campaign);
      await mailAdvertiser(tx, stopped.campaign, { kind: "expired", refundKobo });
      return true;
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Mails the advertisers whose campaign its last paid view completed: the claim that completes it
 * (claim_advert_reward, the busiest path) queues nothing, so this follows it, every minute with
 * completeEndedCampaigns. Once per campaign (the mail's key `campaign:<id>:completed`, which the
 * end-date completion takes too), and only for campaigns finished within the last day. Returns
 * how many it mailed.
 */
export async function mailCampaignsCompletedByViews(db: Database, now: Date = new Date()): Promise<number> {
  const completed = await db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, "completed"),
        gt(campaigns.finishedAt, new Date(now.getTime() - DAY_MS)),
        notExists(
          db
            .select({ id: emails.id })
            .from(emails)
            .where(eq(emails.dedupeKey, sql`'campaign:' || ${campaigns.id} || ':completed'`)),
        ),
      ),
    )
    .limit(100);
  for (const campaign of completed) {
    await mailAdvertiser(db, campaign, { kind: "completed", allViewsUsed: true, refundKobo: 0n });
  }
  return completed.length;
}
