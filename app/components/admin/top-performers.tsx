import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
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

type Performer = TopPerformersView["rows"][number];

/** The member's name over their user ID. */
const member = (row: Performer) => (
  <div className="min-w-0">
    <p className="font-medium break-words text-gray-900">{row.name}</p>
    <p className="text-xs text-gray-600">{row.displayId}</p>
  </div>
);

/** The rank in a green circle ("Rank 1" to a screen reader). */
const rank = (row: Performer) => (
  <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700">
    <span className="sr-only">Rank </span>
    {row.rank}
  </span>
);

const COLUMNS: ListColumn<Performer>[] = [
  { header: "Rank", cell: rank, className: "w-16 align-middle" },
  { header: "Member", cell: member, className: "align-middle" },
  {
    header: "Earned",
    cell: (row) => row.amount,
    align: "end",
    className: "align-middle text-base font-semibold text-gray-900",
  },
];

/**
 * Who earned most in the chosen Lagos week, month or year. The tabs are links (`?period=…`), so
 * they work before JavaScript loads and can be bookmarked. A table from the medium breakpoint up;
 * on a phone one card per member.
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
      <ResponsiveList
        className="mt-4"
        rows={view.rows}
        rowKey={(row) => row.displayId}
        columns={COLUMNS}
        caption={`Top Performers, ${view.periodLabel}`}
        empty={<p>No data for this period.</p>}
        rowTestId={() => "top-performer"}
        cardTestId={() => "top-performer"}
        card={(row) => <PerformerCard row={row} />}
      />
    </Card>
  );
}

/** A member on a phone: the rank, the name (wrapping) and, under it, the amount. */
function PerformerCard({ row }: { row: Performer }) {
  return (
    <div className="flex items-start gap-3">
      {rank(row)}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {member(row)}
        <p className="font-semibold text-gray-900 tabular-nums">{row.amount}</p>
      </div>
    </div>
  );
}
