import { Check, Megaphone, X } from "lucide-react";
import { Form, Link } from "react-router";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

/** One campaign as the admin reviews it (money and dates already formatted on the server). */
export type CampaignReviewView = {
  id: string;
  reference: string;
  status: "awaiting_payment" | "in_review" | "active";
  statusLabel: string;
  businessName: string;
  advertiserEmail: string;
  title: string;
  description: string;
  /** The image to show: the stored address only when it is acceptable (app/domain/shared/image-url.ts). */
  imageSrc: string | null;
  rewardText: string;
  viewsWanted: number;
  viewsDone: number;
  budgetText: string;
  feeText: string;
  startsText: string;
  endsText: string;
  createdText: string;
};

const TONES: Record<CampaignReviewView["status"], BadgeTone> = {
  awaiting_payment: "yellow",
  in_review: "blue",
  active: "green",
};

const count = new Intl.NumberFormat("en-NG");

/**
 * A campaign card: what the advertiser asked for, and the admin's decisions for its status
 * (Activate as a plain form; Reject opens the reason dialog through the URL, so both work before
 * JavaScript has loaded).
 */
export function CampaignReviewCard({
  campaign,
  rejectTo,
  activating,
}: {
  campaign: CampaignReviewView;
  rejectTo: string;
  activating: boolean;
}) {
  const headingId = `campaign-${campaign.id}-title`;
  return (
    <li
      className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm"
      data-testid={`campaign-card-${campaign.id}`}
      aria-labelledby={headingId}
    >
      {campaign.imageSrc ? (
        <img
          src={campaign.imageSrc}
          alt={campaign.title}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          width={640}
          height={360}
          className="aspect-video w-full bg-gray-100 object-cover"
        />
      ) : (
        <div
          className="flex h-20 w-full items-center justify-center bg-brand-600/5 text-brand-600/40 sm:aspect-video sm:h-auto"
          aria-hidden
        >
          <Megaphone className="h-12 w-12" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="break-words text-sm font-medium text-gray-600">{campaign.businessName}</p>
            <h3 id={headingId} className="break-words text-base font-semibold text-gray-900">
              {campaign.title}
            </h3>
          </div>
          <Badge tone={TONES[campaign.status]} className="shrink-0">
            {campaign.statusLabel}
          </Badge>
        </div>
        <p className="whitespace-pre-line break-words text-sm text-gray-700">{campaign.description}</p>
        <dl className="mt-auto grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
          <Fact label="Reward per view" value={campaign.rewardText} />
          <Fact
            label="Views done"
            value={`${count.format(campaign.viewsDone)} / ${count.format(campaign.viewsWanted)}`}
          />
          <Fact label="Budget" value={campaign.budgetText} />
          <Fact label="Platform fee" value={campaign.feeText} />
          <Fact label="Starts" value={campaign.startsText} />
          <Fact label="Ends" value={campaign.endsText} />
          <Fact label="Reference" value={<span className="font-mono">{campaign.reference}</span>} />
          <Fact label="Created" value={campaign.createdText} />
          <div className="col-span-2">
            <dt className="text-gray-600">Advertiser</dt>
            <dd className="break-all text-gray-900">{campaign.advertiserEmail}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          {campaign.status === "in_review" ? (
            <Form method="post" className="flex-1">
              <input type="hidden" name="intent" value="activate-campaign" />
              <input type="hidden" name="campaignId" value={campaign.id} />
              <Button type="submit" size="sm" className="w-full" disabled={activating}>
                <Check className="h-4 w-4" aria-hidden />
                {activating ? "Activating..." : "Activate"}
                <span className="sr-only"> {campaign.title}</span>
              </Button>
            </Form>
          ) : null}
          <Button asChild variant="outline" size="sm" className="flex-1 text-red-700">
            <Link to={rejectTo} preventScrollReset id={`reject-campaign-${campaign.id}`}>
              <X className="h-4 w-4" aria-hidden />
              {campaign.status === "active" ? "Stop and reject" : "Reject"}
              <span className="sr-only"> {campaign.title}</span>
            </Link>
          </Button>
        </div>
      </div>
    </li>
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
