import { Secret, TOTP } from "otpauth";

/**
 * Authenticator-app codes (TOTP, RFC 6238) as every common app reads them: SHA-1, 6 digits, a
 * new code every 30 seconds. A code one step either side of now is accepted, for a phone whose
 * clock is a little off; the step a code was accepted for is then used up (a code works once).
 */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;

/** What a page shows to set up an authenticator app. */
export type AuthenticatorOffer = {
  /** The QR code of the otpauth link, an SVG drawn on the server. */
  qrSvg: string;
  /** The same secret in groups of four, for typing into the app by hand. */
  secretForTyping: string;
};

function totp(secret: string, label = "", issuer = "") {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The `otpauth://` link an authenticator app scans from the QR code (Key Uri Format). */
export function totpUri(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString();
}

/** The secret as it is typed into an app by hand: groups of four. */
export function secretForTyping(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/** The 30-second step `time` falls in. */
export function stepAt(time: Date): number {
  return Math.floor(time.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The step a six-digit code belongs to (now or one step either side), or null when it matches none. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : stepAt(now) + delta;
}

/** The code an app shows at `time` (what a test, or the server-side reset script, computes). */
export function totpCodeAt(secret: string, time: Date): string {
  return totp(secret).generate({ timestamp: time.getTime() });
}

/** What a person typed, without the spaces and dashes apps and printed codes show. */
export function normaliseCode(typed: string): string {
  return typed.replace(/[\s-]/g, "").toUpperCase();
}
