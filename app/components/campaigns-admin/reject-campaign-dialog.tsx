import { TextAreaField } from "~/components/form-field";
import { UrlDialog } from "~/components/ui/url-dialog";

/**
 * "Reject campaign?": the confirmation and the reason the advertiser will read, in a dialog that
 * lives in the URL (`?reject=<id>`), so it works before JavaScript has loaded.
 */
export function RejectCampaignDialog({
  campaign,
  reason,
  error,
  formError,
  action,
  closeTo,
  submitting,
  maxLength,
}: {
  campaign: { id: string; title: string; businessName: string; paid: boolean; status: string };
  reason: string;
  error?: string;
  formError?: string;
  /** The reject form's route, keeping the list's filter and page. */
  action: string;
  closeTo: string;
  submitting: boolean;
  maxLength: number;
}) {
  return (
    <UrlDialog
      title="Reject campaign?"
      description={
        (campaign.status === "active"
          ? `"${campaign.title}" by ${campaign.businessName} stops at once: members can no longer view it. `
          : `"${campaign.title}" by ${campaign.businessName} will not run. `) +
        (campaign.paid
          ? "What is left of its budget returns to the advertiser's balance. "
          : "The advertiser has not paid yet, so no money moves. ") +
        "The advertiser reads your reason. This cannot be undone."
      }
      testId="reject-campaign-dialog"
      closeTo={closeTo}
      returnFocusId={`reject-campaign-${campaign.id}`}
      submitting={submitting}
      action={action}
      hidden={{ campaignId: campaign.id }}
      formError={formError}
      submitLabel="Reject Campaign"
    >
      <TextAreaField
        label="Reason for the advertiser"
        name="reason"
        required
        maxLength={maxLength}
        defaultValue={reason}
        error={error}
      />
    </UrlDialog>
  );
}
