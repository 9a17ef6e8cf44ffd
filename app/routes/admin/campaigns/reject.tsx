import type { Route } from "./+types/reject";
import { CampaignsPage } from "~/components/campaigns-admin/campaigns-page";
import { campaignsHref, readCampaignsQuery } from "~/components/campaigns-admin/campaigns-query";
import { rejectCampaign } from "~/domain/campaigns/review-campaign.server";
import { RejectCampaignSchema } from "~/domain/campaigns/review-validation";
import { formatKobo } from "~/domain/shared/money";
import { forbidden } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { CAMPAIGNS_DENIED, campaignRefusal, requireCampaignsAdmin } from "./campaigns.server";

/**
 * POST /admin/campaigns/reject: the campaign will not run, or a running one stops at once; what
 * is left of a paid one's budget returns to the advertiser, who reads the reason. A refused
 * reason reopens the dialog with what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireCampaignsAdmin(request, context);
  const form = await readForm(request);
  const parsed = parseForm(RejectCampaignSchema, form, {
    toastTitle: "Rejection Failed",
    values: echoValues(form, ["reason", "campaignId"]),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await rejectCampaign(context.services.db, actor, parsed.data.campaignId, parsed.data.reason);
  if (result.status === "forbidden") throw forbidden(CAMPAIGNS_DENIED);
  if (result.status !== "ok") return campaignRefusal("Rejection Failed", result);
  return redirectWithToast(context, campaignsHref(readCampaignsQuery(request.url)), {
    type: "success",
    title: "Campaign Rejected",
    description:
      result.refundedKobo > 0n
        ? `"${result.campaign.title}" was rejected and ${formatKobo(result.refundedKobo)} returned to the advertiser's balance.`
        : `"${result.campaign.title}" was rejected. The advertiser will see your reason.`,
  });
}

/** The Campaigns page, with the reject dialog open again after a refused reason (or the refusal's toast). */
export default function RejectCampaign({ actionData }: Route.ComponentProps) {
  return <CampaignsPage answer={actionData} />;
}
