import QRCode from "qrcode";
import { redirect } from "react-router";
import { checkSecondFactor, offeredTotpSecret } from "~/domain/second-factor/factors.server";
import { secretForTyping, totpUri, type AuthenticatorOffer } from "~/domain/second-factor/totp";
import type { RelyingParty } from "~/domain/second-factor/passkeys.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import { keepPendingAction, markFactorChecked } from "~/domain/sessions/sessions.server";
import type { CurrentUser } from "./auth.server";
import { getCurrentUser, getSessionToken } from "./auth.server";
import type { RequestContext } from "./context.server";
import { tooManyAttemptsMessage } from "./rate-limit.server";

/** A money action asks for the second factor again when the session last proved it longer ago than this. */
export const FACTOR_FRESH_MS = 15 * 60 * 1000;

/** The fields a second-factor code is typed into: the app's code, and a recovery code. */
export const FACTOR_CODE_FIELD = "secondFactorCode";
export const RECOVERY_CODE_FIELD = "secondFactorRecoveryCode";

export const WRONG_CODE_MESSAGE =
  "That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.";
export const MISSING_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app.";

export type ProveResult =
  | { status: "ok"; recoveryCodesLeft?: number }
  | { status: "missing" }
  | { status: "wrong-code" }
  | { status: "too-many"; retryAfter: number; message: string };

/** The code a form carries: the app's, or else a recovery code. */
export function typedCode(values: { get(name: string): unknown } | Record<string, unknown>): string {
  const read = (name: string) => {
    const value =
      "get" in values && typeof values.get === "function"
        ? values.get(name)
        : (values as Record<string, unknown>)[name];
    return typeof value === "string" ? value.trim() : "";
  };
  return read(FACTOR_CODE_FIELD) || read(RECOVERY_CODE_FIELD);
}

/**
 * Checks the code typed for this session's account and, when right, marks the session as having
 * proved its second factor now. Wrong codes are counted per account as wrong passwords are
 * (secondFactor: 10 in 15 minutes); a right one does not reset the count, so guessing between
 * real sign-ins gains nothing.
 */
export async function proveSecondFactor(
  request: Request,
  context: RequestContext,
  user: CurrentUser,
  code: string,
): Promise<ProveResult> {
  if (!code) return { status: "missing" };
  const { rateLimits, db } = context.services;
  const wait = await rateLimits.blockedFor("secondFactor", user.id);
  if (wait) return { status: "too-many", retryAfter: wait, message: tooManyAttemptsMessage(wait) };
  const result = await checkSecondFactor(db, user.id, code);
  if (result.status !== "ok") {
    await rateLimits.consume("secondFactor", user.id);
    return { status: "wrong-code" };
  }
  const token = await getSessionToken(request, context);
  if (token) await markFactorChecked(db, token);
  return result.method === "recovery-code"
    ? { status: "ok", recoveryCodesLeft: result.recoveryCodesLeft }
    : { status: "ok" };
}

/**
 * Before a money action (paying, payout and limit settings, confirming a payment, permissions,
 * the review queue's decisions; a member's bank details and withdrawals once they turned the
 * factor on): when the session proved its second factor more than 15 minutes ago, the form is
 * kept on the session and the person is sent to /login/confirm, which posts it back here with a
 * code. Call it after the action's guard and before it reads its form (it reads a copy of the request).
 */
export async function requireFreshFactor(request: Request, context: RequestContext): Promise<void> {
  const user = await getCurrentUser(request, context);
  if (!user) throw redirect("/login");
  if (!user.hasSecondFactor) return;
  const checkedAt = user.factorCheckedAt?.getTime() ?? 0;
  if (Date.now() - checkedAt < FACTOR_FRESH_MS) return;
  const form = await request.clone().formData();
  const code = typedCode(form);
  let error: "wrong-code" | "too-many" | undefined;
  if (code) {
    const proved = await proveSecondFactor(request, context, user, code);
    if (proved.status === "ok") return;
    error = proved.status === "too-many" ? "too-many" : "wrong-code";
  }
  const token = await getSessionToken(request, context);
  if (!token) throw redirect("/login");
  const url = new URL(request.url);
  const typed = [...form]
    .filter((entry): entry is [string, string] => typeof entry[1] === "string")
    .filter(([name]) => name !== FACTOR_CODE_FIELD && name !== RECOVERY_CODE_FIELD);
  // A password is never stored, nor written back into a page: the confirmation asks for it again.
  const isPassword = (name: string) => /password/i.test(name);
  const askAgain = [...new Set(typed.filter(([name]) => isPassword(name)).map(([name]) => name))];
  const fields = typed.filter(([name]) => !isPassword(name));
  await keepPendingAction(context.services.db, token, { path: url.pathname + url.search, fields, askAgain });
  throw redirect(error ? `/login/confirm?error=${error}` : "/login/confirm");
}

/**
 * The authenticator app offered to this session (offeredTotpSecret: the same on every reload,
 * nothing stored): its secret, and the QR code and typed key the page shows.
 */
export async function authenticatorOffer(request: Request, context: RequestContext, user: CurrentUser) {
  const token = await getSessionToken(request, context);
  if (!token) throw redirect("/login");
  const secret = offeredTotpSecret(context.services.secondFactorOfferKey, token);
  const { appName } = await getAppSettings(context.services.db);
  const qrSvg = await QRCode.toString(totpUri(secret, user.email, appName), {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
  });
  return { secret, offer: { qrSvg, secretForTyping: secretForTyping(secret) } satisfies AuthenticatorOffer };
}

/** The relying party passkeys are made for: the app's name and its own origin (APP_URL). */
export async function relyingParty(context: RequestContext): Promise<RelyingParty> {
  const { appName } = await getAppSettings(context.services.db);
  const { appUrl } = context.services.config;
  return { name: appName, id: appUrl.hostname, origin: appUrl.origin };
}

/** The passkey answer a form carries (`response`: the browser's JSON), or null when it is not JSON. */
export function passkeyResponseFrom(values: Record<string, string>): unknown {
  try {
    return JSON.parse(values.response ?? "");
  } catch {
    return null;
  }
}
