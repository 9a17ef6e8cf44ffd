import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import {
  CampaignActions,
  CampaignPicture,
  CampaignReviewCard,
  CampaignStatus,
  viewsText,
  type CampaignDecisions,
  type CampaignReviewView,
} from "./campaign-review-card";

/** A few figures or dates as label/value pairs, in one table cell. */
function Pairs({ pairs }: { pairs: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
      {pairs.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="whitespace-nowrap text-gray-600">{label}</dt>
          <dd className="text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function columns(decisions: CampaignDecisions): ListColumn<CampaignReviewView>[] {
  return [
    {
      header: "Campaign",
      cell: (c) => (
        <div className="flex min-w-56 gap-3">
          <CampaignPicture campaign={c} small />
          <div className="min-w-0">
            <p className="break-words font-semibold text-gray-900">{c.title}</p>
            <p className="mt-1 whitespace-pre-line break-words text-gray-700">{c.description}</p>
          </div>
        </div>
      ),
    },
    {
      header: "Advertiser",
      cell: (c) => (
        <div className="min-w-36">
          <p className="break-words font-medium text-gray-900">{c.businessName}</p>
          <p className="break-all text-xs text-gray-600">{c.advertiserEmail}</p>
          <p className="mt-1 font-mono text-xs text-gray-500">{c.reference}</p>
        </div>
      ),
    },
    {
      header: "Reward and budget",
      cell: (c) => (
        <Pairs
          pairs={[
            ["Reward per view", c.rewardText],
            ["Views done", viewsText(c)],
            ["Budget", c.budgetText],
            ["Platform fee", c.feeText],
          ]}
        />
      ),
    },
    {
      header: "Dates",
      cell: (c) => (
        <Pairs
          pairs={[
            [c.start.label, c.start.value],
            ["Ends", c.endsText],
            ["Created", c.createdText],
          ]}
        />
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
