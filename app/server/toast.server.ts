import { parseCookie, stringifySetCookie } from "cookie";
import { sign, unsign } from "cookie-signature";
import { redirect } from "react-router";
import { z } from "zod";
import { randomUUID } from "node:crypto";
import type { Toast } from "~/lib/toast";
import type { RequestContext } from "./context.server";

/** What the toast cookie must hold to be shown (anything else is dropped). */
const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  title: z.string(),
  description: z.string().optional(),
}) satisfies z.ZodType<Toast>;

const TOAST_COOKIE = "adnaira_toast";

/**
 * The toast cookie: short-lived, signed, read once. Its value is what React Router's
 * `createCookie` with a secret writes (base64 of the JSON, ".", the HMAC-SHA256 without padding),
 * but signed with node:crypto (cookie-signature) rather than WebCrypto: a toast is set on every
 * claim, and WebCrypto's signature costs far more CPU (docs/performance.md has the figures).
 */
export type ToastCookie = ReturnType<typeof createToastCookie>;

export function createToastCookie(secret: string, options: { secure: boolean }) {
  const attributes = { httpOnly: true, sameSite: "lax", secure: options.secure, path: "/" } as const;
  return {
    serialize(toast: Toast): string {
      if (!toast.id) toast = { id: randomUUID(), ...toast };
      const data = Buffer.from(JSON.stringify(toast), "utf8").toString("base64");
      return stringifySetCookie({ name: TOAST_COOKIE, value: sign(data, secret), ...attributes, maxAge: 60 });
    },
    clear(): string {
      return stringifySetCookie({ name: TOAST_COOKIE, value: "", ...attributes, maxAge: 0 });
    },
    /** The toast's JSON from a Cookie header; null when absent, unsigned or tampered with. */
    parse(cookieHeader: string | null): unknown {
      const value = cookieHeader ? parseCookie(cookieHeader)[TOAST_COOKIE] : undefined;
      if (!value) return null;
      const data = unsign(value, secret);
      if (data === false) return null;
      try {
        return JSON.parse(Buffer.from(data, "base64").toString("utf8"));
      } catch {
        return null;
      }
    },
  };
}

/**
 * The Set-Cookie header of a toast that survives the redirect (short-lived signed cookie, read
 * once). For the advert claim, answered outside React Router; an action uses redirectWithToast.
 */
export function toastCookieHeader(context: Pick<RequestContext, "services">, toast: Toast): string {
  return context.services.cookies.toast.serialize(toast);
}

/** The way an action sends a toast with a redirect: the next page's root loader shows it. */
export async function redirectWithToast(
  context: RequestContext,
  url: string,
  toast: Toast,
  init: { headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookieHeader(context, toast));
  return redirect(url, { headers });
}

/** Reads and clears the pending toast, if any. */
export async function takeToast(request: Request, context: RequestContext) {
  const cookie = context.services.cookies.toast;
  const parsed = ToastSchema.safeParse(cookie.parse(request.headers.get("Cookie")));
  if (!parsed.success) return { toast: null, headers: undefined };
  return { toast: parsed.data, headers: { "Set-Cookie": cookie.clear() } };
}
