import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import {
  CampaignActions,
  CampaignImage,
  CampaignReviewCard,
  CampaignStatus,
  viewsText,
  type CampaignDecisions,
  type CampaignReviewView,
} from "./campaign-review-card";

function columns(decisions: CampaignDecisions): ListColumn<CampaignReviewView>[] {
  return [
    {
      header: "Campaign",
      cell: (c) => (
        <div className="flex min-w-64 max-w-md gap-3">
          <CampaignImage
            campaign={c}
            className="aspect-video w-24 shrink-0 rounded"
            placeholderClassName="aspect-video w-24 shrink-0 rounded"
            iconClassName="h-6 w-6"
          />
          <div className="min-w-0">
            <p className="break-words font-semibold text-gray-900">{c.title}</p>
            <p className="font-mono text-xs text-gray-500">{c.reference}</p>
            <p className="mt-1 whitespace-pre-line break-words text-gray-700">{c.description}</p>
          </div>
        </div>
      ),
    },
    {
      header: "Advertiser",
      cell: (c) => (
        <div className="max-w-48">
          <p className="break-words font-medium text-gray-900">{c.businessName}</p>
          <p className="break-all text-gray-600">{c.advertiserEmail}</p>
        </div>
      ),
    },
    { header: "Reward per view", cell: (c) => c.rewardText, align: "end" },
    { header: "Views done", cell: viewsText, align: "end" },
    {
      header: "Budget",
      cell: (c) => (
        <>
          <span className="block font-medium text-gray-900">{c.budgetText}</span>
          <span className="block text-xs text-gray-600">Platform fee {c.feeText}</span>
        </>
      ),
      align: "end",
    },
    {
      header: "Dates",
      cell: (c) => (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 whitespace-nowrap text-xs">
          <dt className="text-gray-600">Starts</dt>
          <dd>{c.startsText}</dd>
          <dt className="text-gray-600">Ends</dt>
          <dd>{c.endsText}</dd>
          <dt className="text-gray-600">Created</dt>
          <dd>{c.createdText}</dd>
        </dl>
      ),
    },
    { header: "Status", cell: (c) => <CampaignStatus campaign={c} /> },
    { header: "Actions", cell: (c) => <CampaignActions campaign={c} decisions={decisions} /> },
  ];
}

/** The campaigns of one filter: a table from the medium breakpoint up, a card each on a phone; the pager under them. */
export function CampaignList({
  campaigns,
  empty,
  decisions,
  page,
  pageCount,
  pageHref,
}: {
  campaigns: CampaignReviewView[];
  empty: string;
  decisions: CampaignDecisions;
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
}) {
  return (
    <>
      <ResponsiveList
        rows={campaigns}
        rowKey={(c) => c.id}
        columns={columns(decisions)}
        caption="Campaigns"
        framed
        empty={
          <Card>
            <p className="text-gray-700">{empty}</p>
          </Card>
        }
        card={(c) => <CampaignReviewCard campaign={c} decisions={decisions} />}
        rowTestId={(c) => `campaign-row-${c.id}`}
        cardTestId={(c) => `campaign-card-${c.id}`}
      />
      <Pager page={page} pageCount={pageCount} hrefFor={pageHref} />
    </>
  );
}
