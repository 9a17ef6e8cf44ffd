import { FormError, FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { useSettingsForm, type RenderedFailure } from "./settings-form";

/** The saved automatic payout settings as the inputs show them: naira (empty: off / none), hours, days. */
export type AutoPayoutValues = {
  autoPayoutMax: string;
  autoPayoutDailyMax: string;
  bankChangeHoldHours: string;
  minAccountAgeDays: string;
};

const FIELDS: {
  name: keyof AutoPayoutValues;
  label: string;
  hint: string;
  inputMode: "decimal" | "numeric";
}[] = [
  {
    name: "autoPayoutMax",
    label: "Pay withdrawals automatically up to (₦)",
    hint: "For example 5000 or 5,000.00. Empty: off.",
    inputMode: "decimal",
  },
  {
    name: "autoPayoutDailyMax",
    label: "Automatic payouts per day, in all (₦)",
    hint: "Past it, withdrawals wait for an admin until the day ends in Lagos. Empty: no daily total.",
    inputMode: "decimal",
  },
  {
    name: "bankChangeHoldHours",
    label: "Hours after bank details change",
    hint: "Withdrawals to bank details changed this recently wait for an admin. 0 to 720.",
    inputMode: "numeric",
  },
  {
    name: "minAccountAgeDays",
    label: "Minimum account age (days)",
    hint: "Withdrawals of younger accounts wait for an admin. 0 to 365.",
    inputMode: "numeric",
  },
];

/** Automatic payouts through Paystack: posts to /admin/settings/auto-payout. */
export function AutoPayoutCard({
  saved,
  payByTransfer,
  rendered,
}: {
  saved: AutoPayoutValues;
  payByTransfer: boolean;
  rendered?: RenderedFailure;
}) {
  const form = useSettingsForm("auto-payout", rendered);
  return (
    <Card>
      <CardTitle>Automatic payouts</CardTitle>
      <CardDescription>
        Withdrawals up to this amount are paid by Paystack transfer as soon as they are requested, when the member is
        approved, not restricted, has not frozen their payouts, has no referral held for review, and Paystack confirmed
        an account name that is the member's own. Anything else, and any transfer Paystack refuses, waits for an admin
        on Withdrawal Requests. Leave the amount empty to turn automatic payouts off.
        {payByTransfer ? null : " Paystack is not turned on, so this applies only once it is."}
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
              inputMode={field.inputMode}
              autoComplete="off"
              maxLength={20}
              hint={field.hint}
              defaultValue={form.values?.[field.name] ?? saved[field.name]}
              error={form.errors[field.name]}
            />
          ))}
        </div>
        <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:justify-self-start">
          {form.submitting ? "Saving..." : "Save Automatic Payouts"}
        </Button>
      </form.Form>
    </Card>
  );
}
