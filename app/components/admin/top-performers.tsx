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
            <li key={row.displayId} className="flex items-center gap-3 py-3" data-testid="top-performer">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700">
                <span className="sr-only">Rank </span>
                {row.rank}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-gray-900 [overflow-wrap:anywhere]">{row.name}</p>
                <p className="text-xs text-gray-600">{row.displayId}</p>
              </div>
              <p className="shrink-0 text-right font-semibold text-gray-900 tabular-nums">{row.amount}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-sm text-gray-600">No data for this period.</p>
      )}
    </Card>
  );
}
