import { FormError, FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { useSettingsForm, type RenderedFailure } from "./settings-form";

/** The saved allowances as the inputs show them. */
export type LinkedAccountsValues = { accountsPerDevice: string; accountsPerBankAccount: string };

/** Linked accounts' allowances: posts to /admin/settings/linked-accounts. */
export function LinkedAccountsCard({ saved, rendered }: { saved: LinkedAccountsValues; rendered?: RenderedFailure }) {
  const form = useSettingsForm("linked-accounts", rendered);
  return (
    <Card>
      <CardTitle>Linked accounts</CardTitle>
      <CardDescription>
        Accounts that share a device or a bank account are linked. Beyond these numbers they wait for a review on Linked
        Accounts: their referral rewards between each other are held and their withdrawals are not paid automatically. A
        shared network alone links nothing (carrier NAT).
      </CardDescription>
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
            label="Accounts per device"
            name="accountsPerDevice"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
            hint="2 lets a family share a phone. 1 to 20."
            defaultValue={form.values?.accountsPerDevice ?? saved.accountsPerDevice}
            error={form.errors.accountsPerDevice}
          />
          <FormField
            label="Accounts per bank account"
            name="accountsPerBankAccount"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
            hint="1 to 20."
            defaultValue={form.values?.accountsPerBankAccount ?? saved.accountsPerBankAccount}
            error={form.errors.accountsPerBankAccount}
          />
        </div>
        <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:justify-self-start">
          {form.submitting ? "Saving..." : "Save Linked Accounts"}
        </Button>
      </form.Form>
    </Card>
  );
}
