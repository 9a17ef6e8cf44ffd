import { redirect } from "react-router";
import type { Route } from "./+types/passkey";
import { homePathFor } from "~/domain/permissions/permissions";
import { checkPasskey, passkeyAuthenticationOptions } from "~/domain/second-factor/passkeys.server";
import { markFactorChecked, setPasskeyChallenge, takePasskeyChallenge } from "~/domain/sessions/sessions.server";
import { getSessionToken, getSignInInProgress } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { tooManyAttemptsMessage } from "~/server/rate-limit.server";
import { passkeyResponseFrom, relyingParty } from "~/server/second-factor.server";
import { toastCookieHeader } from "~/server/toast.server";

/** Signing in with a passkey is a POST from the verify page's script; a GET goes there. */
export const loader = () => redirect("/login/verify");

const REFUSED = "That passkey could not be checked. Try again, or enter the code from your authenticator app.";

/**
 * POST /login/passkey, the sign-in step with a passkey (the page's script, JSON answers):
 * `intent=options` gives the browser a challenge (kept on the session, answered once),
 * `intent=verify` checks its answer and completes the sign-in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const inProgress = await getSignInInProgress(request, context);
  const token = await getSessionToken(request, context);
  if (inProgress?.step !== "verify" || !token) return Response.json({ error: "Log in first." }, { status: 401 });
  const { user } = inProgress;
  const { db, rateLimits } = context.services;
  const values = await readForm(request);
  const rp = await relyingParty(context);
  if (values.intent === "options") {
    const options = await passkeyAuthenticationOptions(db, rp, user.id);
    if (!options) return Response.json({ error: "Your account has no passkey." }, { status: 404 });
    await setPasskeyChallenge(db, token, options.challenge);
    return Response.json({ options });
  }
  const wait = await rateLimits.blockedFor("secondFactor", user.id);
  if (wait) return Response.json({ error: tooManyAttemptsMessage(wait) }, { status: 429 });
  const challenge = await takePasskeyChallenge(db, token);
  const result = challenge
    ? await checkPasskey(db, rp, user.id, passkeyResponseFrom(values), challenge)
    : { status: "refused" as const };
  if (result.status !== "ok") {
    await rateLimits.consume("secondFactor", user.id);
    return Response.json({ error: REFUSED }, { status: 401 });
  }
  await markFactorChecked(db, token);
  const welcome = toastCookieHeader(context, {
    type: "success",
    title: "Login Successful",
    description: `Welcome back, ${user.name}!`,
  });
  return Response.json({ redirectTo: homePathFor(user.role) }, { headers: { "Set-Cookie": welcome } });
}
