import { Card, CardTitle } from "~/components/ui/card";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";

export type EarningsHistoryItem = { id: string; date: string; advert: string; amount: string };

const COLUMNS: ListColumn<EarningsHistoryItem>[] = [
  { header: "Date", cell: (row) => row.date, className: "whitespace-nowrap text-gray-700" },
  { header: "Advert", cell: (row) => row.advert, className: "break-words" },
  { header: "Amount", cell: (row) => row.amount, align: "end", className: "font-medium text-brand-700" },
];

/** The member's advert rewards, newest first (profile): Date, Advert, Amount. */
export function EarningsHistory({ rows }: { rows: EarningsHistoryItem[] }) {
  return (
    <Card aria-labelledby="earnings-history-title">
      <CardTitle id="earnings-history-title">Earnings history</CardTitle>
      <ResponsiveList
        className="mt-4"
        rows={rows}
        rowKey={(row) => row.id}
        columns={COLUMNS}
        caption="Earnings history"
        testId="earnings-history"
        empty={<p>No earnings yet. View adverts on your dashboard to start earning.</p>}
      />
    </Card>
  );
}
