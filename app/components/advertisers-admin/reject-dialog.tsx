import { useId } from "react";
import { UrlDialog } from "~/components/ui/url-dialog";
import { REJECTION_REASON_MAX } from "~/domain/advertisers/validation";
import type { FieldErrors } from "~/lib/forms";
import type { AdvertiserRowView } from "./types";

const FIELD_CLASS =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500";

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
  const id = useId();
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
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-gray-900">
          Reason
        </label>
        <textarea
          id={id}
          name="reason"
          required
          rows={3}
          maxLength={REJECTION_REASON_MAX}
          defaultValue={reason}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={`${id}-hint${errors.reason ? ` ${id}-error` : ""}`}
          className={FIELD_CLASS}
        />
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          Shown to the business and sent in the email. Up to {REJECTION_REASON_MAX} characters.
        </p>
        {errors.reason ? (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {errors.reason}
          </p>
        ) : null}
      </div>
    </UrlDialog>
  );
}
