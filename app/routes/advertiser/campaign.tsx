import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/campaign";
import { CANCEL_OFFERED, CampaignPage, startShown, type CampaignPageData } from "~/components/advertiser/campaign-page";
import { advertImageRules } from "~/domain/adverts/validation";
import { findAdvertiserCampaign } from "~/domain/campaigns/campaigns.server";
import { cancelCampaign } from "~/domain/campaigns/cancel-campaign.server";
import { payCampaignFromBalance, submitCampaignForBankTransfer } from "~/domain/campaigns/pay-campaign.server";
import { campaignReport } from "~/domain/campaigns/report.server";
import {
  CAMPAIGN_STATUS_BADGES,
  FEE_RULE_REFUSALS,
  NO_RECEIVING_ACCOUNT_TEXT,
  type CampaignStatus,
} from "~/domain/campaigns/rules";
import { balances } from "~/domain/ledger/accounts.server";
import { receivingAccountOf } from "~/domain/memberships/receiving-account";
import { getAppSettings } from "~/domain/settings/app-settings";
import { displayImageUrl } from "~/domain/shared/image-url";
import { formatKobo } from "~/domain/shared/money";
import { formatBps } from "~/domain/shared/percentage";
import { formatLagosDate, formatLagosDateTime, lagosDayLabel, lagosDayStart } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";
import { errorToast, type Toast } from "~/lib/toast";
import { requireAdvertiser } from "~/server/auth.server";
import { campaignCheckout } from "~/server/online-payments.server";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  pageTitle(matches, page?.campaign.title ? `Campaign: ${page.campaign.title}` : "Campaign");

const UNPAID: readonly CampaignStatus[] = ["draft", "awaiting_payment"];

const notFound = () => data({ message: "Campaign not found." }, { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAdvertiser(request, context);
  const { db } = context.services;
  const campaign = await findAdvertiserCampaign(db, user.id, params.campaignId);
  if (!campaign) throw notFound();
  const [money, settings, report] = await Promise.all([
    balances(db, user.id),
    getAppSettings(db),
    campaignReport(db, campaign),
  ]);
  const confirmCancel =
    new URL(request.url).searchParams.get("confirm") === "cancel" && CANCEL_OFFERED.includes(campaign.status);
  return {
    campaign: {
      id: campaign.id,
      title: campaign.title,
      description: campaign.description,
      imageSrc: displayImageUrl(campaign.imageUrl, advertImageRules(context.services.config.appUrl), null),
      reference: campaign.reference,
      status: campaign.status,
      rejectionReason: campaign.rejectionReason,
      reward: formatKobo(campaign.rewardKobo),
      feePerView: formatKobo(campaign.feePerViewKobo),
      feePercent: formatBps(campaign.feeBps),
      viewsWanted: campaign.viewsWanted,
      budget: formatKobo(campaign.budgetKobo),
      start: startShown(campaign),
      // endsAt is the midnight after the last day: the last day is the one before it.
      lastDay: campaign.endsAt ? formatLagosDate(new Date(campaign.endsAt.getTime() - 1)) : null,
      created: formatLagosDateTime(campaign.createdAt),
      finished: campaign.finishedAt ? formatLagosDateTime(campaign.finishedAt) : null,
    },
    balance: formatKobo(money.availableKobo),
    canPayFromBalance: money.availableKobo >= campaign.budgetKobo,
    // Null until an admin sets it: then bank transfer is neither offered nor mentioned (as for upgrades).
    receivingAccount: UNPAID.includes(campaign.status) ? receivingAccountOf(settings) : null,
    onlinePayments: Boolean(context.services.paymentProvider),
    confirmCancel,
    report: {
      verifiedViews: report.verifiedViews,
      uniqueViewers: report.uniqueViewers,
      checkedViews: report.checkedViews,
      failedChecks: report.failedChecks,
      funded: formatKobo(report.fundedKobo),
      rewards: formatKobo(report.rewardsKobo),
      fees: formatKobo(report.feesKobo),
      spend: formatKobo(report.spendKobo),
      refunded: formatKobo(report.refundedKobo),
      remaining: formatKobo(report.remainingKobo),
      hasRun: report.days.length > 0,
      days: report.days.map((d) => ({
        key: d.day,
        label: lagosDayLabel(d.day),
        description: formatLagosDate(lagosDayStart(d.day)),
        value: d.views,
        formatted: d.views.toLocaleString("en-NG"),
      })),
      tiers: report.tiers.map((t) => ({
        tier: t.tier,
        views: t.views,
        share: report.verifiedViews > 0 ? `${Math.round((t.views * 100) / report.verifiedViews)}%` : "0%",
      })),
    },
  } satisfies CampaignPageData;
}

const IntentSchema = z.object({ intent: z.enum(["pay-bank", "pay-balance", "pay-online", "cancel"]) });

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdvertiser(request, context);
  const { db } = context.services;
  const intent = IntentSchema.safeParse(await readForm(request));
  if (!intent.success) throw data({ message: "Unknown action." }, { status: 400 });
  const campaignId = params.campaignId;
  const here = `/advertiser/campaigns/${campaignId}`;
  const back = (toast: Toast) => redirectWithToast(context, here, toast);
  const conflict = (title: string, current: CampaignStatus) =>
    back(
      errorToast(
        title,
        `This campaign is ${CAMPAIGN_STATUS_BADGES[current].label.toLowerCase()} now: nothing was changed.`,
      ),
    );

  switch (intent.data.intent) {
    case "pay-online":
      return campaignCheckout(context, user.id, campaignId);
    case "pay-bank": {
      const result = await submitCampaignForBankTransfer(db, user.id, campaignId);
      if (result.status === "not-found") throw notFound();
      if (result.status === "conflict") return conflict("Payment Not Started", result.current);
      if (result.status === "no-receiving-account") {
        return back(errorToast("Payment Not Started", NO_RECEIVING_ACCOUNT_TEXT));
      }
      if (result.status !== "ok") return back(errorToast("Payment Not Started", FEE_RULE_REFUSALS[result.status]));
      return back({
        type: "success",
        title: "Awaiting Your Payment",
        description: `Pay ${formatKobo(result.campaign.budgetKobo)} by bank transfer with the reference ${result.campaign.reference}.`,
      });
    }
    case "pay-balance": {
      const result = await payCampaignFromBalance(db, user.id, campaignId);
      if (result.status === "not-found") throw notFound();
      if (result.status === "conflict") return conflict("Payment Failed", result.current);
      if (result.status === "reward-below-minimum" || result.status === "fee-missing") {
        return back(errorToast("Payment Failed", FEE_RULE_REFUSALS[result.status]));
      }
      if (result.status === "insufficient-balance") {
        return back(
          errorToast("Payment Failed", `Your balance (${formatKobo(result.balanceKobo)}) does not cover the budget.`),
        );
      }
      if (result.status === "ended") {
        return back(
          errorToast("Payment Failed", "This campaign's last day has passed. Cancel it and create a new one."),
        );
      }
      return back({
        type: "success",
        title: "Campaign Paid",
        description: `${formatKobo(result.campaign.budgetKobo)} was paid from your balance. An admin reviews the campaign next.`,
      });
    }
    case "cancel": {
      const result = await cancelCampaign(db, user.id, campaignId);
      if (result.status === "not-found") throw notFound();
      if (result.status === "conflict") return conflict("Cancel Failed", result.current);
      return back({
        type: "success",
        title: "Campaign Cancelled",
        description:
          result.refundedKobo > 0n
            ? `${formatKobo(result.refundedKobo)} of unspent budget returned to your balance.`
            : "Nothing had been paid into it, so nothing was returned.",
      });
    }
  }
}

export default function AdvertiserCampaign({ loaderData }: Route.ComponentProps) {
  return <CampaignPage data={loaderData} />;
}
