import type { Route } from "./+types/bank-details";
import { ProfilePage } from "~/components/profile/profile-page";
import { saveBankDetails, WRONG_PASSWORD_MESSAGE } from "~/domain/banks/bank-details.server";
import { actorFrom, forbidden, requireUser } from "~/server/auth.server";
import { formFailure, readForm, safeValues } from "~/server/forms.server";
import { tooManyAttemptsMessage } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";

const failed = (description: string) => ({ type: "error" as const, title: "Update Failed", description });
const FIELDS = ["accountHolderName", "bankCode", "accountNumber"] as const;

/** POST /profile/bank-details: a member's payout account, behind the current password. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  if (user.role !== "user") throw forbidden();
  const values = await readForm(request);
  const echo = safeValues(values, FIELDS);
  // The current password guards where the money goes: share the password-change attempt limit,
  // so a stolen session cannot guess the password through either form.
  const wait = await context.services.rateLimits.blockedFor("passwordChange", user.id);
  if (wait) {
    const message = tooManyAttemptsMessage(wait);
    return formFailure({ form: message }, { toast: failed(message), status: 429, values: echo });
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
    const first = FIELDS.map((f) => result.errors[f]).find(Boolean) ?? Object.values(result.errors)[0] ?? "Check the form and try again.";
    return formFailure(result.errors, { toast: failed(first), values: echo });
  }
  if (result.status === "wrong-password") {
    await context.services.rateLimits.consume("passwordChange", user.id);
    return formFailure({ currentPassword: WRONG_PASSWORD_MESSAGE }, { toast: failed(WRONG_PASSWORD_MESSAGE), values: echo });
  }
  await context.services.rateLimits.reset("passwordChange", user.id);
  const { bankName, accountNumberMasked } = result.details;
  return redirectWithToast(context, "/profile", {
    type: "success",
    title: "Bank Details Updated",
    description: `Withdrawals will be paid into ${bankName} ${accountNumberMasked}.`,
  });
}

/** The profile page, with this form's refusal when it was posted without JavaScript. */
export default function ProfileBankDetails({ actionData }: Route.ComponentProps) {
  return <ProfilePage rendered={actionData && { form: "bank-details", failure: actionData }} />;
}
