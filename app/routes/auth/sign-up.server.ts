import { newPasswordErrors } from "~/domain/accounts/change-password.server";
import type { RequestContext } from "~/server/context.server";
import { formFailure } from "~/server/forms.server";
import { tooManyAttemptsMessage } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";

/**
 * What every sign-up form (a member's, a business's) refuses after its schema: a password that
 * is too weak or not confirmed, and one sign-up too many from the network (one limit for both).
 * Null when the sign-up may go on; otherwise the refusal to return, with the typed values.
 */
export async function signUpRefusal(
  context: RequestContext,
  input: { password: string; confirmPassword: string },
  values: Record<string, string>,
) {
  const refused = newPasswordErrors(input.password, input.confirmPassword);
  if (refused) {
    const toastTitle = refused.confirmPassword ? "Password Mismatch" : undefined;
    return formFailure(refused, { toastTitle, values });
  }
  const wait = await context.services.rateLimits.consume("registerIp", context.clientNetwork);
  if (wait) {
    const message = tooManyAttemptsMessage(wait);
    return formFailure({ form: message }, { toastTitle: "Registration Failed", values, status: 429 });
  }
  return null;
}

/** After a sign-up: to /login, to confirm the email (the mail is on its way). */
export function signedUp(context: RequestContext) {
  void context.services.flushMail();
  return redirectWithToast(context, "/login", {
    type: "success",
    title: "Registration Successful",
    description: "Please check your email to confirm your account.",
  });
}
