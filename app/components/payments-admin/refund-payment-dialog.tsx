import { TextAreaField } from "~/components/form-field";
import { UrlDialog } from "~/components/ui/url-dialog";
import { REFUND_REASON_MAX } from "~/domain/payments/disagreements";
import { refundLinkId, type DisagreementRow } from "./disagreement-list";

/**
 * "Refund this payment?": the confirmation and why, in a dialog that lives in the URL
 * (`?refund=<reference>`), so it works before JavaScript has loaded. It posts to
 * /admin/reconciliation/refund, which asks Paystack to refund what was paid.
 */
export function RefundPaymentDialog({
  row,
  reason,
  error,
  formError,
  action,
  closeTo,
  submitting,
}: {
  row: DisagreementRow;
  reason: string;
  error?: string;
  formError?: string;
  action: string;
  closeTo: string;
  submitting: boolean;
}) {
  return (
    <UrlDialog
      title="Refund this payment?"
      description={
        `${row.reference}: ${row.detail} ` +
        "Paystack is asked to give back what was paid to the card or account it came from (its fee is not returned). The refund is booked when Paystack reports it processed. It cannot be undone."
      }
      testId="refund-payment-dialog"
      closeTo={closeTo}
      returnFocusId={refundLinkId(row)}
      submitting={submitting}
      action={action}
      hidden={{ reference: row.key }}
      formError={formError}
      submitLabel="Refund"
    >
      <TextAreaField
        label="Why it is refunded"
        name="reason"
        required
        maxLength={REFUND_REASON_MAX}
        defaultValue={reason}
        error={error}
        hint="Kept with the refund at Paystack and in the audit log, e.g. paid twice."
      />
    </UrlDialog>
  );
}
