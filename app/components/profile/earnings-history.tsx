import { Link } from "react-router";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";

export type EarningsHistoryItem = {
  id: string;
  date: string;
  kind: "advert_reward" | "referral_reward";
  /** The advert viewed (advert rewards), or the referred member whose upgrade paid it (referral rewards). */
  source: string | null;
  amount: string;
};

export const NO_EARNINGS_TEXT = "No earnings yet. View adverts on your dashboard to start earning.";

/** What an earning was for: "Advert: Indomie Jollof", "Referral: Bola Adeyemi". */
function earnedFrom(row: EarningsHistoryItem): string {
  const kind = row.kind === "advert_reward" ? "Advert" : "Referral";
  return row.source ? `${kind}: ${row.source}` : row.kind === "advert_reward" ? "Advert reward" : "Referral reward";
}

const COLUMNS: ListColumn<EarningsHistoryItem>[] = [
  { header: "Date", cell: (row) => row.date, className: "whitespace-nowrap text-gray-700" },
  { header: "Earned from", cell: earnedFrom, className: "break-words" },
  { header: "Amount", cell: (row) => row.amount, align: "end", className: "font-medium text-brand-700" },
];

/**
 * The member's earnings on the profile, newest first: every advert and referral reward, the rows
 * of Total Earnings (so it is empty only while the total is ₦0.00), with a link to the statement,
 * which has every movement of the balance.
 */
export function EarningsHistory({ rows, shownAtMost }: { rows: EarningsHistoryItem[]; shownAtMost: number }) {
  return (
    <Card aria-labelledby="earnings-history-title">
      <CardTitle id="earnings-history-title">Earnings history</CardTitle>
      <CardDescription>
        Your advert and referral rewards, newest first
        {rows.length >= shownAtMost ? ` (the latest ${shownAtMost})` : ""}.
      </CardDescription>
      <ResponsiveList
        className="mt-4"
        rows={rows}
        rowKey={(row) => row.id}
        columns={COLUMNS}
        caption="Earnings history"
        testId="earnings-history"
        empty={<p>{NO_EARNINGS_TEXT}</p>}
      />
      <p className="mt-4 text-sm">
        <Link to="/statement" className="font-medium text-brand-700 underline underline-offset-2">
          See your full statement
        </Link>{" "}
        for every movement of your money: earnings, withdrawals and upgrades.
      </p>
    </Card>
  );
}
