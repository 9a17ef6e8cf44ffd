import { Check, X } from "lucide-react";
import { Link } from "react-router";
import { AdvertPicture } from "~/components/adverts-admin/advert-card";
import { ConfirmAction } from "~/components/confirm-action";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { AdminCampaignFilter } from "~/domain/campaigns/review-validation";
import { CAMPAIGN_STATUS_BADGES } from "~/domain/campaigns/rules";

/** One campaign as the admin reviews it (money and dates already formatted on the server). */
export type CampaignReviewView = {
  id: string;
  reference: string;
  status: AdminCampaignFilter;
  businessName: string;
  advertiserEmail: string;
  title: string;
  description: string;
  /** The advertiser's own attention check: "Question? Right answer (wrong: a, b, c)", or null. */
  checkText: string | null;
  /** The image to show: the stored address only when it is acceptable (app/domain/shared/image-url.ts). */
  imageSrc: string | null;
  rewardText: string;
  viewsWanted: number;
  viewsDone: number;
  budgetText: string;
  feeText: string;
  /** "Started" and its day once it has run (or "Starts", its first day or "When approved", before). */
  start: { label: string; value: string };
  /** Its first day when that is still to come (activated before it, it waits for it); null otherwise. */
  firstDayText: string | null;
  endsText: string;
  createdText: string;
  /** Its budget is in escrow: rejecting it refunds what is left. */
  paid: boolean;
};

const count = new Intl.NumberFormat("en-NG");

export const viewsText = (campaign: CampaignReviewView) =>
  `${count.format(campaign.viewsDone)} / ${count.format(campaign.viewsWanted)}`;

export function CampaignStatus({ campaign }: { campaign: CampaignReviewView }) {
  return <StatusBadge status={campaign.status} badges={CAMPAIGN_STATUS_BADGES} />;
}

/** What the admin may decide about one campaign, and where each decision goes. */
export type CampaignDecisions = {
  /** The activate form's route (keeping the list's filter and page). */
  activateAction: string;
  /** The page asking "Activate campaign?" for one campaign: where Activate leads before JavaScript has loaded. */
  activateHref: (campaignId: string) => string;
  rejectHref: (campaignId: string) => string;
};

/** The question before activating: the same in the dialog and on the page. */
export const activateQuestion = (campaign: CampaignReviewView) => ({
  title: "Activate campaign?",
  description:
    `"${campaign.title}" by ${campaign.businessName} becomes an advert members can view ` +
    (campaign.firstDayText ? `from its first day, ${campaign.firstDayText}` : "at once") +
    `, each verified view paid from its ${campaign.budgetText} escrow. The advertiser is emailed. ` +
    "Check its picture, text and attention check first.",
});

/**
 * Activate (a campaign in review: asked first, in a dialog, or on the page through a link before
 * JavaScript has loaded) and Reject, or Stop and reject a running one (a link opening the reason
 * dialog through the URL).
 */
export function CampaignActions({
  campaign,
  decisions,
}: {
  campaign: CampaignReviewView;
  decisions: CampaignDecisions;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {campaign.status === "in_review" ? (
        <ConfirmAction
          trigger={
            <Button size="sm" className="flex-1 whitespace-nowrap">
              <Check className="h-4 w-4" aria-hidden />
              Activate
              <span className="sr-only"> {campaign.title}</span>
            </Button>
          }
          fallbackHref={decisions.activateHref(campaign.id)}
          {...activateQuestion(campaign)}
          confirmLabel="Activate"
          fields={{ campaignId: campaign.id }}
          action={decisions.activateAction}
        />
      ) : null}
      <Button asChild variant="outline" size="sm" className="flex-1 whitespace-nowrap text-red-700">
        <Link to={decisions.rejectHref(campaign.id)} preventScrollReset id={`reject-campaign-${campaign.id}`}>
          <X className="h-4 w-4" aria-hidden />
          {campaign.status === "active" ? "Stop and reject" : "Reject"}
          <span className="sr-only"> {campaign.title}</span>
        </Link>
      </Button>
    </div>
  );
}

/**
 * A campaign as a phone shows it: what the advertiser asked for, its money and dates, and the
 * admin's decisions for its status.
 */
export function CampaignReviewCard({
  campaign,
  decisions,
}: {
  campaign: CampaignReviewView;
  decisions: CampaignDecisions;
}) {
  return (
    <div className="grid gap-3">
      <CampaignPicture campaign={campaign} />
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words text-sm font-medium text-gray-600">{campaign.businessName}</p>
          <h3 className="break-words text-base font-semibold text-gray-900">{campaign.title}</h3>
        </div>
        <CampaignStatus campaign={campaign} />
      </div>
      <p className="whitespace-pre-line break-words text-sm text-gray-700">{campaign.description}</p>
      {campaign.checkText ? (
        <p className="break-words text-sm text-gray-700" data-testid="campaign-check">
          <span className="font-medium text-gray-900">Attention check: </span>
          {campaign.checkText}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <Fact label="Reward per view" value={campaign.rewardText} />
        <Fact label="Views done" value={viewsText(campaign)} />
        <Fact label="Budget" value={campaign.budgetText} />
        <Fact label="Platform fee" value={campaign.feeText} />
        <Fact label={campaign.start.label} value={campaign.start.value} />
        <Fact label="Ends" value={campaign.endsText} />
        <Fact label="Reference" value={<span className="font-mono">{campaign.reference}</span>} />
        <Fact label="Created" value={campaign.createdText} />
        <div className="col-span-2">
          <dt className="text-gray-600">Advertiser</dt>
          <dd className="break-all text-gray-900">{campaign.advertiserEmail}</dd>
        </div>
      </dl>
      <CampaignActions campaign={campaign} decisions={decisions} />
    </div>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-gray-600">{label}</dt>
      <dd className="break-words font-semibold text-gray-900">{value}</dd>
    </div>
  );
}

/**
 * The campaign's picture, a link to the image itself at full size (a new tab: the list stays as
 * it was): a plain link, so it opens before JavaScript has loaded and with a tap. `small` in the
 * table's cell.
 */
export function CampaignPicture({ campaign, small = false }: { campaign: CampaignReviewView; small?: boolean }) {
  if (!campaign.imageSrc) return <AdvertPicture src={null} alt="" small={small} />;
  return (
    <a
      href={campaign.imageSrc}
      target="_blank"
      rel="noreferrer"
      className={`group grid gap-1 text-brand-700 ${small ? "w-20 shrink-0 self-start text-xs" : "text-sm"}`}
      data-testid="campaign-image-link"
    >
      <AdvertPicture src={campaign.imageSrc} alt="" small={small} />
      <span className="underline underline-offset-2 group-hover:text-brand-800">
        Full image<span className="sr-only"> of {campaign.title} (opens in a new tab)</span>
      </span>
    </a>
  );
}
