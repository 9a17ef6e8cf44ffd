import { TextAreaField } from "~/components/form-field";
import { UrlDialog } from "~/components/ui/url-dialog";
import { RESOLUTION_NOTE_MAX } from "~/domain/payments/disagreements";
import { resolveLinkId, type DisagreementRow } from "./disagreement-list";

/**
 * "Mark resolved?": the confirmation and the admin's note, in a dialog that lives in the URL
 * (`?resolve=<kind>:<key>`), so it works before JavaScript has loaded. Nothing moves: the note,
 * with the admin and the time, is kept for good and the entry moves to Resolved.
 */
export function ResolveDisagreementDialog({
  row,
  note,
  error,
  formError,
  action,
  closeTo,
  submitting,
}: {
  row: DisagreementRow;
  note: string;
  error?: string;
  formError?: string;
  /** The Mark resolved form's route, keeping the page's list. */
  action: string;
  closeTo: string;
  submitting: boolean;
}) {
  return (
    <UrlDialog
      title="Mark resolved?"
      description={
        `${row.reference}: ${row.title}. ` +
        "Marking it resolved moves no money, at Paystack or in the ledger: it keeps your note, with your name and the time, and moves the entry to Resolved. It cannot be undone."
      }
      testId="resolve-disagreement-dialog"
      closeTo={closeTo}
      returnFocusId={resolveLinkId(row)}
      submitting={submitting}
      action={action}
      hidden={{ kind: row.kind, key: row.key }}
      formError={formError}
      submitLabel="Mark Resolved"
    >
      <TextAreaField
        label="What you found and did"
        name="note"
        required
        maxLength={RESOLUTION_NOTE_MAX}
        defaultValue={note}
        error={error}
        hint="For whoever reads this later: what Paystack showed, what was refunded or recovered, and where."
      />
    </UrlDialog>
  );
}
