import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/activate";
import { CampaignsPage } from "~/components/campaigns-admin/campaigns-page";
import { campaignsHref, readCampaignsQuery } from "~/components/campaigns-admin/campaigns-query";
import { activateCampaign } from "~/domain/campaigns/review-campaign.server";
import { forbidden } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { CAMPAIGNS_DENIED, campaignRefusal, requireCampaignsAdmin } from "./campaigns.server";

const CampaignIdSchema = z.object({ campaignId: z.string().trim().min(1).max(64) });

/**
 * POST /admin/campaigns/activate (confirmed first: in a dialog, or on the page before JavaScript
 * has loaded): a paid campaign in review starts running as an advert, paid from its escrow; back
 * to the list it was activated from. A refusal stays on the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireCampaignsAdmin(request, context);
  const target = CampaignIdSchema.safeParse(await readForm(request));
  if (!target.success) throw data({ message: "Choose a campaign to activate." }, { status: 400 });
  const result = await activateCampaign(context.services.db, actor, target.data.campaignId);
  if (result.status === "forbidden") throw forbidden(CAMPAIGNS_DENIED);
  if (result.status !== "ok") return campaignRefusal("Activation Failed", result);
  return redirectWithToast(context, campaignsHref(readCampaignsQuery(request.url)), {
    type: "success",
    title: "Campaign Activated",
    description: `"${result.campaign.title}" (${result.campaign.reference}) is now running as an advert, paid from its escrow.`,
  });
}

/** The Campaigns page, with this decision's refusal. */
export default function ActivateCampaign({ actionData }: Route.ComponentProps) {
  return <CampaignsPage answer={actionData} />;
}
