import { FormError, FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { useSettingsForm, type RenderedFailure } from "./settings-form";

/** The saved withdrawal limits as the inputs show them: naira, and the fee as a percentage. */
export type WithdrawalLimitsValues = {
  minWithdrawal: string;
  maxWithdrawal: string;
  advertiserMaxWithdrawal: string;
  withdrawalFee: string;
};

const naira = { type: "text", inputMode: "decimal", autoComplete: "off", required: true, maxLength: 24 } as const;

/** Withdrawal limits: posts to /admin/settings/withdrawals. */
export function WithdrawalLimitsCard({
  saved,
  rendered,
}: {
  saved: WithdrawalLimitsValues;
  rendered?: RenderedFailure;
}) {
  const form = useSettingsForm("withdrawal-limits", rendered);
  const value = (field: keyof WithdrawalLimitsValues) => form.values?.[field] ?? saved[field];
  return (
    <Card>
      <CardTitle>Withdrawal limits</CardTitle>
      <CardDescription>
        How much one withdrawal request may be, and the fee taken from it. Advertisers have a maximum of their own, so a
        refunded campaign budget can come back in one request. Changes apply to requests made afterwards.
      </CardDescription>
      {/* Keyed by the saved values: after a successful save the inputs start again from them. */}
      <form.Form
        key={Object.values(saved).join("\n")}
        method="post"
        action={form.action}
        className="mt-5 grid gap-5"
        noValidate
      >
        <FormError message={form.errors.form} />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            {...naira}
            label="Minimum withdrawal (₦)"
            name="minWithdrawal"
            hint="For members and advertisers alike."
            defaultValue={value("minWithdrawal")}
            error={form.errors.minWithdrawal}
          />
          <FormField
            {...naira}
            label="Members' maximum withdrawal (₦)"
            name="maxWithdrawal"
            hint="The most a member may withdraw in one request."
            defaultValue={value("maxWithdrawal")}
            error={form.errors.maxWithdrawal}
          />
          <FormField
            {...naira}
            label="Advertisers' maximum withdrawal (₦)"
            name="advertiserMaxWithdrawal"
            hint="The most an advertiser may withdraw in one request."
            defaultValue={value("advertiserMaxWithdrawal")}
            error={form.errors.advertiserMaxWithdrawal}
          />
          <FormField
            label="Withdrawal fee (%)"
            name="withdrawalFee"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            required
            maxLength={12}
            hint="From 0 to 50, up to 2 decimal places (for example 2 or 2.5)."
            defaultValue={value("withdrawalFee")}
            error={form.errors.withdrawalFee}
          />
        </div>
        <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:justify-self-start">
          {form.submitting ? "Saving..." : "Save Withdrawal Limits"}
        </Button>
      </form.Form>
    </Card>
  );
}
