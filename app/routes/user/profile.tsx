import { useEffect, useRef, type RefObject } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { FormError, FormField, PasswordField } from "~/components/form-field";
import { useToastFrom } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { EarningsHistory } from "~/components/dashboard/earnings-history";
import { toWithdrawalHistoryItem } from "~/components/dashboard/withdrawal-history";
import { BankDetailsCard } from "~/components/profile/bank-details-card";
import { WithdrawCard } from "~/components/profile/withdraw-card";
import { WithdrawalList } from "~/components/profile/withdrawal-list";
import { changePassword } from "~/domain/accounts/change-password.server";
import { updateProfileName } from "~/domain/accounts/update-profile.server";
import { ChangePasswordSchema, ProfileNameSchema } from "~/domain/accounts/validation";
import { advertEarningsHistory } from "~/domain/adverts/earnings-history.server";
import { getBankDetails, saveBankDetails, WRONG_PASSWORD_MESSAGE } from "~/domain/banks/bank-details.server";
import { balances } from "~/domain/ledger/accounts.server";
import { earnedTotals } from "~/domain/ledger/earned-totals.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import { newId } from "~/domain/shared/ids";
import { formatKobo, parseNairaToKobo } from "~/domain/shared/money";
import { isWithdrawalIdempotencyKey } from "~/domain/withdrawals/fees";
import { listMemberWithdrawals } from "~/domain/withdrawals/list-withdrawals.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { actorFrom, forbidden, getSessionToken, requireUser, type CurrentUser } from "~/server/auth.server";
import { formFailure, readForm, safeValues, zodFailure } from "~/server/forms.server";
import { tooManyAttemptsMessage } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Profile");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const db = context.services.db;
  const [earned, history, member] = await Promise.all([
    earnedTotals(db, user.id),
    advertEarningsHistory(db, user.id, { limit: 50 }),
    // Bank details and withdrawals are for members; admins earn nothing to withdraw.
    user.role === "user" ? memberMoney(db, user.id) : null,
  ]);
  return {
    name: user.name,
    email: user.email,
    displayId: user.displayId,
    joined: user.createdAt.toISOString(),
    totalEarnings: formatKobo(earned.totalKobo),
    approved: user.isApproved,
    earnings: history.map((row) => ({
      id: row.viewId,
      date: formatLagosDateTime(row.earnedAt),
      advert: row.advertTitle,
      amount: formatKobo(row.amountKobo),
    })),
    member,
  };
}

type Db = Route.LoaderArgs["context"]["services"]["db"];

async function memberMoney(db: Db, userId: string) {
  const [bankDetails, money, settings, withdrawals] = await Promise.all([
    getBankDetails(db, userId),
    balances(db, userId),
    getAppSettings(db),
    listMemberWithdrawals(db, userId, { limit: 20 }),
  ]);
  return {
    bankDetails,
    terms: {
      availableKobo: money.availableKobo.toString(),
      minKobo: settings.minWithdrawalKobo.toString(),
      maxKobo: settings.maxWithdrawalKobo.toString(),
      feeBps: settings.withdrawalFeeBps,
    },
    // A new key with every render of the form: resubmitting this render (double tap, retry after
    // a timeout) sends the same key and makes one withdrawal; the page after a successful
    // request (a redirect, so a fresh load) carries a new one.
    withdrawKey: newId(),
    withdrawals: withdrawals.map(toWithdrawalHistoryItem),
  };
}

const INTENTS = ["update-name", "change-password", "bank-details", "withdraw"] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: string | undefined): value is Intent => INTENTS.includes(value as Intent);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const values = await readForm(request);
  if (!isIntent(values.intent)) throw data({ message: "Unknown form action." }, { status: 400 });
  switch (values.intent) {
    case "update-name":
      return updateName(context, user.id, values);
    case "change-password":
      return changeOwnPassword(request, context, user.id, values);
    case "bank-details":
      return updateBankDetails(context, user, values);
    case "withdraw":
      return withdraw(context, user, values);
  }
}

type Context = Route.ActionArgs["context"];

async function updateName(context: Context, userId: string, values: Record<string, string>) {
  const parsed = ProfileNameSchema.safeParse(values);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message ?? "Check the form and try again.";
    return zodFailure(parsed.error, {
      toast: { type: "error", title: "Update Failed", description: first },
      values: { intent: "update-name", ...safeValues(values, ["name"]) },
    });
  }
  await updateProfileName(context.services.db, userId, parsed.data.name);
  return redirectWithToast(context, "/profile", {
    type: "success",
    title: "Profile Updated",
    description: "User profile has been updated.",
  });
}

const passwordFailed = (description: string) => ({ type: "error" as const, title: "Password Change Failed", description });
const PASSWORD_FORM = { intent: "change-password" };

async function changeOwnPassword(request: Request, context: Context, userId: string, values: Record<string, string>) {
  const parsed = ChangePasswordSchema.safeParse(values);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message ?? "Check the form and try again.";
    return zodFailure(parsed.error, { toast: passwordFailed(first), values: PASSWORD_FORM });
  }
  const { currentPassword, newPassword, confirmPassword } = parsed.data;
  if (newPassword !== confirmPassword) {
    return formFailure({ confirmPassword: "Passwords don't match!" }, { toast: passwordFailed("Passwords don't match!"), values: PASSWORD_FORM });
  }
  // Someone holding a stolen session must not be able to guess the current password at leisure.
  const wait = await context.services.rateLimits.blockedFor("passwordChange", userId);
  if (wait) {
    const message = tooManyAttemptsMessage(wait);
    return formFailure({ form: message }, { toast: passwordFailed(message), status: 429, values: PASSWORD_FORM });
  }
  const result = await changePassword(context.services.db, {
    userId,
    currentPassword,
    newPassword,
    keepSessionToken: (await getSessionToken(request, context)) ?? undefined,
  });
  if (!result.ok) {
    if (result.field === "currentPassword") await context.services.rateLimits.consume("passwordChange", userId);
    return formFailure({ [result.field]: result.message }, { toast: passwordFailed(result.message), values: PASSWORD_FORM });
  }
  await context.services.rateLimits.reset("passwordChange", userId);
  return redirectWithToast(context, "/profile", {
    type: "success",
    title: "Password Changed",
    description: "Your password has been successfully updated.",
  });
}

const bankDetailsFailed = (description: string) => ({ type: "error" as const, title: "Update Failed", description });
const BANK_FIELDS = ["accountHolderName", "bankCode", "accountNumber"] as const;

async function updateBankDetails(context: Context, user: CurrentUser, values: Record<string, string>) {
  if (user.role !== "user") throw forbidden();
  const echo = { intent: "bank-details", ...safeValues(values, BANK_FIELDS) };
  // The current password guards where the money goes: share the password-change attempt limit,
  // so a stolen session cannot guess the password through either form.
  const wait = await context.services.rateLimits.blockedFor("passwordChange", user.id);
  if (wait) {
    const message = tooManyAttemptsMessage(wait);
    return formFailure({ form: message }, { toast: bankDetailsFailed(message), status: 429, values: echo });
  }
  const result = await saveBankDetails(context.services.db, {
    userId: user.id,
    actor: actorFrom(user, context),
    accountHolderName: values.accountHolderName,
    bankCode: values.bankCode,
    accountNumber: values.accountNumber,
    currentPassword: values.currentPassword,
  });
  if (result.status === "invalid") {
    const first = BANK_FIELDS.map((f) => result.errors[f]).find(Boolean) ?? Object.values(result.errors)[0] ?? "Check the form and try again.";
    return formFailure(result.errors, { toast: bankDetailsFailed(first), values: echo });
  }
  if (result.status === "wrong-password") {
    await context.services.rateLimits.consume("passwordChange", user.id);
    return formFailure({ currentPassword: WRONG_PASSWORD_MESSAGE }, { toast: bankDetailsFailed(WRONG_PASSWORD_MESSAGE), values: echo });
  }
  await context.services.rateLimits.reset("passwordChange", user.id);
  const { bankName, accountNumberMasked } = result.details;
  return redirectWithToast(context, "/profile", {
    type: "success",
    title: "Bank Details Updated",
    description: `Withdrawals will be paid into ${bankName} ${accountNumberMasked}.`,
  });
}

/** The withdrawal toasts members know from the product's first version; keep them word for word. */
const WITHDRAW_TOASTS = {
  invalidAmount: { title: "Invalid Amount", description: "Please enter a valid withdrawal amount." },
  insufficientFunds: { title: "Insufficient Funds", description: "You do not have enough balance to withdraw this amount." },
  bankDetailsMissing: { title: "Bank Details Missing", description: "Please add your bank account details before withdrawing." },
  // The adverts' "Account Not Approved" toast, worded for withdrawals.
  notApproved: { title: "Account Not Approved", description: "Your account needs to be approved by an admin to request withdrawals." },
} as const;

async function withdraw(context: Context, user: CurrentUser, values: Record<string, string>) {
  const echo = { intent: "withdraw", amount: (values.amount ?? "").slice(0, 40) };
  const fail = (field: string, message: string, toast: { title: string; description: string }, status = 400) =>
    formFailure({ [field]: message }, { toast: { type: "error", ...toast }, values: echo, status });

  const parsed = parseNairaToKobo(values.amount ?? "");
  if (!parsed.ok || parsed.kobo <= 0n) {
    const message = parsed.ok ? "Enter an amount above ₦0.00." : parsed.message;
    return fail("amount", message, WITHDRAW_TOASTS.invalidAmount);
  }
  if (!isWithdrawalIdempotencyKey(values.idempotencyKey)) {
    const message = "This form has expired. Reload the page and try again.";
    return fail("form", message, { title: "Withdrawal Failed", description: message });
  }
  const result = await requestWithdrawal(context.services.db, {
    userId: user.id,
    amountKobo: parsed.kobo,
    idempotencyKey: values.idempotencyKey,
  });
  switch (result.status) {
    case "ok": {
      // A resubmit of the same form (duplicate) answers like the first submit: same withdrawal.
      const { amountKobo, feeKobo, netKobo } = result.withdrawal;
      return redirectWithToast(context, "/profile", {
        type: "success",
        title: "Withdrawal Requested",
        description:
          `Your withdrawal request of ${formatKobo(amountKobo)} has been submitted.` +
          (feeKobo > 0n ? ` You will receive ${formatKobo(netKobo)} after the ${formatKobo(feeKobo)} fee.` : ""),
      });
    }
    case "invalid-amount":
      return fail("amount", "Enter an amount above ₦0.00.", WITHDRAW_TOASTS.invalidAmount);
    case "below-minimum": {
      const message = `The minimum withdrawal is ${formatKobo(result.minKobo)}.`;
      return fail("amount", message, { title: "Amount Below Minimum", description: message });
    }
    case "above-maximum": {
      const message = `The maximum withdrawal is ${formatKobo(result.maxKobo)}.`;
      return fail("amount", message, { title: "Amount Above Maximum", description: message });
    }
    case "insufficient-funds":
      return fail("amount", `Your available balance is ${formatKobo(result.availableKobo)}.`, WITHDRAW_TOASTS.insufficientFunds);
    case "bank-details-missing":
      return fail("form", WITHDRAW_TOASTS.bankDetailsMissing.description, WITHDRAW_TOASTS.bankDetailsMissing);
    case "form-already-used": {
      const message = `This form already requested ${formatKobo(result.withdrawal.amountKobo)} (${result.withdrawal.reference}). Reload the page to make another request.`;
      return fail("form", message, { title: "Withdrawal Failed", description: message }, 409);
    }
    case "not-approved":
      return fail("form", WITHDRAW_TOASTS.notApproved.description, WITHDRAW_TOASTS.notApproved, 403);
    case "not-allowed": {
      const message = "Your account cannot request withdrawals.";
      return fail("form", message, { title: "Withdrawal Not Allowed", description: message }, 403);
    }
  }
}

const dateFormat = new Intl.DateTimeFormat("en-NG", { dateStyle: "long", timeZone: "Africa/Lagos" });

export default function Profile({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  useToastFrom(actionData?.toast);
  // Several forms share the page: a refused submit's errors and echoed values belong to its form.
  const failedIntent = actionData?.values?.intent;
  const errorsOf = (intent: Intent) => (failedIntent === intent ? (actionData?.errors ?? {}) : {});
  const valuesOf = (intent: Intent) => (failedIntent === intent ? actionData?.values : undefined);
  const nameErrors = errorsOf("update-name");
  const passwordErrors = errorsOf("change-password");
  const passwordForm = useRef<HTMLFormElement>(null);
  usePasswordFormReset(passwordForm, submittingIntent === "change-password", navigation.state === "idle", failedIntent === "change-password");
  const { member } = loaderData;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <h1 className="text-2xl font-bold lg:col-span-2">Profile</h1>
      <div className="grid gap-6">
        <Card>
          <CardTitle>Account information</CardTitle>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-gray-600">Name</dt>
            <dd className="break-words font-medium">{loaderData.name}</dd>
            <dt className="text-gray-600">Email</dt>
            <dd className="break-all font-medium">{loaderData.email}</dd>
            <dt className="text-gray-600">User ID</dt>
            <dd className="font-mono font-medium">{loaderData.displayId}</dd>
            <dt className="text-gray-600">Joined</dt>
            <dd className="font-medium">{dateFormat.format(new Date(loaderData.joined))}</dd>
            <dt className="text-gray-600">Total earnings</dt>
            <dd className="font-medium tabular-nums">{loaderData.totalEarnings}</dd>
          </dl>
        </Card>
        {member ? (
          <>
            <WithdrawCard
              terms={member.terms}
              idempotencyKey={member.withdrawKey}
              hasBankDetails={member.bankDetails != null}
              approved={loaderData.approved}
              errors={errorsOf("withdraw")}
              values={valuesOf("withdraw")}
              submitting={submittingIntent === "withdraw"}
              disabled={submittingIntent != null}
            />
            <BankDetailsCard
              saved={member.bankDetails}
              errors={errorsOf("bank-details")}
              values={valuesOf("bank-details")}
              submitting={submittingIntent === "bank-details"}
              disabled={submittingIntent != null}
            />
          </>
        ) : null}
      </div>
      <div className="grid gap-6">
        {member ? <WithdrawalList rows={member.withdrawals} /> : null}
        <Card>
          <CardTitle>Edit name</CardTitle>
          {/* Keyed by the saved name: after a successful save the field starts again from it. */}
          <Form key={loaderData.name} method="post" className="mt-4 grid gap-4" noValidate>
            <input type="hidden" name="intent" value="update-name" />
            <FormField
              label="Name"
              name="name"
              autoComplete="name"
              required
              maxLength={100}
              defaultValue={valuesOf("update-name")?.name ?? loaderData.name}
              error={nameErrors.name}
            />
            <Button type="submit" disabled={submittingIntent != null} className="w-full sm:w-auto sm:justify-self-start">
              {submittingIntent === "update-name" ? "Saving..." : "Save"}
            </Button>
          </Form>
        </Card>
        <Card>
          <CardTitle>Change password</CardTitle>
          <Form ref={passwordForm} method="post" className="mt-4 grid gap-4" noValidate>
            <input type="hidden" name="intent" value="change-password" />
            <FormError message={passwordErrors.form} />
            <PasswordField label="Current Password" name="currentPassword" autoComplete="current-password" required error={passwordErrors.currentPassword} />
            <PasswordField label="New Password" name="newPassword" autoComplete="new-password" required error={passwordErrors.newPassword} />
            <PasswordField
              label="Confirm New Password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              error={passwordErrors.confirmPassword}
            />
            <Button type="submit" disabled={submittingIntent != null}>
              {submittingIntent === "change-password" ? "Saving..." : "Change Password"}
            </Button>
          </Form>
          <p className="mt-3 text-xs text-gray-500">Changing your password signs you out on every other device.</p>
        </Card>
      </div>
      <div className="lg:col-span-2">
        <EarningsHistory rows={loaderData.earnings} />
      </div>
    </div>
  );
}

/**
 * Empties the password fields after a successful change (the redirect back to /profile keeps
 * the page mounted, so the typed passwords would otherwise stay in the inputs).
 */
function usePasswordFormReset(form: RefObject<HTMLFormElement | null>, submitting: boolean, idle: boolean, failed: boolean) {
  const pending = useRef(false);
  useEffect(() => {
    if (submitting) pending.current = true;
    else if (idle && pending.current) {
      pending.current = false;
      if (!failed) form.current?.reset();
    }
  }, [form, submitting, idle, failed]);
}
