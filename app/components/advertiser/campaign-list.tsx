import { Link } from "react-router";
import { StatusBadge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { campaignStart } from "~/domain/campaigns/report";
import { CAMPAIGN_STATUS_BADGES, type CampaignStatus } from "~/domain/campaigns/rules";
import { formatKobo, type Kobo } from "~/domain/shared/money";
import { formatLagosDate } from "~/lib/lagos-time";

export type CampaignListItem = {
  id: string;
  title: string;
  status: CampaignStatus;
  viewsDone: number;
  viewsWanted: number;
  budget: string;
  created: string;
  /** The day it started running (campaignStart), once it has. */
  started: string | null;
};

/** A campaign as listed (listAdvertiserCampaigns' row), formatted for the page. */
export function toCampaignListItem(
  c: {
    id: string;
    title: string;
    status: CampaignStatus;
    viewsDone: number;
    viewsWanted: number;
    budgetKobo: Kobo;
    createdAt: Date;
    startsAt: Date | null;
    activatedAt: Date | null;
  },
  now = new Date(),
): CampaignListItem {
  const start = campaignStart(c);
  return {
    id: c.id,
    title: c.title,
    status: c.status,
    viewsDone: c.viewsDone,
    viewsWanted: c.viewsWanted,
    budget: formatKobo(c.budgetKobo),
    created: formatLagosDate(c.createdAt),
    started: start && start <= now ? formatLagosDate(start) : null,
  };
}

/** The advertiser's campaigns as cards (one column on a phone), or the empty state. */
export function CampaignList({ campaigns, newHref }: { campaigns: CampaignListItem[]; newHref?: string }) {
  if (campaigns.length === 0) {
    return (
      <Card data-testid="campaigns-empty">
        <p className="text-sm text-gray-700">
          You have no campaigns yet.{" "}
          {newHref ? (
            <Link to={newHref} className="font-medium text-brand-700 underline underline-offset-2">
              Create your first campaign
            </Link>
          ) : null}
        </p>
      </Card>
    );
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2" data-testid="campaign-list">
      {campaigns.map((c) => (
        <li key={c.id}>
          <Card className="grid gap-2" data-testid="campaign-card">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="min-w-0 break-words font-semibold text-gray-900">
                <Link to={`/advertiser/campaigns/${c.id}`} className="underline-offset-2 hover:underline">
                  {c.title}
                </Link>
              </h3>
              <StatusBadge status={c.status} badges={CAMPAIGN_STATUS_BADGES} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-gray-600">Views</dt>
              <dd className="tabular-nums">
                {c.viewsDone.toLocaleString("en-NG")} / {c.viewsWanted.toLocaleString("en-NG")}
              </dd>
              <dt className="text-gray-600">Budget</dt>
              <dd className="tabular-nums">{c.budget}</dd>
              <dt className="text-gray-600">Created</dt>
              <dd>{c.created}</dd>
              {c.started ? (
                <>
                  <dt className="text-gray-600">Started</dt>
                  <dd data-testid="campaign-started">{c.started}</dd>
                </>
              ) : null}
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
