import { Link } from "react-router";
import { Card, CardTitle } from "~/components/ui/card";
import { NO_WITHDRAWALS_TEXT } from "~/components/dashboard/withdrawal-history";
import { StatusBadge } from "~/components/ui/badge";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { MEMBER_WITHDRAWAL_STATUS_BADGES } from "~/domain/withdrawals/lifecycle";
import type { WithdrawalHistoryItem } from "~/domain/withdrawals/withdrawal-history";

const status = (row: WithdrawalHistoryItem) => (
  <StatusBadge status={row.status} badges={MEMBER_WITHDRAWAL_STATUS_BADGES} />
);

const COLUMNS: ListColumn<WithdrawalHistoryItem>[] = [
  { header: "Amount", cell: (row) => row.amount, align: "end", className: "font-medium" },
  { header: "Fee", cell: (row) => row.fee, align: "end", className: "text-gray-700" },
  { header: "You receive", cell: (row) => row.net, align: "end", className: "font-medium" },
  {
    header: "To",
    cell: (row) => (
      <>
        <span className="break-words">
          {row.bankName} ending {row.accountNumberLast4}
        </span>
        <span className="block text-xs text-gray-600">
          Ref <span className="font-mono">{row.reference}</span>
        </span>
      </>
    ),
    className: "min-w-40",
  },
  {
    header: "Requested",
    cell: (row) => (
      <>
        <span className="whitespace-nowrap">{row.requested}</span>
        {row.processed ? <span className="block whitespace-nowrap text-xs">Paid {row.processed}</span> : null}
      </>
    ),
    className: "text-gray-700",
  },
  { header: "Status", cell: status },
];

/**
 * The member's withdrawals on the profile (and the advertiser's on Payouts), newest first: the
 * amount, fee, what the bank receives and where, when, and the status. A table where the list
 * is wide enough for one; otherwise (a phone, or the narrow column beside the forms) one stacked
 * card per request.
 */
export function WithdrawalList({
  rows,
  statementLink = false,
}: {
  rows: WithdrawalHistoryItem[];
  /** A member's list links to their statement (each withdrawal's timeline, every other movement). */
  statementLink?: boolean;
}) {
  return (
    <Card aria-labelledby="withdrawal-list-title">
      <CardTitle id="withdrawal-list-title">Withdrawal history</CardTitle>
      <ResponsiveList
        className="mt-4"
        rows={rows}
        rowKey={(row) => row.id}
        columns={COLUMNS}
        caption="Withdrawal history"
        testId="withdrawal-list"
        // Beside the profile's forms the column is narrow: the table only where it fits.
        tableFrom="container"
        empty={<p>{NO_WITHDRAWALS_TEXT} Your withdrawal requests will appear here.</p>}
        card={(row) => <WithdrawalCard row={row} />}
      />
      {statementLink ? (
        <p className="mt-4 text-sm">
          <Link to="/statement" className="font-medium text-brand-700 underline underline-offset-2">
            See your full statement
          </Link>{" "}
          for each withdrawal&apos;s timeline and every other movement of your money.
        </p>
      ) : null}
    </Card>
  );
}

function WithdrawalCard({ row }: { row: WithdrawalHistoryItem }) {
  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between gap-3">
        <span className="text-base font-semibold tabular-nums">{row.amount}</span>
        {status(row)}
      </div>
      <p className="text-sm text-gray-700">
        Fee {row.fee} · You receive <span className="font-medium tabular-nums">{row.net}</span>
      </p>
      <p className="break-words text-xs text-gray-600">
        To {row.bankName} ending {row.accountNumberLast4} · Ref <span className="font-mono">{row.reference}</span>
      </p>
      <p className="text-xs text-gray-600">
        Requested {row.requested}
        {row.processed ? ` · Paid ${row.processed}` : ""}
      </p>
    </div>
  );
}
