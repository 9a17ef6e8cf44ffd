import { BarChart, type BarChartDatum } from "~/components/charts/bar-chart";
import { Card, CardTitle } from "~/components/ui/card";

export type EarningsChartView = {
  /** One bar per Lagos day, oldest first. */
  days: BarChartDatum[];
  /** What the days add up to, formatted ("₦12.50"). */
  total: string;
  /** Zero, formatted like the amounts. */
  zero: string;
  /** Whether anything was earned in the window. */
  earned: boolean;
};

export const EARNINGS_CHART_TITLE = "Earnings, last 14 days";
export const NO_RECENT_EARNINGS_TEXT = "No earnings in the last 14 days. View an advert to start earning.";

/** The dashboard's chart of what the member earned each day of the last 14 (advert and referral rewards). */
export function EarningsChart({ chart }: { chart: EarningsChartView }) {
  return (
    <Card aria-labelledby="earnings-chart-title" data-testid="earnings-chart">
      <CardTitle id="earnings-chart-title">{EARNINGS_CHART_TITLE}</CardTitle>
      {chart.earned ? (
        <>
          <p className="mt-1 text-sm text-gray-600">
            <span className="font-semibold tabular-nums text-gray-900">{chart.total}</span> from adverts and referrals,
            by Lagos day.
          </p>
          <BarChart
            className="mt-4"
            title={`${EARNINGS_CHART_TITLE}, by day`}
            data={chart.days}
            zeroFormatted={chart.zero}
            labelHeading="Day"
            valueHeading="Earned"
          />
        </>
      ) : (
        <p className="mt-4 text-sm text-gray-600">{NO_RECENT_EARNINGS_TEXT}</p>
      )}
    </Card>
  );
}
