import { useId, useState } from "react";
import { useFieldError } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { withdrawalFeeKobo } from "~/domain/withdrawals/fees";
import { formatKobo, parseNairaToKobo } from "~/domain/shared/money";
import { formatBps } from "~/domain/shared/percentage";
import { useProfileForm, type RenderedFailure } from "./profile-form";

/** Limits and balance as loader data: kobo as decimal strings (bigint does not cross the wire). */
export type WithdrawTerms = {
  availableKobo: string;
  minKobo: string;
  maxKobo: string;
  feeBps: number;
  /** The settings' sentence on when payouts happen, shown under the form's limits. */
  payoutSchedule?: string;
};

type Preview =
  { kind: "none" } | { kind: "invalid" } | { kind: "ok"; fee: string; net: string; warning: string | null };

/** What the member will pay and receive for the typed amount, computed as they type. */
export function previewWithdrawal(amountText: string, terms: WithdrawTerms): Preview {
  if (amountText.trim() === "") return { kind: "none" };
  const parsed = parseNairaToKobo(amountText);
  if (parsed.status !== "ok" || parsed.kobo <= 0n) return { kind: "invalid" };
  const amount = parsed.kobo;
  const fee = withdrawalFeeKobo(amount, terms.feeBps);
  const min = BigInt(terms.minKobo);
  const max = BigInt(terms.maxKobo);
  const available = BigInt(terms.availableKobo);
  let warning: string | null = null;
  if (amount < min) warning = `The minimum withdrawal is ${formatKobo(min)}.`;
  else if (amount > max) warning = `The maximum withdrawal is ${formatKobo(max)}.`;
  else if (amount > available) warning = `That is more than your available balance of ${formatKobo(available)}.`;
  return { kind: "ok", fee: formatKobo(fee), net: formatKobo(amount - fee), warning };
}

/**
 * Withdraw Earnings on the profile page: the amount, the settings' limits and
 * fee, and — as the member types — the fee and what the bank will receive. The hidden
 * idempotency key comes with this render of the form: a double tap or a retry of the same
 * form makes one withdrawal; the page after a successful request carries a new key. Posts to
 * /profile/withdraw.
 */
export function WithdrawCard({
  terms,
  idempotencyKey,
  hasBankDetails,
  approved,
  rendered,
  action,
  title = "Withdraw Earnings",
  notApprovedText = "Your account needs to be approved by an admin before you can request withdrawals.",
}: {
  terms: WithdrawTerms;
  idempotencyKey: string;
  hasBankDetails: boolean;
  /** Only approved members may withdraw (the server refuses the others whatever the page shows). */
  approved: boolean;
  rendered?: RenderedFailure;
  /** Where the form posts, when not /profile/withdraw. */
  action?: string;
  title?: string;
  notApprovedText?: string;
}) {
  const form = useProfileForm("withdraw", rendered, action);
  // One refusal at a time: a refused request says why above the form, in place of these notes.
  const refused = Boolean(form.errors.form);
  return (
    <Card aria-labelledby="withdraw-title">
      <CardTitle id="withdraw-title">{title}</CardTitle>
      <CardDescription>
        Available balance:{" "}
        <span className="font-semibold tabular-nums text-gray-900" data-testid="available-balance">
          {formatKobo(BigInt(terms.availableKobo))}
        </span>
      </CardDescription>
      {approved || refused ? null : (
        <p className="mt-3 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          {notApprovedText}
        </p>
      )}
      {hasBankDetails || refused ? null : (
        <p className="mt-3 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          Add your bank details before withdrawing.
        </p>
      )}
      {/* Keyed by the form key: after a successful request the form (and its amount) starts afresh. */}
      <WithdrawForm
        key={idempotencyKey}
        terms={terms}
        idempotencyKey={idempotencyKey}
        form={form}
        initialAmount={form.values?.amount ?? ""}
        disabled={form.busy || !approved}
      />
    </Card>
  );
}

function WithdrawForm({
  terms,
  idempotencyKey,
  form,
  initialAmount,
  disabled,
}: {
  terms: WithdrawTerms;
  idempotencyKey: string;
  form: ReturnType<typeof useProfileForm>;
  initialAmount: string;
  disabled: boolean;
}) {
  const { errors, submitting } = form;
  const id = useId();
  const [amount, setAmount] = useState(initialAmount);
  const amountError = useFieldError(errors.amount);
  const typed = previewWithdrawal(amount, terms);
  // While the server's refusal of the amount stands, the preview does not say it again; once the
  // amount is edited the refusal goes and the preview speaks for the new amount.
  const preview: typeof typed = !amountError.error
    ? typed
    : typed.kind === "ok"
      ? { ...typed, warning: null }
      : { kind: "none" };
  const describedBy = [`${id}-limits`, `${id}-preview`, amountError.error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <form.Form method="post" action={form.action} className="mt-4 grid gap-4" noValidate>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <FormError message={errors.form} />
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Amount (₦)</Label>
        <Input
          id={id}
          name="amount"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          required
          placeholder="0.00"
          value={amount}
          onChange={(event) => {
            amountError.edited();
            setAmount(event.target.value);
          }}
          aria-invalid={amountError.error ? true : undefined}
          aria-describedby={describedBy}
          className="tabular-nums"
        />
        <p id={`${id}-limits`} className="text-xs text-gray-600">
          Minimum {formatKobo(BigInt(terms.minKobo))} · Maximum {formatKobo(BigInt(terms.maxKobo))} · Fee{" "}
          {formatBps(terms.feeBps)} of the amount
        </p>
        {terms.payoutSchedule ? (
          <p className="text-xs text-gray-600" data-testid="payout-schedule">
            {terms.payoutSchedule}
          </p>
        ) : null}
        {amountError.error ? (
          <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
            {amountError.error}
          </p>
        ) : null}
      </div>
      <div
        id={`${id}-preview`}
        aria-live="polite"
        className="min-h-12 rounded-md bg-gray-50 p-3 text-sm"
        data-testid="withdraw-preview"
      >
        {preview.kind === "ok" ? (
          <>
            <p className="text-gray-700">
              Fee ({formatBps(terms.feeBps)}): <span className="tabular-nums">{preview.fee}</span>
            </p>
            <p className="font-semibold text-gray-900">
              You will receive <span className="tabular-nums">{preview.net}</span>
            </p>
            {preview.warning ? <p className="mt-1 text-yellow-900">{preview.warning}</p> : null}
          </>
        ) : preview.kind === "invalid" ? (
          <p className="text-gray-700">Enter an amount in naira with at most 2 decimal places.</p>
        ) : (
          <p className="text-gray-600">Enter an amount to see the fee and what you will receive.</p>
        )}
      </div>
      <Button type="submit" disabled={submitting || disabled} className="w-full sm:w-auto sm:justify-self-start">
        {submitting ? "Requesting..." : "Request Withdrawal"}
      </Button>
    </form.Form>
  );
}
