import type { Route } from "./+types/turn-on";
import { SecurityPage } from "~/components/security/security-page";
import { isCurrentPassword } from "~/domain/accounts/authenticate.server";
import { WRONG_PASSWORD_MESSAGE } from "~/domain/banks/bank-details.server";
import { enrolAuthenticatorApp } from "~/domain/second-factor/factors.server";
import { markFactorChecked } from "~/domain/sessions/sessions.server";
import { getSessionToken, requireMemberOrStaff } from "~/server/auth.server";
import { formFailure, readForm } from "~/server/forms.server";
import { tooManyAttemptsMessage } from "~/server/rate-limit.server";
import { authenticatorOffer, MISSING_CODE_MESSAGE } from "~/server/second-factor.server";

const FAILED = "Two-Step Verification Not Turned On";
const NOT_RIGHT = "That code is not right. Check the key in your app and enter the code it shows now.";

/**
 * POST /security/turn-on: a member turns on two-step verification with the offered app's first
 * code and their password (so that someone holding only their session cannot tie the account to
 * their own phone). Wrong passwords count as on the other forms that ask for it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMemberOrStaff(request, context);
  const values = await readForm(request);
  const code = values.secondFactorCode?.trim() ?? "";
  const { rateLimits } = context.services;
  const wait = await rateLimits.blockedFor("passwordChange", user.id);
  if (wait)
    return formFailure(
      { currentPassword: tooManyAttemptsMessage(wait) },
      { toastTitle: FAILED, status: 429, headers: { "Retry-After": String(wait) } },
    );
  if (!(await isCurrentPassword(context.services.db, user.id, values.currentPassword ?? ""))) {
    await rateLimits.consume("passwordChange", user.id);
    return formFailure({ currentPassword: WRONG_PASSWORD_MESSAGE }, { toastTitle: FAILED, status: 401 });
  }
  if (!code) return formFailure({ secondFactorCode: MISSING_CODE_MESSAGE }, { toastTitle: FAILED });
  const { secret } = await authenticatorOffer(request, context, user);
  const { db } = context.services;
  const result = await enrolAuthenticatorApp(db, user.id, secret, code);
  if (result.status === "wrong-code")
    return formFailure({ secondFactorCode: NOT_RIGHT }, { toastTitle: FAILED, status: 401 });
  if (result.status === "enrolled")
    return formFailure(
      { form: "Two-step verification is already on for your account." },
      { toastTitle: FAILED, status: 409 },
    );
  // This session just proved the app; the member's other sessions are asked for a code next.
  const token = await getSessionToken(request, context);
  if (token) await markFactorChecked(db, token);
  return {
    ok: true as const,
    recoveryCodes: result.recoveryCodes,
    toast: {
      type: "success" as const,
      title: "Two-Step Verification On",
      description: "Logging in, changing your bank details and withdrawing now ask for a code from your app.",
    },
  };
}

export default function TurnOn({ actionData }: Route.ComponentProps) {
  return <SecurityPage answer={actionData} />;
}
