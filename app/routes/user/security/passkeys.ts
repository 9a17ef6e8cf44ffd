import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/passkeys";
import { factorStatus } from "~/domain/second-factor/factors.server";
import {
  addPasskey,
  MAX_PASSKEYS,
  passkeyRegistrationOptions,
  removePasskey,
} from "~/domain/second-factor/passkeys.server";
import { setPasskeyChallenge, takePasskeyChallenge } from "~/domain/sessions/sessions.server";
import { getSessionToken, requireMemberOrStaff } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import {
  FACTOR_FRESH_MS,
  passkeyResponseFrom,
  proveSecondFactor,
  relyingParty,
  typedCode,
  WRONG_CODE_MESSAGE,
} from "~/server/second-factor.server";
import { redirectWithToast, toastCookieHeader } from "~/server/toast.server";

/** The passkeys are managed from /security; a GET goes there. */
export const loader = () => redirect("/security");

const PasskeyName = z.string().trim().min(1, "Name the passkey (for example, My phone)").max(60);

/**
 * POST /security/passkeys. `intent=remove` is a plain form (it works before JavaScript loads);
 * adding is the page's script (WebAuthn needs it): `intent=options` answers the browser's
 * challenge once the session proved its app within 15 minutes or the request carries a code,
 * `intent=add` keeps the passkey the browser made.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMemberOrStaff(request, context);
  const { db } = context.services;
  const values = await readForm(request);
  if (values.intent === "remove") {
    const removed = await removePasskey(db, user.id, values.passkeyId ?? "");
    return redirectWithToast(
      context,
      "/security",
      removed.status === "ok"
        ? { type: "success", title: "Passkey Removed", description: `${removed.name} no longer signs you in.` }
        : { type: "error", title: "Action Failed", description: "That passkey was already removed." },
    );
  }
  const token = await getSessionToken(request, context);
  const status = await factorStatus(db, user.id);
  if (!token || !status.enrolled)
    return Response.json({ error: "Turn on two-step verification with an authenticator app first." }, { status: 409 });
  const rp = await relyingParty(context);
  if (values.intent === "options") {
    const name = PasskeyName.safeParse(values.name);
    if (!name.success) return Response.json({ error: name.error.issues[0]!.message }, { status: 400 });
    if (status.passkeys.length >= MAX_PASSKEYS)
      return Response.json({ error: `You can keep at most ${MAX_PASSKEYS} passkeys.` }, { status: 409 });
    const fresh = user.factorCheckedAt && Date.now() - user.factorCheckedAt.getTime() < FACTOR_FRESH_MS;
    if (!fresh) {
      const proved = await proveSecondFactor(request, context, user, typedCode(values));
      if (proved.status === "too-many") return Response.json({ error: proved.message }, { status: 429 });
      if (proved.status !== "ok") return Response.json({ error: WRONG_CODE_MESSAGE, needsCode: true }, { status: 401 });
    }
    const options = await passkeyRegistrationOptions(db, rp, user);
    await setPasskeyChallenge(db, token, options.challenge);
    return Response.json({ options });
  }
  const name = PasskeyName.safeParse(values.name);
  const challenge = await takePasskeyChallenge(db, token);
  if (!challenge || !name.success)
    return Response.json({ error: "Start again: press Add a passkey." }, { status: 400 });
  const added = await addPasskey(db, rp, user.id, passkeyResponseFrom(values), challenge, name.data);
  if (added.status !== "ok")
    return Response.json({ error: "The passkey could not be added. Please try again." }, { status: 400 });
  const toast = toastCookieHeader(context, {
    type: "success",
    title: "Passkey Added",
    description: `${name.data} can now sign you in instead of a code.`,
  });
  return Response.json({ ok: true }, { headers: { "Set-Cookie": toast } });
}
