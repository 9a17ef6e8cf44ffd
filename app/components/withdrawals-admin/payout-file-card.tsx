import { Download } from "lucide-react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PayoutDownloadForm } from "./payout-download";

/**
 * The payout files, above Withdrawal Requests' list: the download of what is in no file yet, and
 * the warning never to upload a file twice, there whenever a "Download again" link (which points
 * at it) is. Nothing when there is neither.
 */
export function PayoutFileCard({
  newPayoutCount,
  exportedPayoutCount,
  downloadedInList,
}: {
  /** Processing withdrawals in no payout file yet: what the next download takes. */
  newPayoutCount: number;
  /** Processing withdrawals already in a payout file (downloaded, not yet marked as completed). */
  exportedPayoutCount: number;
  /** The list shows a processing withdrawal already in a payout file (with its "Download again"). */
  downloadedInList: boolean;
}) {
  const revalidator = useRevalidator();
  const showReexportWarning = exportedPayoutCount > 0 || downloadedInList;
  if (newPayoutCount === 0 && !showReexportWarning) return null;
  // The download takes its withdrawals into a payout file: reload the list once it has.
  const afterDownload = () => window.setTimeout(() => void revalidator.revalidate(), 1500);
  return (
    <Card className="grid gap-3">
      {newPayoutCount > 0 ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-gray-700" id="payout-csv-hint">
            {newPayoutCount === 1 ? "1 processing withdrawal is" : `${newPayoutCount} processing withdrawals are`} in no
            payout file yet. Download them as a CSV for your bank&apos;s bulk-transfer upload, then mark each as
            completed once paid. Each download holds only withdrawals not downloaded before.
          </p>
          {/* A form post that answers with the file. The list reloads shortly after, so the
              withdrawals show the payout file they went into. */}
          <PayoutDownloadForm onSubmit={afterDownload}>
            <Button type="submit" variant="outline" aria-describedby="payout-csv-hint">
              <Download className="h-4 w-4" aria-hidden />
              Download payout CSV ({newPayoutCount} new)
            </Button>
          </PayoutDownloadForm>
        </div>
      ) : null}
      {showReexportWarning ? (
        <p className="text-sm text-amber-800" id="payout-reexport-warning">
          {exportedPayoutCount === 1
            ? "1 processing withdrawal is already in a payout file. "
            : exportedPayoutCount > 1
              ? `${exportedPayoutCount} processing withdrawals are already in a payout file. `
              : null}
          “Download again” gives the same file once more, in case it was lost: never upload a payout file to the bank
          twice, the bank would pay every withdrawal in it again.
        </p>
      ) : null}
    </Card>
  );
}
