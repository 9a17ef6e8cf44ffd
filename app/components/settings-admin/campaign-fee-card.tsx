import { FormField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { useSettingsForm, type RenderedFailure } from "./settings-form";

/** Campaign fee: posts to /admin/settings/fee. */
export function CampaignFeeCard({ campaignFee, rendered }: { campaignFee: string; rendered?: RenderedFailure }) {
  const form = useSettingsForm("campaign-fee", rendered);
  return (
    <Card>
      <CardTitle>Campaign fee</CardTitle>
      <CardDescription>
        The platform&apos;s fee on advertisers&apos; campaigns, as a share of each view&apos;s reward: the advertiser
        pays reward + fee for every view. A change applies to campaigns created afterwards; existing campaigns keep the
        fee they were created with.
      </CardDescription>
      {/* Keyed by the saved fee: after a successful save the input starts again from it. */}
      <form.Form key={campaignFee} method="post" action={form.action} className="mt-5 grid gap-5" noValidate>
        <FormError message={form.errors.form} />
        <FormField
          label="Campaign fee (%)"
          name="campaignFee"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          required
          maxLength={12}
          hint="From 0 to 100, up to 2 decimal places (for example 20 or 12.5). Above 0, each view's fee is rounded up to the kobo, so it is at least ₦0.01."
          defaultValue={form.values?.campaignFee ?? campaignFee}
          error={form.errors.campaignFee}
        />
        <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:justify-self-start">
          {form.submitting ? "Saving..." : "Save Fee"}
        </Button>
      </form.Form>
    </Card>
  );
}
