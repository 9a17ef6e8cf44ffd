import { TextAreaField } from "~/components/form-field";
import { UrlDialog } from "~/components/ui/url-dialog";
import { REJECTION_REASON_MAX } from "~/domain/advertisers/validation";
import type { FieldErrors } from "~/lib/forms";
import type { AdvertiserRowView } from "./types";

/**
 * Reject an advertiser: the question and the reason in one dialog (a UrlDialog, open at
 * ?reject=<id> or after a refused submit), so it is asked on the page before JavaScript too.
 */
export function RejectAdvertiserDialog({
  row,
  reason,
  errors,
  action,
  closeTo,
  submitting,
}: {
  row: AdvertiserRowView;
  reason: string;
  errors: FieldErrors;
  /** The reject form's route, keeping the list's search, filter and page. */
  action: string;
  closeTo: string;
  submitting: boolean;
}) {
  return (
    <UrlDialog
      title="Reject advertiser?"
      description={`${row.businessName} (${row.email}) will not be able to run campaigns. They are emailed the reason you give.`}
      testId="reject-advertiser-dialog"
      closeTo={closeTo}
      returnFocusId={`reject-${row.id}`}
      submitting={submitting}
      action={action}
      hidden={{ userId: row.id }}
      formError={errors.form}
      submitLabel="Reject Advertiser"
    >
      <TextAreaField
        label="Reason"
        name="reason"
        required
        rows={3}
        maxLength={REJECTION_REASON_MAX}
        defaultValue={reason}
        hint={`Shown to the business and sent in the email. Up to ${REJECTION_REASON_MAX} characters.`}
        error={errors.reason}
      />
    </UrlDialog>
  );
}
