import { Link } from "react-router";
import { Card, CardTitle } from "~/components/ui/card";
import { Badge } from "~/components/ui/badge";
import { formatKobo } from "~/domain/shared/money";
import type { WithdrawalStatus } from "~/domain/withdrawals/lifecycle";
import { formatLagosDateTime } from "~/lib/lagos-time";

export type WithdrawalStatusValue = WithdrawalStatus;

/** One withdrawal as pages show it: every figure already formatted on the server. */
export type WithdrawalHistoryItem = {
  id: string;
  reference: string;
  amount: string;
  fee: string;
  net: string;
  status: WithdrawalStatusValue;
  requested: string;
  /** When it was paid (completed only). */
  processed: string | null;
  bankName: string;
  accountNumberLast4: string;
};

/** The loader's conversion of a listed withdrawal (listMemberWithdrawals) into what pages show. */
export function toWithdrawalHistoryItem(row: {
  id: string;
  reference: string;
  amountKobo: bigint;
  feeKobo: bigint;
  netKobo: bigint;
  status: WithdrawalStatusValue;
  requestedAt: Date;
  processedAt: Date | null;
  bankName: string;
  accountNumberLast4: string;
}): WithdrawalHistoryItem {
  return {
    id: row.id,
    reference: row.reference,
    amount: formatKobo(row.amountKobo),
    fee: formatKobo(row.feeKobo),
    net: formatKobo(row.netKobo),
    status: row.status,
    requested: formatLagosDateTime(row.requestedAt),
    processed: row.processedAt ? formatLagosDateTime(row.processedAt) : null,
    bankName: row.bankName,
    accountNumberLast4: row.accountNumberLast4,
  };
}

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
