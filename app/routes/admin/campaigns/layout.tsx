import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { startShown } from "~/components/advertiser/campaign-page";
import type { CampaignReviewView } from "~/components/campaigns-admin/campaign-review-card";
import type { CampaignsData } from "~/components/campaigns-admin/campaigns-page";
import { readCampaignsQuery } from "~/components/campaigns-admin/campaigns-query";
import type { PaymentLookupView } from "~/components/campaigns-admin/payment-lookup";
import { advertImageRules } from "~/domain/adverts/validation";
import { previewCampaignPayment } from "~/domain/campaigns/confirm-payment.server";
import { listCampaignsForAdmin, type AdminCampaign } from "~/domain/campaigns/admin-campaigns.server";
import type { AdminCampaignFilter } from "~/domain/campaigns/review-validation";
import { displayImageUrl } from "~/domain/shared/image-url";
import { formatKobo } from "~/domain/shared/money";
import { formatBps } from "~/domain/shared/percentage";
import { requireAdmin } from "~/server/auth.server";
import { formatLagosDate } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";
import { CAMPAIGNS_DENIED } from "./campaigns.server";

/**
 * The Campaigns page's data, for the routes under this layout that render the page:
 * /admin/campaigns and one route per decision form (activate, reject, confirm-payment).
 */
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Campaigns");

const DAY_MS = 24 * 60 * 60 * 1000;

/** A campaign for the review list: money, fee and dates as people read them. */
const toCampaignView = (c: AdminCampaign, appUrl: URL, now: Date): CampaignReviewView => ({
  id: c.id,
  reference: c.reference,
  status: c.status as AdminCampaignFilter,
  businessName: c.businessName,
  advertiserEmail: c.advertiserEmail,
  title: c.title,
  description: c.description,
  checkText: c.check
    ? `${c.check.question} Right answer: ${c.check.answer}. Wrong answers: ${c.check.wrongAnswers.join(", ")}.`
    : null,
  imageSrc: displayImageUrl(c.imageUrl, advertImageRules(appUrl), null),
  rewardText: formatKobo(c.rewardKobo),
  viewsWanted: c.viewsWanted,
  viewsDone: c.viewsDone,
  budgetText: formatKobo(c.budgetKobo),
  feeText: `${formatBps(c.feeBps)} (${formatKobo(c.feePerViewKobo)} a view)`,
  start: startShown(c, now),
  firstDayText: c.startsAt && c.startsAt > now ? formatLagosDate(c.startsAt) : null,
  // endsAt is the start of the day after the last: the last day is the one before it.
  endsText: c.endsAt ? formatLagosDate(new Date(c.endsAt.getTime() - DAY_MS)) : "When its views are used",
  createdText: formatLagosDate(c.createdAt),
  paid: c.fundedAt !== null,
});

/** The campaign a payment reference names, and what confirming its payment would do. */
function paymentLookup(
  reference: string,
  found: Awaited<ReturnType<typeof previewCampaignPayment>>,
): PaymentLookupView {
  return {
    reference,
    campaign: found
      ? {
          reference: found.reference,
          title: found.title,
          businessName: found.businessName ?? "Unknown business",
          advertiserDisplayId: found.advertiserDisplayId,
          budget: formatKobo(found.budgetKobo),
          status: found.status,
          confirms: found.confirms,
        }
      : null,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_adverts", CAMPAIGNS_DENIED);
  const { db, config } = context.services;
  const query = readCampaignsQuery(request.url);
  const [list, found] = await Promise.all([
    listCampaignsForAdmin(db, { status: query.status, page: query.page }),
    query.reference ? previewCampaignPayment(db, query.reference) : null,
  ]);
  const now = new Date();
  const campaigns = list.campaigns.map((c) => toCampaignView(c, config.appUrl, now));
  return {
    list: { status: query.status, page: list.page, pageCount: list.pageCount },
    counts: list.counts,
    campaigns,
    rejecting: query.reject ? (campaigns.find((c) => c.id === query.reject) ?? null) : null,
    activating: query.activate
      ? (campaigns.find((c) => c.id === query.activate && c.status === "in_review") ?? null)
      : null,
    lookup: query.reference ? paymentLookup(query.reference, found) : null,
  } satisfies CampaignsData;
}

export default function CampaignsLayout() {
  return <Outlet />;
}
