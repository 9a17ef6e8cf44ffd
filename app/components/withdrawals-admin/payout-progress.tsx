import { useEffect } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { MemberLink } from "~/components/admin/user-column";
import { StatusBadge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import {
  PAYOUT_PROGRESS,
  PAYOUT_PROGRESS_BADGES,
  type PayoutBatchView,
  type PayoutProgressRowView,
} from "~/domain/withdrawals/payout-progress";

/** While a batch is being sent, the page reloads its data this often (with JavaScript). */
const REFRESH_MS = 3_000;

const COLUMNS: ListColumn<PayoutProgressRowView>[] = [
  { header: "Reference", cell: (row) => row.reference, className: "font-mono" },
  { header: "Member", cell: (row) => <MemberLink id={row.userId}>{row.userName}</MemberLink> },
  { header: "Net", cell: (row) => row.net, align: "end" },
  {
    header: "Progress",
    cell: (row) => (
      <>
        <StatusBadge status={row.progress} badges={PAYOUT_PROGRESS_BADGES} />
        <span className="mt-1 block text-xs text-gray-600">{row.detail}</span>
      </>
    ),
    stackInCard: true,
  },
];

/** "12 paid, 3 sent, 20 waiting, 1 not paid": the batch's rows counted by progress, in the badges' order. */
function summaryOf(rows: readonly PayoutProgressRowView[]): string {
  return PAYOUT_PROGRESS.map((progress) => {
    const n = rows.filter((row) => row.progress === progress).length;
    return n > 0 ? `${n} ${PAYOUT_PROGRESS_BADGES[progress].label.toLowerCase()}` : null;
  })
    .filter((part) => part !== null)
    .join(", ");
}

/**
 * The progress of the latest "Pay via Paystack" presses: each withdrawal waiting, being sent,
 * sent, paid, of unknown outcome (being checked with Paystack) or not paid with the reason. The
 * newest batch opens by itself; with JavaScript the page refreshes while one is being sent,
 * without it the Refresh link reloads the page.
 */
export function PayoutProgressPanel({ batches }: { batches: readonly PayoutBatchView[] }) {
  const revalidator = useRevalidator();
  const location = useLocation();
  const sending = batches.some((batch) => batch.open > 0);
  useEffect(() => {
    if (!sending) return;
    const timer = window.setTimeout(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [sending, revalidator, batches]);
  if (batches.length === 0) return null;
  return (
    <Card className="grid gap-3" aria-labelledby="payout-progress-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="payout-progress-heading" className="text-lg font-semibold">
          Payouts via Paystack
        </h2>
        <Link
          to={`${location.pathname}${location.search}`}
          className="text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          Refresh
        </Link>
      </div>
      <p className="text-sm text-gray-700" aria-live="polite">
        {sending
          ? "Sending: each withdrawal is sent to Paystack in turn. You can leave this page; sending goes on."
          : "Nothing is waiting to be sent."}
      </p>
      {batches.map((batch, i) => (
        <details key={batch.batchId} open={i === 0} className="rounded-md border border-gray-200 p-3">
          <summary className="cursor-pointer text-sm">
            <span className="font-medium">
              {batch.rows.length === 1 ? "1 withdrawal" : `${batch.rows.length} withdrawals`} queued by{" "}
              {batch.queuedByName} at {batch.queuedAtText}
            </span>
            : {summaryOf(batch.rows)}
          </summary>
          <ResponsiveList
            className="mt-3"
            rows={batch.rows}
            rowKey={(row) => row.jobId}
            columns={COLUMNS}
            caption={`Payout progress, batch queued at ${batch.queuedAtText}`}
            empty={<p className="text-sm text-gray-700">Nothing in this batch.</p>}
            rowTestId={(row) => `payout-progress-${row.reference}`}
            cardTestId={(row) => `payout-progress-card-${row.reference}`}
          />
        </details>
      ))}
    </Card>
  );
}
