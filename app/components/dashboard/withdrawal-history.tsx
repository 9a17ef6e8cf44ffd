import { Link } from "react-router";
import { StatusBadge } from "~/components/ui/badge";
import { Card, CardTitle } from "~/components/ui/card";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { MEMBER_WITHDRAWAL_STATUS_BADGES } from "~/domain/withdrawals/lifecycle";
import type { WithdrawalHistoryItem } from "~/domain/withdrawals/withdrawal-history";

export const NO_WITHDRAWALS_TEXT = "No withdrawals yet.";

const COLUMNS: ListColumn<WithdrawalHistoryItem>[] = [
  { header: "Amount", cell: (row) => row.amount, align: "end", className: "font-medium" },
  { header: "Date", cell: (row) => row.requested, className: "whitespace-nowrap text-gray-700" },
  {
    header: "Status",
    cell: (row) => (
      <>
        <StatusBadge status={row.status} badges={MEMBER_WITHDRAWAL_STATUS_BADGES} />
        {row.transferCode ? (
          <span className="mt-1 block text-xs text-gray-600">
            Transfer <span className="font-mono">{row.transferCode}</span>
          </span>
        ) : null}
      </>
    ),
  },
];

/** The dashboard's "Withdrawal history": Amount, Date, Status. */
export function WithdrawalHistory({ rows }: { rows: WithdrawalHistoryItem[] }) {
  return (
    <Card aria-labelledby="withdrawal-history-title">
      <CardTitle id="withdrawal-history-title">Withdrawal history</CardTitle>
      <ResponsiveList
        className="mt-4"
        rows={rows}
        rowKey={(row) => row.id}
        columns={COLUMNS}
        caption="Withdrawal history"
        testId="withdrawal-history"
        empty={
          <p>
            {NO_WITHDRAWALS_TEXT} Request one from your{" "}
            <Link to="/profile" className="font-medium text-brand-700 underline underline-offset-2">
              profile
            </Link>
            .
          </p>
        }
      />
    </Card>
  );
}
