import type { ReactNode } from "react";
import { Form } from "react-router";

/** Where payout files are downloaded: a POST (a new batch, or `batch` for an earlier one again). */
export const PAYOUT_CSV_PATH = "/admin/withdrawals/export.csv";

/**
 * A payout CSV download: a form post whose answer is the file (an attachment), so the browser
 * downloads it and stays on the page, with or without JavaScript. `reloadDocument` keeps React
 * Router from turning the submit into a fetch (the file would never reach the downloads).
 */
export function PayoutDownloadForm({
  batch,
  className,
  onSubmit,
  children,
}: {
  /** An earlier batch to download again; without it, a new batch of what is in no file yet. */
  batch?: string;
  className?: string;
  onSubmit?: () => void;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={PAYOUT_CSV_PATH} reloadDocument className={className} onSubmit={onSubmit}>
      {batch ? <input type="hidden" name="batch" value={batch} /> : null}
      {children}
    </Form>
  );
}
