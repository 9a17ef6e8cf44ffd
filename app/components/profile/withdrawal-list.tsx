import { Card, CardTitle } from "~/components/ui/card";
import { NO_WITHDRAWALS_TEXT } from "~/components/dashboard/withdrawal-history";
import { StatusBadge } from "~/components/ui/badge";
import { WITHDRAWAL_STATUS_BADGES } from "~/domain/withdrawals/lifecycle";
import type { WithdrawalHistoryItem } from "~/domain/withdrawals/withdrawal-history";

/**
 * The member's withdrawals on the profile, newest first: one stacked item per request (fits a
 * 360 px screen without sideways scrolling), with the fee, what the bank receives and where.
 */
export function WithdrawalList({ rows }: { rows: WithdrawalHistoryItem[] }) {
  return (
    <Card aria-labelledby="withdrawal-list-title">
      <CardTitle id="withdrawal-list-title">Withdrawal history</CardTitle>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600">{NO_WITHDRAWALS_TEXT} Your withdrawal requests will appear here.</p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-100" data-testid="withdrawal-list">
          {rows.map((row) => (
            <li key={row.id} className="grid gap-1 py-3 first:pt-0 last:pb-0">
              <div className="flex items-center justify-between gap-3">
                <span className="text-base font-semibold tabular-nums">{row.amount}</span>
                <StatusBadge status={row.status} badges={WITHDRAWAL_STATUS_BADGES} />
              </div>
              <p className="text-sm text-gray-700">
                Fee {row.fee} · You receive <span className="font-medium tabular-nums">{row.net}</span>
              </p>
              <p className="break-words text-xs text-gray-600">
                To {row.bankName} ending {row.accountNumberLast4} · Ref{" "}
                <span className="font-mono">{row.reference}</span>
              </p>
              <p className="text-xs text-gray-600">
                Requested {row.requested}
                {row.processed ? ` · Paid ${row.processed}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
