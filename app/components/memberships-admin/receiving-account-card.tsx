import { Form } from "react-router";
import { BankSelect } from "~/components/bank-select";
import { FormField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { ACCOUNT_NAME_MAX } from "~/domain/memberships/receiving-account-validation";
import type { FieldErrors } from "~/lib/forms";

export const RECEIVING_ACCOUNT_INTENT = "update-receiving-account";

export type SavedReceivingAccount = { bankCode: string; bankName: string; accountNumber: string; accountName: string };

/**
 * The platform's receiving account (members pay bank-transfer upgrades into it): what is saved,
 * shown in full (members see it too), or why bank transfer is not offered yet; and the form that
 * sets it. A plain POST, so it works the same without JavaScript.
 */
export function ReceivingAccountCard({
  saved,
  action,
  errors,
  values,
  submitting,
}: {
  saved: SavedReceivingAccount | null;
  /** Where it posts (/admin/memberships, with the list's search). */
  action: string;
  errors: FieldErrors;
  values?: Record<string, string>;
  submitting: boolean;
}) {
  return (
    <Card aria-labelledby="receiving-account-title">
      <CardTitle id="receiving-account-title">Receiving Bank Account</CardTitle>
      <CardDescription>
        Members who pay for an upgrade by bank transfer pay into this account, quoting their request&apos;s payment
        reference. Check each payment has arrived before approving the request.
      </CardDescription>
      {saved ? (
        <dl
          className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-md bg-gray-50 p-3 text-sm"
          data-testid="receiving-account"
        >
          <dt className="text-gray-600">Bank</dt>
          <dd className="break-words font-medium">{saved.bankName}</dd>
          <dt className="text-gray-600">Account number</dt>
          <dd className="font-mono font-medium tracking-wider">{saved.accountNumber}</dd>
          <dt className="text-gray-600">Account name</dt>
          <dd className="break-words font-medium">{saved.accountName}</dd>
        </dl>
      ) : (
        <p
          className="mt-4 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
          data-testid="no-receiving-account"
        >
          Not set. Members are not offered payment by bank transfer until a receiving account is set; they can still pay
          for an upgrade from their AdNaira balance.
        </p>
      )}
      <Form
        key={saved ? `${saved.bankCode}:${saved.accountNumber}:${saved.accountName}` : "none"}
        method="post"
        action={action}
        className="mt-4 grid gap-4"
        noValidate
      >
        <input type="hidden" name="intent" value={RECEIVING_ACCOUNT_INTENT} />
        <FormError message={errors.form} />
        <BankSelect
          defaultValue={values?.bankCode ?? saved?.bankCode ?? ""}
          error={errors.bankCode}
          placeholder="Choose the bank"
        />
        <FormField
          label="Account Number"
          name="accountNumber"
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={40}
          defaultValue={values?.accountNumber ?? saved?.accountNumber ?? ""}
          hint="The 10-digit account number (NUBAN)."
          error={errors.accountNumber}
          className="font-mono tracking-wider"
        />
        <FormField
          label="Account Name"
          name="accountName"
          autoComplete="off"
          required
          maxLength={ACCOUNT_NAME_MAX}
          defaultValue={values?.accountName ?? saved?.accountName ?? ""}
          hint="The name on the account, exactly as the bank shows it."
          error={errors.accountName}
        />
        <Button type="submit" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
          {submitting ? "Saving..." : "Save Receiving Account"}
        </Button>
      </Form>
    </Card>
  );
}
