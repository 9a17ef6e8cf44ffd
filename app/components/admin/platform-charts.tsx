import { BarChart, type BarChartDatum } from "~/components/charts/bar-chart";
import { Card } from "~/components/ui/card";

export type PlatformChartView = {
  /** Stable id, for the heading's id and tests: "advert-rewards". */
  id: string;
  /** The heading, e.g. "Advert rewards paid". */
  title: string;
  /** What the 30 days add up to, formatted ("₦12.50", "7"). */
  total: string;
  /** Zero, formatted like the values. */
  zero: string;
  /** The table's value column heading, e.g. "Paid". */
  valueHeading: string;
  /** One bar per Lagos day, oldest first. */
  days: BarChartDatum[];
};

export const PLATFORM_CHARTS_TITLE = "Last 30 days";

/**
 * The platform's last 30 Lagos days, one small chart per figure: rewards paid, withdrawals paid
 * out and new members. Each chart's figures are also in its table under "Show the figures".
 */
export function PlatformCharts({ charts }: { charts: PlatformChartView[] }) {
  return (
    <Card aria-labelledby="platform-charts-title" data-testid="platform-charts">
      <h2 id="platform-charts-title" className="text-lg font-semibold">
        {PLATFORM_CHARTS_TITLE}
      </h2>
      <p className="text-sm text-gray-600">By Lagos day, today included.</p>
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        {charts.map((chart) => (
          <section
            key={chart.id}
            aria-labelledby={`platform-chart-${chart.id}`}
            className="min-w-0"
            data-testid={`platform-chart-${chart.id}`}
          >
            <h3 id={`platform-chart-${chart.id}`} className="font-semibold">
              {chart.title}
            </h3>
            <p className="text-sm text-gray-600">
              <span className="font-semibold tabular-nums text-gray-900" data-testid="chart-total">
                {chart.total}
              </span>{" "}
              in the last 30 days
            </p>
            <BarChart
              className="mt-3"
              title={`${chart.title}, last 30 days, by day`}
              data={chart.days}
              zeroFormatted={chart.zero}
              labelHeading="Day"
              valueHeading={chart.valueHeading}
              compact
            />
          </section>
        ))}
      </div>
    </Card>
  );
}
