import { useId } from "react";
import { Label } from "~/components/ui/label";
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
  const ids = useId();
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
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-reason`}>Reason for the advertiser</Label>
        <textarea
          id={`${ids}-reason`}
          name="reason"
          required
          rows={4}
          maxLength={maxLength}
          defaultValue={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-reason-error` : undefined}
          className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-gray-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500"
        />
        {error ? (
          <p id={`${ids}-reason-error`} className="text-sm text-red-700" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </UrlDialog>
  );
}
