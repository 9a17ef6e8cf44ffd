import type { Route } from "./+types/bank-details";
import { ProfilePage } from "~/components/profile/profile-page";
import { saveBankDetails, WRONG_PASSWORD_MESSAGE } from "~/domain/banks/bank-details.server";
import { BankDetailsSchema } from "~/domain/banks/validation";
import { actorFrom, forbidden, requireUser } from "~/server/auth.server";
import { echoValues, formFailure, parseForm, readForm } from "~/server/forms.server";
import { tooManyAttemptsMessage } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";

const ECHO = ["accountHolderName", "bankCode", "accountNumber"] as const;

/** POST /profile/bank-details: a member's payout account, behind the current password. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  if (user.role !== "user") throw forbidden();
  const values = await readForm(request);
  const failed = { toastTitle: "Update Failed", values: echoValues(values, ECHO) };
  // The current password guards where the money goes: share the password-change attempt limit,
  // so a stolen session cannot guess the password through either form.
  const wait = await context.services.rateLimits.blockedFor("passwordChange", user.id);
  if (wait) {
    return formFailure({ form: tooManyAttemptsMessage(wait) }, { ...failed, status: 429 });
  }
  const parsed = parseForm(BankDetailsSchema, values, failed);
  if (parsed.status !== "ok") return parsed.failure;
  const result = await saveBankDetails(context.services.db, {
    userId: user.id,
    actor: actorFrom(user, context),
    ...parsed.data,
  });
  // The domain checks again what it is given; the form's schema has already refused the same.
  if (result.status === "invalid") return formFailure(result.errors, failed);
  if (result.status === "wrong-password") {
    await context.services.rateLimits.consume("passwordChange", user.id);
    return formFailure({ currentPassword: WRONG_PASSWORD_MESSAGE }, failed);
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
