import { MemberLink, userColumn } from "~/components/admin/user-column";
import { StatusBadge } from "~/components/ui/badge";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { WITHDRAWAL_STATUS_BADGES } from "~/domain/withdrawals/lifecycle";
import { PayoutDownloadForm } from "./payout-download";
import { WithdrawalActions } from "./withdrawal-actions";
import type { AdminWithdrawalRow } from "~/domain/withdrawals/admin-withdrawal-row";

function BankDetails({ row }: { row: AdminWithdrawalRow }) {
  return (
    <>
      <span className="block">{row.bankName}</span>
      {/* Never broken across lines: an admin reads it out or copies it whole. */}
      <span className="block whitespace-nowrap font-mono">{row.accountNumber}</span>
      <span className="block text-gray-600">{row.accountHolderName}</span>
    </>
  );
}

/** A processing withdrawal already downloaded: the payout file it is in, and that file again. */
function PayoutFile({ row }: { row: AdminWithdrawalRow }) {
  if (row.status !== "processing" || !row.payoutBatch) return null;
  return (
    // A div, not a span: it holds a form.
    <div className="mt-1 text-xs text-gray-600">
      In payout file <span className="font-mono">{row.payoutBatch}</span>{" "}
      {/* The same file again (a form post: the download is audited). */}
      <PayoutDownloadForm batch={row.payoutBatch} className="inline">
        <button
          type="submit"
          className="cursor-pointer whitespace-nowrap text-blue-700 underline"
          aria-describedby="payout-reexport-warning"
        >
          Download again
          <span className="sr-only"> (payout file {row.payoutBatch})</span>
        </button>
      </PayoutDownloadForm>
    </div>
  );
}

/** When a completed withdrawal was paid. */
function Paid({ row }: { row: AdminWithdrawalRow }) {
  if (!row.processedAt || !row.processedAtText) return null;
  return (
    <span className="mt-1 block text-xs text-gray-500">
      Paid <time dateTime={row.processedAt}>{row.processedAtText}</time>
    </span>
  );
}

/** The form "Pay selected via Paystack" on the page: the ticked rows' checkboxes belong to it. */
export const PAY_SELECTED_FORM = "pay-selected";

/** A processing withdrawal's checkbox for "Pay selected via Paystack" (none for one that cannot be paid so). */
function SelectToPay({ row }: { row: AdminWithdrawalRow }) {
  if (!row.payable) return null;
  return (
    <input
      type="checkbox"
      name="withdrawalId"
      value={row.id}
      form={PAY_SELECTED_FORM}
      className="h-5 w-5 accent-green-700"
      aria-label={`Select withdrawal ${row.reference} of ${row.amount} for ${row.userName} to pay via Paystack`}
    />
  );
}

const PAYOUT_STATE_NOTES = {
  queued: "Queued to pay via Paystack",
  sending: "Being sent to Paystack",
  checking: "Outcome unknown, checking with Paystack",
} as const satisfies Record<NonNullable<AdminWithdrawalRow["payoutState"]>, string>;

/** Why it waits for an admin's check (the automatic payout's reason, or the member's freeze). */
function ReviewNote({ row }: { row: AdminWithdrawalRow }) {
  if (!row.reviewNote) return null;
  return <span className="mt-1 block text-xs font-medium text-amber-800">{row.reviewNote}</span>;
}

/** Paid (or being paid) through Paystack: the transfer code; queued; or why the last transfer did not pay. */
function TransferNote({ row }: { row: AdminWithdrawalRow }) {
  if (row.payoutState) {
    return <span className="mt-1 block text-xs text-gray-600">{PAYOUT_STATE_NOTES[row.payoutState]}</span>;
  }
  if (row.transferCode) {
    return (
      <span className="mt-1 block text-xs text-gray-600">
        Transfer <span className="font-mono">{row.transferCode}</span>
        {row.sentAtText ? <> sent {row.sentAtText}</> : null}
      </span>
    );
  }
  if (row.status === "processing" && row.transferFailureReason) {
    return <span className="mt-1 block text-xs text-red-700">Last transfer not paid: {row.transferFailureReason}</span>;
  }
  return null;
}

const SELECT_COLUMN: ListColumn<AdminWithdrawalRow> = {
  header: <span className="sr-only">Select to pay</span>,
  cell: (row) => <SelectToPay row={row} />,
  hideInCard: true,
};

const COLUMNS: ListColumn<AdminWithdrawalRow>[] = [
  userColumn((row) => ({ id: row.userId, name: row.userName, email: row.userEmail, displayId: row.userDisplayId })),
  { header: "Reference", cell: (row) => row.reference, className: "font-mono" },
  { header: "Amount", cell: (row) => row.amount, align: "end", className: "font-medium" },
  { header: "Fee", cell: (row) => row.fee, align: "end" },
  { header: "Net", cell: (row) => row.net, align: "end" },
  { header: "Bank Details", cell: (row) => <BankDetails row={row} />, className: "[overflow-wrap:anywhere]" },
  {
    header: "Requested",
    cell: (row) => <time dateTime={row.requestedAt}>{row.requestedAtText}</time>,
    className: "whitespace-nowrap",
  },
  {
    header: "Status",
    cell: (row) => (
      <>
        <StatusBadge status={row.status} badges={WITHDRAWAL_STATUS_BADGES} />
        <ReviewNote row={row} />
        <PayoutFile row={row} />
        <TransferNote row={row} />
        <Paid row={row} />
      </>
    ),
    hideInCard: true,
  },
  { header: "Actions", cell: (row) => <WithdrawalActions row={row} />, hideInCard: true },
];

/** The card's top: who asked, and the status with its payout file and payment date. */
function CardHeader({ row }: { row: AdminWithdrawalRow }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="[overflow-wrap:anywhere]">
            <MemberLink id={row.userId}>{row.userName}</MemberLink>
          </p>
          <p className="break-all text-gray-600">{row.userEmail}</p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge status={row.status} badges={WITHDRAWAL_STATUS_BADGES} />
          <SelectToPay row={row} />
        </div>
      </div>
      <ReviewNote row={row} />
      <PayoutFile row={row} />
      <TransferNote row={row} />
      <Paid row={row} />
    </>
  );
}

/** The withdrawal requests: a table on wide screens, one card per withdrawal on phones and tablets. */
export function WithdrawalsTable({ rows, caption }: { rows: AdminWithdrawalRow[]; caption: string }) {
  // The checkbox column only when a row on the page can be paid through Paystack.
  const columns = rows.some((row) => row.payable) ? [SELECT_COLUMN, ...COLUMNS] : COLUMNS;
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(row) => row.id}
      columns={columns}
      caption={caption}
      framed
      tableFrom="lg"
      empty={<p className="text-base text-gray-700">No withdrawal requests found.</p>}
      rowTestId={(row) => `withdrawal-row-${row.reference}`}
      cardTestId={(row) => `withdrawal-card-${row.reference}`}
      cardHeader={(row) => <CardHeader row={row} />}
      cardFooter={(row) =>
        row.status === "pending" || row.status === "processing" ? <WithdrawalActions row={row} /> : null
      }
    />
  );
}
