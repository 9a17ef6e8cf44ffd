import { data } from "react-router";
import type { Route } from "./+types/report-export";
import { findAdvertiserCampaign } from "~/domain/campaigns/campaigns.server";
import { campaignReportCsv } from "~/domain/campaigns/report";
import { campaignReport } from "~/domain/campaigns/report.server";
import { requireAdvertiser } from "~/server/auth.server";

/** The campaign report's daily rows as a CSV download: a GET that only reads (the owner's campaign only). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAdvertiser(request, context);
  const { db } = context.services;
  const campaign = await findAdvertiserCampaign(db, user.id, params.campaignId);
  if (!campaign) throw data({ message: "Campaign not found." }, { status: 404 });
  const report = await campaignReport(db, campaign);
  return new Response(campaignReportCsv(report.days), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="campaign-${campaign.reference}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
