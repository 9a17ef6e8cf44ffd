import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";

export type TopPerformersView = {
  period: "week" | "month" | "year";
  /** The period in words: "Week of 22 Nov 2026", "November 2026", "2026". */
  periodLabel: string;
  rows: { rank: number; name: string; displayId: string; amount: string }[];
};

const TABS = [
  { period: "week", label: "Weekly" },
  { period: "month", label: "Monthly" },
  { period: "year", label: "Yearly" },
] as const;

/**
 * Who earned most in the chosen Lagos week, month or year. The tabs are links (`?period=…`), so
 * they work before JavaScript loads and can be bookmarked; a list, not a table, so it fits a phone.
 */
export function TopPerformers({ view }: { view: TopPerformersView }) {
  return (
    <Card aria-labelledby="top-performers-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="top-performers-title" className="text-lg font-semibold">
            Top Performers
          </h2>
          <p className="text-sm text-gray-600" data-testid="top-performers-period">
            {view.periodLabel}
          </p>
        </div>
        <nav aria-label="Top Performers period">
          <ul className="flex gap-1 rounded-md bg-gray-100 p-1">
            {TABS.map((tab) => {
              const current = tab.period === view.period;
              return (
                <li key={tab.period}>
                  <Link
                    to={`?period=${tab.period}`}
                    preventScrollReset
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "inline-flex min-h-10 items-center rounded px-3 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600",
                      current ? "bg-white text-gray-900 shadow-sm" : "text-gray-700 hover:text-gray-900",
                    )}
                  >
                    {tab.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      {view.rows.length > 0 ? (
        <ol className="mt-4 divide-y divide-gray-100" aria-label={`Top Performers, ${view.periodLabel}`}>
          {view.rows.map((row) => (
            <li key={row.displayId} className="flex items-start gap-3 py-3 sm:items-center" data-testid="top-performer">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700">
                <span className="sr-only">Rank </span>
                {row.rank}
              </span>
              {/* On a phone the amount goes under the name, so a long name keeps the width. */}
              <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <p className="font-medium break-words text-gray-900">{row.name}</p>
                  <p className="text-xs text-gray-600">{row.displayId}</p>
                </div>
                <p className="font-semibold text-gray-900 tabular-nums sm:shrink-0 sm:text-right">{row.amount}</p>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-sm text-gray-600">No data for this period.</p>
      )}
    </Card>
  );
}
