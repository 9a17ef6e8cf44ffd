import { FormError, FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { useSettingsForm, type RenderedFailure } from "./settings-form";

/** Automatic payouts through Paystack: posts to /admin/settings/auto-payout. */
export function AutoPayoutCard({
  autoPayoutMax,
  payByTransfer,
  rendered,
}: {
  autoPayoutMax: string;
  payByTransfer: boolean;
  rendered?: RenderedFailure;
}) {
  const form = useSettingsForm("auto-payout", rendered);
  return (
    <Card>
      <CardTitle>Automatic payouts</CardTitle>
      <CardDescription>
        Withdrawals up to this amount are paid by Paystack transfer as soon as they are requested, when the member is
        approved, not restricted, has no referral held for review, and Paystack confirmed their account name. Anything
        else, and any transfer Paystack refuses, waits for an admin on Withdrawal Requests. Leave it empty to turn
        automatic payouts off.
        {payByTransfer ? null : " Paystack is not turned on, so this applies only once it is."}
      </CardDescription>
      <form.Form key={autoPayoutMax} method="post" action={form.action} className="mt-5 grid gap-5" noValidate>
        <FormError message={form.errors.form} />
        <FormField
          label="Pay withdrawals automatically up to (₦)"
          name="autoPayoutMax"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          hint="For example 5000 or 5,000.00. Empty: off."
          defaultValue={form.values?.autoPayoutMax ?? autoPayoutMax}
          error={form.errors.autoPayoutMax}
        />
        <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:justify-self-start">
          {form.submitting ? "Saving..." : "Save Automatic Payouts"}
        </Button>
      </form.Form>
    </Card>
  );
}
