import { useState } from "react";
import { Link } from "react-router";
import { FormField, PasswordField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
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
 *
 * With `resolveNames` (the payment provider is on) the name is not typed: "Check account" asks
 * the bank for the name on the account, which the member then confirms ("Confirm and save") or
 * changes; both steps are plain form posts, so they work before JavaScript has loaded.
 */
export function BankDetailsCard({
  saved,
  rendered,
  action,
  page = "/profile",
  resolveNames = false,
}: {
  saved: SavedBankDetails | null;
  rendered?: RenderedFailure;
  /** Where the form posts, when not /profile/bank-details. */
  action?: string;
  /** The page the card is on ("Change" goes back to it). */
  page?: string;
  resolveNames?: boolean;
}) {
  const form = useProfileForm("bank-details", rendered, action);
  // "Change" puts the checked account aside and shows the form again.
  const [changed, setChanged] = useState<unknown>(undefined);
  const step = form.step && form.step !== changed ? form.step : undefined;
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
      ) : step ? null /* Being added: the checked account below says what happens next. */ : (
        <p
          className="mt-4 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
          data-testid="no-bank-details"
        >
          You have not added a bank account yet. Add one to withdraw your earnings.
        </p>
      )}
      {step ? (
        <div className="mt-4 grid gap-3" data-testid="bank-check">
          {step.notice ? (
            <p role="alert" className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
              {step.notice}
            </p>
          ) : null}
          <div className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm" role="status">
            <p>
              Account name: <strong data-testid="resolved-account-name">{step.check.accountName}</strong>
            </p>
            <p className="mt-1 text-gray-700">
              {step.check.bankName} · <span className="font-mono">{step.check.accountNumberMasked}</span>
            </p>
            <p className="mt-2 text-gray-700">
              This is the name your bank gives for this account. Withdrawals will be paid to it.
            </p>
          </div>
          <form.Form method="post" action={form.action} className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="confirmation" value={step.check.confirmation} />
            <Button type="submit" disabled={form.busy}>
              {form.submitting ? "Saving..." : "Confirm and save"}
            </Button>
            <Button asChild variant="outline">
              <Link
                to={page}
                onClick={(event) => {
                  event.preventDefault();
                  setChanged(form.step);
                }}
              >
                Change
              </Link>
            </Button>
          </form.Form>
        </div>
      ) : (
        // Keyed by what is saved: after a successful save the form starts empty again.
        <form.Form
          key={saved ? `${saved.bankCode}:${saved.accountNumberMasked}:${saved.accountHolderName}` : "none"}
          method="post"
          action={form.action}
          className="mt-4 grid gap-4"
          noValidate
        >
          <FormError message={errors.form} />
          {resolveNames ? (
            <>
              <input type="hidden" name="intent" value="check" />
              <p className="text-sm text-gray-700">
                We ask your bank for the name on the account and show it to you before anything is saved.
              </p>
            </>
          ) : (
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
          )}
          <BankSelect defaultValue={values?.bankCode ?? saved?.bankCode ?? ""} error={errors.bankCode} />
          <FormField
            label="Account Number"
            name="accountNumber"
            inputMode="numeric"
            autoComplete="off"
            required
            placeholder={saved ? saved.accountNumberMasked : "10 digits"}
            defaultValue={values?.accountNumber ?? ""}
            hint={
              saved ? "Enter the full 10-digit number again to change it." : "Your 10-digit account number (NUBAN)."
            }
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
            {resolveNames
              ? form.submitting
                ? "Checking..."
                : "Check account"
              : form.submitting
                ? "Saving..."
                : saved
                  ? "Update Bank Details"
                  : "Save Bank Details"}
          </Button>
        </form.Form>
      )}
    </Card>
  );
}
