import { ConfirmAction } from "~/components/confirm-action";
import { Button } from "~/components/ui/button";
import type { AdminWithdrawalRow } from "./types";

/**
 * Per status: pending → Start Processing or Reject; processing → Mark as Completed; rejected and
 * completed have none. Each behind a confirmation dialog; the server checks the transition again.
 */
export function WithdrawalActions({ row }: { row: AdminWithdrawalRow }) {
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
        <ConfirmAction
          trigger={
            <Button size="sm" variant="outline" className="text-red-700" aria-label={`Reject withdrawal ${who}`}>
              Reject
            </Button>
          }
          title="Reject withdrawal?"
          description={`${row.amount} (${row.reference}) goes back to ${row.userName}'s balance. This cannot be undone.`}
          confirmLabel="Reject"
          fields={{ intent: "reject", withdrawalId: row.id }}
          destructive
        />
      </div>
    );
  }
  if (row.status === "processing") {
    return (
      <ConfirmAction
        trigger={
          <Button size="sm" aria-label={`Mark as Completed withdrawal ${who}`}>
            Mark as Completed
          </Button>
        }
        title="Have you completed the payment for this withdrawal?"
        description={
          <>
            Confirm only after the bank has paid {row.net} to {row.accountHolderName}, {row.bankName}{" "}
            {row.accountNumber} (reference {row.reference}). The withdrawal becomes Completed.
          </>
        }
        confirmLabel="Mark as Completed"
        fields={{ intent: "complete", withdrawalId: row.id }}
      />
    );
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
