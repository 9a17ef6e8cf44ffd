import type { ActivateCampaignResult } from "~/domain/campaigns/review-campaign.server";
import { conflictMessage } from "~/domain/campaigns/review-validation";
import { CAMPAIGN_STATUS_BADGES, FEE_RULE_REVIEW_REFUSALS } from "~/domain/campaigns/rules";
import { actorFrom, requireAdmin } from "~/server/auth.server";
import type { RequestContext } from "~/server/context.server";
import { actionAnswer } from "~/server/forms.server";
import { errorToast } from "~/lib/toast";

/**
 * The Campaigns page's routes (the modules beside this one): who may use them, and how its
 * review steps answer a refusal.
 */

/** Campaigns are administered with the manage_adverts permission, and refused in its words. */
export const CAMPAIGNS_DENIED = "Access Denied. You do not have permission to manage adverts.";

/** An admin with manage_adverts, as the actor of the action; anyone else is sent away or refused. */
export async function requireCampaignsAdmin(request: Request, context: RequestContext) {
  return actorFrom(await requireAdmin(request, context, "manage_adverts", CAMPAIGNS_DENIED), context);
}

export const CAMPAIGN_GONE = "This campaign no longer exists.";

/** A review step the campaign refused: its toast, on the page as it was (409, or 404 when gone). */
export function campaignRefusal(
  title: string,
  result: Exclude<ActivateCampaignResult, { status: "ok" } | { status: "forbidden" }>,
) {
  let description: string;
  let status = 409;
  switch (result.status) {
    case "not-found":
      description = CAMPAIGN_GONE;
      status = 404;
      break;
    case "conflict":
      description = conflictMessage(result.current, CAMPAIGN_STATUS_BADGES[result.current].label);
      break;
    case "ended":
      description =
        "Its end date passed while it waited for review, so it cannot run. Reject it instead: its budget returns to the advertiser.";
      break;
    case "reward-below-minimum":
    case "fee-missing":
      description = FEE_RULE_REVIEW_REFUSALS[result.status];
      break;
  }
  return actionAnswer(errorToast(title, description), { status });
}
