import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/confirm-payment";
import { CampaignsPage } from "~/components/campaigns-admin/campaigns-page";
import { CAMPAIGNS_PATH } from "~/components/campaigns-admin/campaigns-query";
import { confirmCampaignPayment } from "~/domain/campaigns/confirm-payment.server";
import { CAMPAIGN_STATUS_BADGES } from "~/domain/campaigns/rules";
import { formatKobo } from "~/domain/shared/money";
import { listHref } from "~/domain/shared/paging";
import { forbidden } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { errorToast } from "~/lib/toast";
import { CAMPAIGNS_DENIED, requireCampaignsAdmin } from "./campaigns.server";
import { requireFreshFactor } from "~/server/second-factor.server";

// A pasted narration may be long: the lookup says no campaign has it.
const ConfirmSchema = z.object({ reference: z.string().trim().max(200).optional() });

/**
 * POST /admin/campaigns/confirm-payment: a campaign's bank transfer has arrived. Every answer
 * goes back to the reference looked up, whose card then shows what was done.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireCampaignsAdmin(request, context);
  await requireFreshFactor(request, context);
  const parsed = ConfirmSchema.safeParse(await readForm(request));
  if (!parsed.success) throw data({ message: "Unknown action." }, { status: 400 });
  const { reference } = parsed.data;
  if (!reference)
    return redirectWithToast(context, CAMPAIGNS_PATH, errorToast("Confirmation Failed", "Type a payment reference."));
  const there = listHref({ reference }, CAMPAIGNS_PATH);
  const result = await confirmCampaignPayment(context.services.db, actor, reference.toUpperCase());
  switch (result.status) {
    case "forbidden":
      throw forbidden(CAMPAIGNS_DENIED);
    case "not-found":
      return redirectWithToast(
        context,
        there,
        errorToast("Confirmation Failed", `No campaign has the reference ${reference}.`),
      );
    case "conflict":
      return redirectWithToast(
        context,
        there,
        errorToast(
          "Confirmation Failed",
          result.current === "draft"
            ? "This campaign is a draft: its advertiser has not asked to pay by bank transfer."
            : "This campaign's payment has already been confirmed (perhaps by another admin).",
        ),
      );
    case "ok":
      return redirectWithToast(context, there, {
        type: "success",
        title: "Payment Confirmed",
        description: result.funded
          ? `${formatKobo(result.campaign.budgetKobo)} for "${result.campaign.title}" is in the campaign's escrow. The campaign is now in review.`
          : `${formatKobo(result.campaign.budgetKobo)} is on the advertiser's balance: the campaign is ${CAMPAIGN_STATUS_BADGES[result.campaign.status].label.toLowerCase()}, so it was not funded.`,
      });
  }
}

/** A GET shows the Campaigns page (every answer of this form is a redirect). */
export default function ConfirmCampaignPayment() {
  return <CampaignsPage />;
}
