import type { ActivateCampaignResult } from "~/domain/campaigns/review-campaign.server";
import { conflictMessage } from "~/domain/campaigns/review-validation";
import { CAMPAIGN_STATUS_BADGES, FEE_RULE_REVIEW_REFUSALS } from "~/domain/campaigns/rules";
import { errorToast } from "~/lib/toast";
import { actionAnswer } from "./forms.server";

/** How the Campaigns page's review steps (app/routes/admin/campaigns/) answer a refusal. */

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
