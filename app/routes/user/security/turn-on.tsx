import type { Route } from "./+types/turn-on";
import { SecurityPage } from "~/components/security/security-page";
import { enrolAuthenticatorApp } from "~/domain/second-factor/factors.server";
import { markFactorChecked } from "~/domain/sessions/sessions.server";
import { getSessionToken, requireMemberOrStaff } from "~/server/auth.server";
import { formFailure, readForm } from "~/server/forms.server";
import { authenticatorOffer, MISSING_CODE_MESSAGE } from "~/server/second-factor.server";

const FAILED = "Two-Step Verification Not Turned On";
const NOT_RIGHT = "That code is not right. Check the key in your app and enter the code it shows now.";

/** POST /security/turn-on: a member turns on two-step verification with the offered app's first code. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMemberOrStaff(request, context);
  const code = (await readForm(request)).secondFactorCode?.trim() ?? "";
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
