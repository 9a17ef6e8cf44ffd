import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { adverts, campaigns, type Campaign } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { newId } from "~/domain/shared/ids";
import { formatKobo, type Kobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import { mailAdvertiser } from "./campaign-mail.server";
import { stop, type Conflict, type NotFound } from "./campaigns.server";
import { refundEscrow } from "./money.server";
import { campaignFeeRuleRefusal, type CampaignFeeRuleRefusal } from "./rules";

export type ReviewCampaignResult =
  | { status: "ok"; campaign: Campaign; refundedKobo: Kobo }
  | Forbidden
  | NotFound
  | Conflict
  /** Its end date passed while it waited for review: reject it instead (the escrow returns). */
  | { status: "ended" };

export type ActivateCampaignResult = ReviewCampaignResult | CampaignFeeRuleRefusal;

/**
 * An admin activates a paid campaign after reviewing its content: it becomes an advert members
 * see (from its start date), paid from its escrow. Audited. Refused, writing nothing, to one made
 * before the fee rules (under ₦1.00 a view, or no fee): the admin rejects it, refunding it.
 */
export async function activateCampaign(
  db: Database,
  actor: Actor,
  campaignId: string,
  now: Date = new Date(),
): Promise<ActivateCampaignResult> {
  if (!hasPermission(actor, "manage_adverts")) return FORBIDDEN;
  return db.transaction(async (tx): Promise<ActivateCampaignResult> => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (!campaign) return { status: "not-found" };
    if (campaign.status !== "in_review") return { status: "conflict", current: campaign.status };
    if (campaign.endsAt && campaign.endsAt <= now) return { status: "ended" };
    const refusal = campaignFeeRuleRefusal(campaign);
    if (refusal) return refusal;
    const advertId = newId();
    await tx.insert(adverts).values({
      id: advertId,
      title: campaign.title,
      description: campaign.description,
      rewardKobo: campaign.rewardKobo,
      maxClicks: campaign.viewsWanted,
      imageUrl: campaign.imageUrl,
      // The advertiser's own attention check, when they set one.
      checkQuestion: campaign.checkQuestion,
      checkAnswer: campaign.checkAnswer,
      checkWrongAnswers: campaign.checkWrongAnswers,
      postedByAdminId: actor.id,
      startsAt: campaign.startsAt,
      endsAt: campaign.endsAt,
      createdAt: now,
      updatedAt: now,
    });
    const [activated] = await tx
      .update(campaigns)
      .set({ status: "active", advertId, activatedAt: now, reviewedById: actor.id, updatedAt: now })
      .where(eq(campaigns.id, campaignId))
      .returning();
    await recordAudit(tx, {
      actor,
      action: "campaign.activate",
      targetType: "campaign",
      targetId: campaignId,
      before: { status: "in_review" },
      after: { status: "active", reference: campaign.reference, advert: advertId },
    });
    await mailAdvertiser(tx, activated!, { kind: "activated" });
    return { status: "ok", campaign: activated!, refundedKobo: 0n };
  });
}

/**
 * An admin rejects a campaign awaiting payment, in review, or running (content found wrong after
 * it went live: it stops at once), with the reason the advertiser reads; whatever its escrow still
 * holds returns to the advertiser's balance. Audited.
 */
export async function rejectCampaign(
  db: Database,
  actor: Actor,
  campaignId: string,
  reason: string,
  now: Date = new Date(),
): Promise<ReviewCampaignResult> {
  if (!hasPermission(actor, "manage_adverts")) return FORBIDDEN;
  return db.transaction(async (tx): Promise<ReviewCampaignResult> => {
    const stopped = await stop(
      tx,
      { campaignId },
      ["awaiting_payment", "in_review", "active"],
      { status: "rejected", rejectionReason: reason, reviewedById: actor.id },
      now,
    );
    if (stopped.status !== "ok") return stopped;
    const refundedKobo = await refundEscrow(tx, stopped.campaign);
    await recordAudit(tx, {
      actor,
      action: "campaign.reject",
      targetType: "campaign",
      targetId: campaignId,
      before: { status: stopped.was },
      after: { status: "rejected", reference: stopped.campaign.reference, reason, refunded: formatKobo(refundedKobo) },
    });
    const wasRunning = stopped.was === "active";
    await mailAdvertiser(tx, stopped.campaign, { kind: "rejected", reason, wasRunning, refundKobo: refundedKobo });
    return { status: "ok", campaign: stopped.campaign, refundedKobo };
  });
}
