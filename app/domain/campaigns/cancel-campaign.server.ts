import type { Database } from "~/db/client.server";
import type { Campaign } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";
import { mailAdvertiser } from "./campaign-mail.server";
import { stop, type Conflict, type NotFound } from "./campaigns.server";
import { refundEscrow } from "./money.server";
import { CANCELLABLE_STATUSES } from "./rules";

export type CancelCampaignResult = { status: "ok"; campaign: Campaign; refundedKobo: Kobo } | NotFound | Conflict;

/**
 * The advertiser cancels a campaign that has not ended. A running one stops at once (its advert
 * is retired first, so a claim in flight either finished before or finds it gone); whatever its
 * escrow still holds returns to the advertiser's balance, once.
 */
export async function cancelCampaign(
  db: Database,
  advertiserId: string,
  campaignId: string,
  now: Date = new Date(),
): Promise<CancelCampaignResult> {
  return db.transaction(async (tx): Promise<CancelCampaignResult> => {
    const stopped = await stop(tx, { campaignId, advertiserId }, CANCELLABLE_STATUSES, { status: "cancelled" }, now);
    if (stopped.status !== "ok") return stopped;
    const refundedKobo = await refundEscrow(tx, stopped.campaign);
    await mailAdvertiser(tx, stopped.campaign, { kind: "cancelled", refundKobo: refundedKobo });
    return { status: "ok", campaign: stopped.campaign, refundedKobo };
  });
}
