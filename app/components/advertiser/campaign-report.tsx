import { Download } from "lucide-react";
import { BarChart, type BarChartDatum } from "~/components/charts/bar-chart";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";

export type CampaignReportViewData = {
  verifiedViews: number;
  uniqueViewers: number;
  checkedViews: number;
  failedChecks: number;
  funded: string;
  rewards: string;
  fees: string;
  spend: string;
  refunded: string;
  remaining: string;
  hasRun: boolean;
  days: BarChartDatum[];
  tiers: { tier: string; views: number; share: string }[];
};

type TierRow = CampaignReportViewData["tiers"][number];

const TIER_COLUMNS: ListColumn<TierRow>[] = [
  { header: "Current tier", cell: (t) => t.tier, rowHeader: true, className: "font-normal" },
  { header: "Views", cell: (t) => t.views.toLocaleString("en-NG"), align: "end" },
  { header: "Share", cell: (t) => t.share, align: "end" },
];

/**
 * A campaign's report: its verified views and money (from the ledger), views per Lagos day as a
 * chart with its table, and the share of views by the viewers' current tier. No member is named.
 */
export function CampaignReportView({ report, csvHref }: { report: CampaignReportViewData; csvHref: string }) {
  return (
    <Card aria-labelledby="report-title" className="grid gap-5" data-testid="campaign-report">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="report-title">Report</CardTitle>
        <a href={csvHref} className={buttonVariants({ variant: "outline", size: "sm" })} download>
          <Download className="h-4 w-4" aria-hidden /> Download CSV
        </a>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="report-figures">
        <Figure label="Verified views" value={report.verifiedViews.toLocaleString("en-NG")} testId="report-views" />
        <Figure label="Unique viewers" value={report.uniqueViewers.toLocaleString("en-NG")} testId="report-viewers" />
        <Figure
          label="Passed attention check"
          value={report.checkedViews.toLocaleString("en-NG")}
          testId="report-checked"
        />
        <Figure
          label="Failed attention check"
          value={report.failedChecks.toLocaleString("en-NG")}
          testId="report-failed-checks"
        />
        <Figure label="Spent" value={report.spend} testId="report-spend" />
        <Figure label="Remaining budget" value={report.remaining} testId="report-remaining" />
        <Figure label="Paid to members" value={report.rewards} testId="report-rewards" />
        <Figure label="Platform fee charged" value={report.fees} testId="report-fees" />
        <Figure label="Paid in" value={report.funded} testId="report-funded" />
        <Figure label="Returned to balance" value={report.refunded} testId="report-refunded" />
      </dl>

      <section aria-labelledby="report-days-title" className="min-w-0">
        <h3 id="report-days-title" className="font-semibold">
          Verified views per day
        </h3>
        {report.hasRun ? (
          <>
            <p className="text-sm text-gray-600">By Lagos day.</p>
            <BarChart
              className="mt-3"
              title="Verified views per day"
              data={report.days}
              zeroFormatted="0"
              labelHeading="Day"
              valueHeading="Verified views"
            />
          </>
        ) : (
          <p className="text-sm text-gray-600">The chart starts once the campaign runs.</p>
        )}
      </section>

      <section aria-labelledby="report-tiers-title">
        <h3 id="report-tiers-title" className="font-semibold">
          Views by current tier
        </h3>
        <p className="text-sm text-gray-600">The membership tier each viewer is on now.</p>
        <ResponsiveList
          className="mt-2"
          rows={report.tiers}
          rowKey={(t) => t.tier}
          columns={TIER_COLUMNS}
          caption="Views by current tier"
          testId="report-tiers"
          empty={<p className="mt-1">No verified views yet.</p>}
        />
      </section>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0 rounded-md border border-gray-200 p-3">
      <dt className="text-gray-600">{label}</dt>
      <dd className="break-words text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
