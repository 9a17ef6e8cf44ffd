import type { Route } from "./+types/password";
import { ProfilePage } from "~/components/profile/profile-page";
import { CHANGE_PASSWORD_REFUSALS, changePassword } from "~/domain/accounts/change-password.server";
import { ChangePasswordSchema } from "~/domain/accounts/validation";
import { getSessionToken, requireUser } from "~/server/auth.server";
import { formFailure, readForm, zodFailure } from "~/server/forms.server";
import { tooManyAttemptsMessage } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";

const failed = (description: string) => ({ type: "error" as const, title: "Password Change Failed", description });

/** POST /profile/password: the profile's Change password form. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const parsed = ChangePasswordSchema.safeParse(await readForm(request));
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message ?? "Check the form and try again.";
    return zodFailure(parsed.error, { toast: failed(first) });
  }
  const { currentPassword, newPassword, confirmPassword } = parsed.data;
  if (newPassword !== confirmPassword) {
    return formFailure({ confirmPassword: "Passwords don't match!" }, { toast: failed("Passwords don't match!") });
  }
  // Someone holding a stolen session must not be able to guess the current password at leisure.
  const wait = await context.services.rateLimits.blockedFor("passwordChange", user.id);
  if (wait) {
    const message = tooManyAttemptsMessage(wait);
    return formFailure({ form: message }, { toast: failed(message), status: 429 });
  }
  const result = await changePassword(context.services.db, {
    userId: user.id,
    currentPassword,
    newPassword,
    keepSessionToken: (await getSessionToken(request, context)) ?? undefined,
  });
  if (result.status !== "ok") {
    if (result.status === "wrong-password") await context.services.rateLimits.consume("passwordChange", user.id);
    const message = CHANGE_PASSWORD_REFUSALS[result.status];
    const field = result.status === "wrong-password" ? "currentPassword" : "newPassword";
    return formFailure({ [field]: message }, { toast: failed(message) });
  }
  await context.services.rateLimits.reset("passwordChange", user.id);
  return redirectWithToast(context, "/profile", {
    type: "success",
    title: "Password Changed",
    description: "Your password has been successfully updated.",
  });
}

/** The profile page, with this form's refusal when it was posted without JavaScript. */
export default function ProfilePassword({ actionData }: Route.ComponentProps) {
  return <ProfilePage rendered={actionData && { form: "password", failure: actionData }} />;
}
