import { parseCookie, stringifySetCookie } from "cookie";
import { sign, unsign } from "cookie-signature";
import { nanoid } from "nanoid";

/**
 * The device id (issue 39): a random id in a long-lived first-party cookie, signed by
 * cookie-signature (HMAC-SHA256) under the server's cookie secret so it cannot be made up, set on
 * the first visit and never tied to a session, so it is the same before and after sign-in and
 * sign-up. Which accounts used it is a signal that ties accounts to one person
 * (app/domain/risk). Clearing cookies makes a new one: the fingerprint is the second, weaker signal.
 */
export type DeviceIdCookie = ReturnType<typeof createDeviceIdCookie>;

/** Two years: as long as a phone is usually kept. */
export const DEVICE_ID_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

export function createDeviceIdCookie(secret: string, options: { secure: boolean }) {
  // __Host- binds the cookie to this exact origin; browsers only accept it over https.
  const name = options.secure ? "__Host-adnaira_did" : "adnaira_did";
  const key = `device-id:${secret}`;
  return {
    name,
    /** The device id the Cookie header carries, when its signature is ours; otherwise null. */
    read(cookieHeader: string | null | undefined): string | null {
      const value = cookieHeader ? parseCookie(cookieHeader)[name] : undefined;
      if (!value) return null;
      const id = unsign(value, key);
      return id !== false && /^[A-Za-z0-9_-]{21}$/.test(id) ? id : null;
    },
    /** A new device id and the Set-Cookie header that gives it to the browser. */
    issue(): { id: string; setCookie: string } {
      const id = nanoid(21);
      const setCookie = stringifySetCookie({
        name,
        value: sign(id, key),
        httpOnly: true,
        sameSite: "lax",
        secure: options.secure,
        path: "/",
        maxAge: DEVICE_ID_MAX_AGE_SECONDS,
      });
      return { id, setCookie };
    },
  };
}
