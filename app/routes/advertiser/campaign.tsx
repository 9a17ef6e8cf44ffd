import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/campaign";
import { CampaignStatusBadge } from "~/components/advertiser/campaign-list";
import { CampaignReportView } from "~/components/advertiser/campaign-report";
import { PaymentInstructions } from "~/components/advertiser/payment-instructions";
import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { findAdvertiserCampaign } from "~/domain/campaigns/campaigns.server";
import { cancelCampaign } from "~/domain/campaigns/cancel-campaign.server";
import { payCampaignFromBalance, submitCampaignForPayment } from "~/domain/campaigns/pay-campaign.server";
import { campaignReport } from "~/domain/campaigns/report.server";
import { campaignStart } from "~/domain/campaigns/report";
import {
  CAMPAIGN_STATUS_LABELS,
  FEE_RULE_REFUSALS,
  formatFeePercent,
  type CampaignStatus,
} from "~/domain/campaigns/rules";
import { balances } from "~/domain/ledger/accounts.server";
import { receivingAccountOf } from "~/domain/memberships/receiving-account";
import { getAppSettings } from "~/domain/settings/app-settings";
import { formatKobo } from "~/domain/shared/money";
import { formatLagosDate, formatLagosDateTime, lagosDayLabel, lagosDayStart } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";
import { errorToast, type Toast } from "~/lib/toast";
import { requireAdvertiser } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  pageTitle(matches, page?.campaign.title ? `Campaign: ${page.campaign.title}` : "Campaign");

const notFound = () => data({ message: "Campaign not found." }, { status: 404 });

/** Cancelling is possible until it has ended; from review on, the escrow left comes back. */
const CANCEL_OFFERED: readonly CampaignStatus[] = ["in_review", "active"];

const BEFORE_REVIEW_ENDS: readonly CampaignStatus[] = ["draft", "awaiting_payment", "in_review"];

/**
 * The Details' start: the day it started once it has run (or the day it will, when its first day
 * is still to come); before an admin activates it, its first day or "When approved".
 */
function startShown(
  campaign: { status: CampaignStatus; startsAt: Date | null; activatedAt: Date | null },
  now = new Date(),
): { label: string; value: string } {
  const start = campaignStart(campaign);
  if (start) return { label: start <= now ? "Started" : "Starts", value: formatLagosDate(start) };
  // Ended (cancelled, rejected) before an admin activated it: it never ran.
  if (!BEFORE_REVIEW_ENDS.includes(campaign.status)) return { label: "Started", value: "Did not run" };
  return { label: "Starts", value: campaign.startsAt ? formatLagosDate(campaign.startsAt) : "When approved" };
}

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
      reference: campaign.reference,
      status: campaign.status,
      rejectionReason: campaign.rejectionReason,
      reward: formatKobo(campaign.rewardKobo),
      feePerView: formatKobo(campaign.feePerViewKobo),
      feePercent: formatFeePercent(campaign.feeBps),
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
    receivingAccount: campaign.status === "awaiting_payment" ? receivingAccountOf(settings) : null,
    confirmCancel,
    report: {
      verifiedViews: report.verifiedViews,
      uniqueViewers: report.uniqueViewers,
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
  };
}

const IntentSchema = z.object({ intent: z.enum(["pay-bank", "pay-balance", "cancel"]) });

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
      errorToast(title, `This campaign is ${CAMPAIGN_STATUS_LABELS[current].toLowerCase()} now: nothing was changed.`),
    );

  switch (intent.data.intent) {
    case "pay-bank": {
      const result = await submitCampaignForPayment(db, user.id, campaignId);
      if (result.status === "not-found") throw notFound();
      if (result.status === "conflict") return conflict("Payment Not Started", result.current);
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
  const { campaign, balance, canPayFromBalance, receivingAccount, confirmCancel, report } = loaderData;
  const here = `/advertiser/campaigns/${campaign.id}`;
  const cancelText = `"${campaign.title}" stops at once and members can no longer view it. The unspent budget returns to your balance.`;
  return (
    <div className="grid gap-6">
      <div>
        <p className="text-sm">
          <Link to="/advertiser/campaigns" className="text-brand-700 underline underline-offset-2">
            Campaigns
          </Link>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 break-words text-2xl font-bold sm:text-3xl">{campaign.title}</h1>
          <CampaignStatusBadge status={campaign.status} />
        </div>
        <p className="mt-1 text-gray-600">
          Reference <span className="font-mono font-medium text-gray-900">{campaign.reference}</span>
        </p>
      </div>

      {confirmCancel ? (
        <ConfirmPanel
          title="Cancel this campaign?"
          description={cancelText}
          confirmLabel="Cancel campaign"
          fields={{ intent: "cancel" }}
          action={here}
          cancelHref={here}
          destructive
        />
      ) : null}

      <Card aria-labelledby="campaign-details-title" className="grid gap-3">
        <CardTitle id="campaign-details-title">Details</CardTitle>
        <p className="whitespace-pre-line break-words text-sm text-gray-800">{campaign.description}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-600">Reward per view</dt>
          <dd className="tabular-nums">{campaign.reward}</dd>
          <dt className="text-gray-600">Platform fee per view</dt>
          <dd className="tabular-nums">
            {campaign.feePerView} ({campaign.feePercent})
          </dd>
          <dt className="text-gray-600">Views wanted</dt>
          <dd className="tabular-nums">{campaign.viewsWanted.toLocaleString("en-NG")}</dd>
          <dt className="text-gray-600">Budget</dt>
          <dd className="font-semibold tabular-nums" data-testid="campaign-budget">
            {campaign.budget}
          </dd>
          <dt className="text-gray-600">{campaign.start.label}</dt>
          <dd data-testid="campaign-start">{campaign.start.value}</dd>
          <dt className="text-gray-600">Last day</dt>
          <dd>{campaign.lastDay ?? "Until its views are done"}</dd>
          <dt className="text-gray-600">Created</dt>
          <dd>{campaign.created}</dd>
          {campaign.finished ? (
            <>
              <dt className="text-gray-600">Ended</dt>
              <dd>{campaign.finished}</dd>
            </>
          ) : null}
        </dl>
      </Card>

      {campaign.status === "rejected" ? (
        <Card className="border-red-300 bg-red-50/40" data-testid="campaign-rejected">
          <CardTitle>Not approved</CardTitle>
          <CardDescription>
            {campaign.rejectionReason ? <>Reason: {campaign.rejectionReason}</> : "No reason was given."} Anything you
            had paid returned to your balance.
          </CardDescription>
        </Card>
      ) : null}

      {campaign.status === "draft" || campaign.status === "awaiting_payment" ? (
        <Card aria-labelledby="payment-title" className="grid gap-3" data-testid="campaign-payment">
          <CardTitle id="payment-title">Payment</CardTitle>
          {campaign.status === "awaiting_payment" ? (
            <PaymentInstructions amount={campaign.budget} reference={campaign.reference} account={receivingAccount} />
          ) : (
            <p className="text-sm text-gray-700">
              Pay the budget of <strong>{campaign.budget}</strong> to send the campaign for review.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {campaign.status === "draft" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="pay-bank" />
                <Button type="submit">Pay by bank transfer</Button>
              </Form>
            ) : null}
            {canPayFromBalance ? (
              <Form method="post">
                <input type="hidden" name="intent" value="pay-balance" />
                <Button type="submit" variant={campaign.status === "draft" ? "outline" : "default"}>
                  Pay from balance
                </Button>
              </Form>
            ) : null}
          </div>
          <p className="text-sm text-gray-600">
            Your balance: <span className="tabular-nums">{balance}</span>
            {canPayFromBalance ? "" : " (not enough to pay from it)"}
          </p>
        </Card>
      ) : null}

      <CampaignReportView report={report} csvHref={`${here}/report.csv`} />
      {CANCEL_OFFERED.includes(campaign.status) && !confirmCancel ? (
        <Card aria-labelledby="cancel-title" className="grid gap-2">
          <CardTitle id="cancel-title">Cancel</CardTitle>
          <CardDescription>
            {campaign.status === "active" ? "Stop the campaign now. " : "Withdraw the campaign before it runs. "}
            The unspent budget returns to your balance.
          </CardDescription>
          <div>
            <ConfirmAction
              trigger={
                <Button type="button" variant="outline">
                  Cancel campaign
                </Button>
              }
              title="Cancel this campaign?"
              description={cancelText}
              confirmLabel="Cancel campaign"
              fields={{ intent: "cancel" }}
              action={here}
              fallbackHref={`${here}?confirm=cancel`}
              destructive
            />
          </div>
        </Card>
      ) : null}
    </div>
  );
}
