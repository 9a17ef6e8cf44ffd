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

/** The card's fields: three amounts in naira, then the fee as a percentage. */
const FIELDS: { name: keyof WithdrawalLimitsValues; label: string; hint: string }[] = [
  { name: "minWithdrawal", label: "Minimum withdrawal (₦)", hint: "For members and advertisers alike." },
  {
    name: "maxWithdrawal",
    label: "Members' maximum withdrawal (₦)",
    hint: "The most a member may withdraw in one request.",
  },
  {
    name: "advertiserMaxWithdrawal",
    label: "Advertisers' maximum withdrawal (₦)",
    hint: "The most an advertiser may withdraw in one request.",
  },
  {
    name: "withdrawalFee",
    label: "Withdrawal fee (%)",
    hint: "From 0 to 50, up to 2 decimal places (for example 2 or 2.5).",
  },
];

/** Withdrawal limits: posts to /admin/settings/withdrawals. */
export function WithdrawalLimitsCard({
  saved,
  rendered,
}: {
  saved: WithdrawalLimitsValues;
  rendered?: RenderedFailure;
}) {
  const form = useSettingsForm("withdrawal-limits", rendered);
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
          {FIELDS.map((field) => (
            <FormField
              key={field.name}
              label={field.label}
              name={field.name}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
              maxLength={24}
              hint={field.hint}
              defaultValue={form.values?.[field.name] ?? saved[field.name]}
              error={form.errors[field.name]}
            />
          ))}
        </div>
        <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:justify-self-start">
          {form.submitting ? "Saving..." : "Save Withdrawal Limits"}
        </Button>
      </form.Form>
    </Card>
  );
}
