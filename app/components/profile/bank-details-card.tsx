import { FormError, FormField, PasswordField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { BankSelect } from "~/components/bank-select";
import { ACCOUNT_HOLDER_MAX } from "~/domain/banks/validation";
import { useProfileForm, type RenderedFailure } from "./profile-form";

export type SavedBankDetails = {
  accountHolderName: string;
  bankCode: string;
  bankName: string;
  accountNumberMasked: string;
};

/**
 * The member's payout account on the profile page: the saved details, masked except the last
 * four digits, and the form that replaces them behind the current password. Posts to
 * /profile/bank-details.
 */
export function BankDetailsCard({
  saved,
  rendered,
  action,
}: {
  saved: SavedBankDetails | null;
  rendered?: RenderedFailure;
  /** Where the form posts, when not /profile/bank-details. */
  action?: string;
}) {
  const form = useProfileForm("bank-details", rendered, action);
  // What the member typed is echoed after a refused save (never the password).
  const { errors, values } = form;
  return (
    <Card aria-labelledby="bank-details-title">
      <CardTitle id="bank-details-title">Bank Details</CardTitle>
      <CardDescription>Your withdrawals are paid into this account.</CardDescription>
      {saved ? (
        <dl
          className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-md bg-gray-50 p-3 text-sm"
          data-testid="saved-bank-details"
        >
          <dt className="text-gray-600">Account holder</dt>
          <dd className="break-words font-medium">{saved.accountHolderName}</dd>
          <dt className="text-gray-600">Bank</dt>
          <dd className="break-words font-medium">{saved.bankName}</dd>
          <dt className="text-gray-600">Account number</dt>
          <dd className="font-medium">
            <span className="font-mono tracking-wider" aria-hidden>
              {saved.accountNumberMasked}
            </span>
            <span className="sr-only">ending in {saved.accountNumberMasked.slice(-4)}</span>
          </dd>
        </dl>
      ) : (
        <p
          className="mt-4 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
          data-testid="no-bank-details"
        >
          You have not added a bank account yet. Add one to withdraw your earnings.
        </p>
      )}
      {/* Keyed by what is saved: after a successful save the form starts empty again. */}
      <form.Form
        key={saved ? `${saved.bankCode}:${saved.accountNumberMasked}:${saved.accountHolderName}` : "none"}
        method="post"
        action={form.action}
        className="mt-4 grid gap-4"
        noValidate
      >
        <FormError message={errors.form} />
        <FormField
          label="Account Holder Name"
          name="accountHolderName"
          autoComplete="name"
          required
          maxLength={ACCOUNT_HOLDER_MAX}
          defaultValue={values?.accountHolderName ?? saved?.accountHolderName ?? ""}
          hint="The name on the account, as your bank shows it."
          error={errors.accountHolderName}
        />
        <BankSelect defaultValue={values?.bankCode ?? saved?.bankCode ?? ""} error={errors.bankCode} />
        <FormField
          label="Account Number"
          name="accountNumber"
          inputMode="numeric"
          autoComplete="off"
          required
          placeholder={saved ? saved.accountNumberMasked : "10 digits"}
          defaultValue={values?.accountNumber ?? ""}
          hint={saved ? "Enter the full 10-digit number again to change it." : "Your 10-digit account number (NUBAN)."}
          error={errors.accountNumber}
          className="font-mono tracking-wider"
        />
        <PasswordField
          label="Current Password"
          name="currentPassword"
          autoComplete="current-password"
          required
          hint="Needed to change where your money is paid."
          error={errors.currentPassword}
        />
        <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:justify-self-start">
          {form.submitting ? "Saving..." : saved ? "Update Bank Details" : "Save Bank Details"}
        </Button>
      </form.Form>
    </Card>
  );
}
