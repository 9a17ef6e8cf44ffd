import { useLocation } from "react-router";
import { ConfirmAction } from "~/components/confirm-action";
import { Button } from "~/components/ui/button";
import type { AdminWithdrawalRow } from "~/domain/withdrawals/admin-withdrawal-row";

/**
 * Per status: pending → Start Processing or Reject; processing → Pay via Paystack (when Paystack
 * is on and it is in no payout file), Mark as Completed, and Reject once a transfer for it failed;
 * sent waits for Paystack; rejected and completed have none. Each behind a confirmation dialog; the server checks the transition again.
 */
export function WithdrawalActions({ row }: { row: AdminWithdrawalRow }) {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const who = `${row.reference} of ${row.amount} for ${row.userName}`;
  if (row.status === "pending") {
    return (
      <div className="flex flex-wrap gap-2">
        <ConfirmAction
          trigger={
            <Button size="sm" aria-label={`Start Processing withdrawal ${who}`}>
              Start Processing
            </Button>
          }
          title="Start Processing?"
          description={
            <>
              {row.userName} asked for {row.amount} ({row.reference}). The bank is to receive {row.net} (fee {row.fee})
              in {row.accountHolderName}, {row.bankName} {row.accountNumber}. It moves to Processing and goes into the
              next payout CSV downloaded.
            </>
          }
          confirmLabel="Start Processing"
          fields={{ intent: "start-processing", withdrawalId: row.id }}
        />
        <RejectAction row={row} who={who} />
      </div>
    );
  }
  if (row.status === "processing") {
    return (
      <div className="flex flex-wrap gap-2">
        {row.payable ? (
          <ConfirmAction
            trigger={
              <Button size="sm" aria-label={`Pay via Paystack withdrawal ${who}`}>
                Pay via Paystack
              </Button>
            }
            title="Pay via Paystack?"
            description={
              <>
                Paystack sends {row.net} (the {row.amount} asked for, less the {row.fee} fee) to {row.accountHolderName}
                , {row.bankName} {row.accountNumber}, with reference {row.reference}. It is queued and sent in a moment;
                it shows as Sent until Paystack confirms the payment, then Completed.
              </>
            }
            confirmLabel="Pay via Paystack"
            action="/admin/withdrawals/pay"
            fields={{ withdrawalId: row.id, returnTo }}
          />
        ) : null}
        <MarkCompleted row={row} who={who} />
        {row.transferFailureReason && !row.payoutBatch ? (
          <RejectAction row={row} who={who} because={`Its transfer was not paid (${row.transferFailureReason}).`} />
        ) : null}
      </div>
    );
  }
  if (row.status === "sent") {
    return <span className="text-sm text-gray-600">Waiting for Paystack to confirm</span>;
  }
  return (
    <>
      <span aria-hidden className="text-gray-400">
        —
      </span>
      <span className="sr-only">No actions</span>
    </>
  );
}

/** "Mark as Completed": for a withdrawal paid outside Paystack (a payout file, or by hand). */
function MarkCompleted({ row, who }: { row: AdminWithdrawalRow; who: string }) {
  return (
    <ConfirmAction
      trigger={
        <Button
          size="sm"
          variant={row.payable ? "outline" : "default"}
          aria-label={`Mark as Completed withdrawal ${who}`}
        >
          Mark as Completed
        </Button>
      }
      title="Have you completed the payment for this withdrawal?"
      description={
        <>
          Confirm only after the bank has paid {row.net} to {row.accountHolderName}, {row.bankName} {row.accountNumber}{" "}
          (reference {row.reference}). The withdrawal becomes Completed.
        </>
      }
      confirmLabel="Mark as Completed"
      fields={{ intent: "complete", withdrawalId: row.id }}
    />
  );
}

/** "Reject": the whole amount goes back to the member (pending, or processing after a failed transfer). */
function RejectAction({ row, who, because }: { row: AdminWithdrawalRow; who: string; because?: string }) {
  return (
    <ConfirmAction
      trigger={
        <Button size="sm" variant="outline" className="text-red-700" aria-label={`Reject withdrawal ${who}`}>
          Reject
        </Button>
      }
      title="Reject withdrawal?"
      description={`${because ? `${because} ` : ""}${row.amount} (${row.reference}) goes back to ${row.userName}'s balance. This cannot be undone.`}
      confirmLabel="Reject"
      fields={{ intent: "reject", withdrawalId: row.id }}
      destructive
    />
  );
}
