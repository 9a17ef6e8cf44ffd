import { Form, Link } from "react-router";
import { AdvertPicture } from "~/components/adverts-admin/advert-card";
import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { campaignStart } from "~/domain/campaigns/report";
import { CAMPAIGN_STATUS_BADGES, type CampaignStatus } from "~/domain/campaigns/rules";
import type { ReceivingAccount } from "~/domain/memberships/receiving-account";
import { formatLagosDate } from "~/lib/lagos-time";
import { CampaignReportView, type CampaignReportViewData } from "./campaign-report";
import { PaymentInstructions } from "./payment-instructions";

/** The campaign page's data (app/routes/advertiser/campaign.tsx): money and dates formatted. */
export type CampaignPageData = {
  campaign: {
    id: string;
    title: string;
    description: string;
    /** The advert's picture, when it has one that may be loaded (an upload, or an https one from before). */
    imageSrc: string | null;
    reference: string;
    status: CampaignStatus;
    rejectionReason: string | null;
    reward: string;
    feePerView: string;
    feePercent: string;
    viewsWanted: number;
    budget: string;
    start: { label: string; value: string };
    lastDay: string | null;
    created: string;
    finished: string | null;
  };
  balance: string;
  canPayFromBalance: boolean;
  receivingAccount: ReceivingAccount | null;
  /** The payment provider is on: "Pay online" is offered. */
  onlinePayments: boolean;
  confirmCancel: boolean;
  report: CampaignReportViewData;
};

/** Cancelling is possible until it has ended; from review on, the escrow left comes back. */
export const CANCEL_OFFERED: readonly CampaignStatus[] = ["in_review", "active"];

const BEFORE_REVIEW_ENDS: readonly CampaignStatus[] = ["draft", "awaiting_payment", "in_review"];

/**
 * The Details' start: the day it started once it has run (or the day it will, when its first day
 * is still to come); before an admin activates it, its first day or "When approved".
 */
export function startShown(
  campaign: { status: CampaignStatus; startsAt: Date | null; activatedAt: Date | null },
  now = new Date(),
): { label: string; value: string } {
  const start = campaignStart(campaign);
  if (start) return { label: start <= now ? "Started" : "Starts", value: formatLagosDate(start) };
  // Ended (cancelled, rejected) before an admin activated it: it never ran.
  if (!BEFORE_REVIEW_ENDS.includes(campaign.status)) return { label: "Started", value: "Did not run" };
  return { label: "Starts", value: campaign.startsAt ? formatLagosDate(campaign.startsAt) : "When approved" };
}

/**
 * An advertiser's campaign: its details, why it was not approved, how to pay for it, its report,
 * and Cancel (asked in a dialog, or on the page without JavaScript).
 */
export function CampaignPage({ data }: { data: CampaignPageData }) {
  const { campaign, confirmCancel, report } = data;
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
          <StatusBadge status={campaign.status} badges={CAMPAIGN_STATUS_BADGES} />
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
        {campaign.imageSrc ? (
          <div className="max-w-md">
            <AdvertPicture src={campaign.imageSrc} alt={campaign.title} />
          </div>
        ) : null}
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

      {campaign.status === "draft" || campaign.status === "awaiting_payment" ? <PaymentCard data={data} /> : null}

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
      <p className="text-sm text-gray-700" data-testid="campaign-support">
        Questions about this campaign?{" "}
        <Link
          to={`/messages?campaign=${encodeURIComponent(campaign.id)}`}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Message support
        </Link>{" "}
        about it.
      </p>
    </div>
  );
}

/**
 * How to pay a draft or unpaid campaign: online (with the payment provider), by bank transfer to
 * the platform's receiving account (only once an admin has set it: without it bank transfer is
 * neither offered nor mentioned, as in the upgrade dialog), or from the balance when it covers
 * the budget.
 */
function PaymentCard({ data }: { data: CampaignPageData }) {
  const { campaign, balance, canPayFromBalance, receivingAccount, onlinePayments } = data;
  const draft = campaign.status === "draft";
  const instructions = !draft && (onlinePayments || receivingAccount !== null);
  const noWayToPay = !onlinePayments && receivingAccount === null && !canPayFromBalance;
  return (
    <Card aria-labelledby="payment-title" className="grid gap-3" data-testid="campaign-payment">
      <CardTitle id="payment-title">Payment</CardTitle>
      {instructions ? (
        <>
          {onlinePayments ? (
            <p className="text-sm text-gray-800" data-testid="pay-online-text">
              Pay online by card, bank transfer or USSD on Paystack&apos;s secure page: the campaign goes to review as
              soon as the payment is confirmed.{receivingAccount ? " Or pay by bank transfer:" : null}
            </p>
          ) : null}
          {receivingAccount ? (
            <PaymentInstructions amount={campaign.budget} reference={campaign.reference} account={receivingAccount} />
          ) : null}
        </>
      ) : (
        <p className="text-sm text-gray-700">
          Pay the budget of <strong>{campaign.budget}</strong> to send the campaign for review.
        </p>
      )}
      <div className="flex flex-wrap gap-2 empty:hidden">
        {draft && receivingAccount ? (
          <Form method="post">
            <input type="hidden" name="intent" value="pay-bank" />
            <Button type="submit">Pay by bank transfer</Button>
          </Form>
        ) : null}
        {onlinePayments ? (
          // A full page load: the answer is a redirect to Paystack's checkout.
          <Form method="post" reloadDocument>
            <input type="hidden" name="intent" value="pay-online" />
            <Button type="submit" variant={draft && receivingAccount ? "outline" : "default"}>
              Pay online
            </Button>
          </Form>
        ) : null}
        {canPayFromBalance ? (
          <Form method="post">
            <input type="hidden" name="intent" value="pay-balance" />
            <Button type="submit" variant={(draft && receivingAccount) || onlinePayments ? "outline" : "default"}>
              Pay from balance
            </Button>
          </Form>
        ) : null}
      </div>
      <p className="text-sm text-gray-600">
        Your balance: <span className="tabular-nums">{balance}</span>
        {canPayFromBalance ? "" : " (not enough to pay from it)"}
      </p>
      {noWayToPay ? (
        <p className="text-sm text-amber-800" data-testid="no-way-to-pay">
          No other way to pay is open yet: come back later.
        </p>
      ) : null}
    </Card>
  );
}
