import { Link } from "react-router";
import { Card, CardTitle } from "~/components/ui/card";
import { Badge } from "~/components/ui/badge";
import type { WithdrawalStatus } from "~/domain/withdrawals/lifecycle";
import type { WithdrawalHistoryItem } from "~/domain/withdrawals/withdrawal-history";

export type WithdrawalStatusValue = WithdrawalStatus;

const STATUS: Record<WithdrawalStatusValue, { label: string; tone: "yellow" | "blue" | "green" | "red" }> = {
  pending: { label: "Pending", tone: "yellow" },
  processing: { label: "Processing", tone: "blue" },
  completed: { label: "Completed", tone: "green" },
  rejected: { label: "Rejected", tone: "red" },
};

/** Badge colours: pending yellow, processing blue, completed green, rejected red. */
export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatusValue }) {
  const { label, tone } = STATUS[status];
  return (
    <Badge tone={tone} data-status={status}>
      {label}
    </Badge>
  );
}

export const NO_WITHDRAWALS_TEXT = "No withdrawals yet.";

/** The dashboard's "Withdrawal history" table: Amount, Date, Status. */
export function WithdrawalHistory({ rows }: { rows: WithdrawalHistoryItem[] }) {
  return (
    <Card aria-labelledby="withdrawal-history-title">
      <CardTitle id="withdrawal-history-title">Withdrawal history</CardTitle>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600">
          {NO_WITHDRAWALS_TEXT} Request one from your{" "}
          <Link to="/profile" className="font-medium text-brand-700 underline underline-offset-2">
            profile
          </Link>
          .
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="withdrawal-history">
            <thead className="border-b border-gray-200 text-gray-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Amount
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-gray-100 last:border-0">
                  <td className="whitespace-nowrap py-2 pr-3 font-medium tabular-nums">{row.amount}</td>
                  <td className="whitespace-nowrap py-2 pr-3 text-gray-700">{row.requested}</td>
                  <td className="py-2">
                    <WithdrawalStatusBadge status={row.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
