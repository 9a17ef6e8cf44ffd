import type { Route } from "./+types/password";
import { ProfilePage } from "~/components/profile/profile-page";
import { CHANGE_PASSWORD_REFUSALS, changePassword } from "~/domain/accounts/change-password.server";
import { findPasswordBinding } from "~/domain/accounts/authenticate.server";
import { ChangePasswordSchema } from "~/domain/accounts/validation";
import { getSessionToken, rememberDevice, requireMemberOrStaff } from "~/server/auth.server";
import { formFailure, parseForm, readForm } from "~/server/forms.server";
import { tooManyAttemptsMessage } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";

const FAILED = { toastTitle: "Password Change Failed" };

/** POST /profile/password: the profile's Change password form. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMemberOrStaff(request, context);
  const parsed = parseForm(ChangePasswordSchema, await readForm(request), FAILED);
  if (parsed.status !== "ok") return parsed.failure;
  const { currentPassword, newPassword, confirmPassword } = parsed.data;
  if (newPassword !== confirmPassword) {
    return formFailure({ confirmPassword: "Passwords don't match!" }, FAILED);
  }
  // Someone holding a stolen session must not be able to guess the current password at leisure.
  const wait = await context.services.rateLimits.blockedFor("passwordChange", user.id);
  if (wait) {
    return formFailure({ form: tooManyAttemptsMessage(wait) }, { ...FAILED, status: 429 });
  }
  const result = await changePassword(context.services.db, {
    userId: user.id,
    currentPassword,
    newPassword,
    keepSessionToken: (await getSessionToken(request, context)) ?? undefined,
  });
  if (result.status !== "ok") {
    if (result.status === "wrong-password") await context.services.rateLimits.consume("passwordChange", user.id);
    const field = result.status === "wrong-password" ? "currentPassword" : "newPassword";
    return formFailure({ [field]: CHANGE_PASSWORD_REFUSALS[result.status] }, FAILED);
  }
  await context.services.rateLimits.reset("passwordChange", user.id);
  // The new password revoked every known-device cookie of the account (decision 021); this
  // browser, which just proved the password and keeps its session, stays known.
  const account = await findPasswordBinding(context.services.db, user.email);
  return redirectWithToast(
    context,
    "/profile",
    { type: "success", title: "Password Changed", description: "Your password has been successfully updated." },
    { headers: account ? { "Set-Cookie": rememberDevice(request, context, account) } : undefined },
  );
}

/** The profile page, with this form's refusal when it was posted without JavaScript. */
export default function ProfilePassword({ actionData }: Route.ComponentProps) {
  return <ProfilePage rendered={actionData && { form: "password", failure: actionData }} />;
}
