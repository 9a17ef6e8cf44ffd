import { Download } from "lucide-react";
import { BarChart, type BarChartDatum } from "~/components/charts/bar-chart";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";

export type CampaignReportViewData = {
  verifiedViews: number;
  uniqueViewers: number;
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
        {report.tiers.length > 0 ? (
          <table className="mt-2 w-full text-left text-sm" data-testid="report-tiers">
            <thead className="border-b border-gray-200 text-gray-600">
              <tr>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Current tier
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                  Views
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  Share
                </th>
              </tr>
            </thead>
            <tbody>
              {report.tiers.map((t) => (
                <tr key={t.tier} className="border-b border-gray-100 last:border-0">
                  <th scope="row" className="py-1.5 pr-3 font-normal">
                    {t.tier}
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{t.views.toLocaleString("en-NG")}</td>
                  <td className="py-1.5 text-right tabular-nums">{t.share}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-1 text-sm text-gray-600">No verified views yet.</p>
        )}
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
