import { parseCookie, stringifySetCookie } from "cookie";
import { sign, unsign } from "cookie-signature";

/**
 * The known-device cookie: proof that this browser signed in to an account before, with the
 * account's current password. A sign-in carrying it for the account it names is exempt from the
 * per-address limit on failed sign-ins (many subscribers share one carrier address; decision 021).
 *
 * One cookie holds an entry per account signed in on the browser (a phone shared by a family),
 * the most recent first, at most KNOWN_DEVICE_MAX_ACCOUNTS. An entry is `<user id>.<issued at,
 * Unix seconds>`, signed by cookie-signature (HMAC-SHA256) under a key made of the server's
 * cookie secret and the account's stored password hash: a new password (changed on /profile or
 * reset) gives a new hash, so every entry issued before it stops counting, with no table of
 * devices to keep. The hash never leaves the server.
 */
export type KnownDeviceCookie = ReturnType<typeof createKnownDeviceCookie>;

/** What an entry is bound to: the account and its current password hash. */
export type KnownDeviceAccount = { id: string; passwordHash: string };

/** Accounts one browser is remembered for (oldest dropped first); keeps the cookie under 1 KB. */
export const KNOWN_DEVICE_MAX_ACCOUNTS = 5;
/** How long a browser stays known without signing in again (each sign-in renews its entry). */
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const ENTRY_SEPARATOR = "~";
/** Clocks of several app processes may differ a little. */
const CLOCK_SKEW_SECONDS = 5 * 60;

export function createKnownDeviceCookie(secret: string, options: { secure: boolean }) {
  // __Host- binds the cookie to this exact origin; browsers only accept it over https.
  const name = options.secure ? "__Host-adnaira_device" : "adnaira_device";
  const attributes = { httpOnly: true, sameSite: "lax", secure: options.secure, path: "/" } as const;
  const keyFor = (account: KnownDeviceAccount) => `known-device:${secret}:${account.passwordHash}`;

  const entriesIn = (cookieHeader: string | null): string[] => {
    const value = cookieHeader ? parseCookie(cookieHeader)[name] : undefined;
    if (!value) return [];
    return value.split(ENTRY_SEPARATOR).slice(0, KNOWN_DEVICE_MAX_ACCOUNTS);
  };

  /** The entry's account id, whatever its signature (for choosing which entry to check). */
  const userIdOf = (entry: string) => entry.slice(0, entry.indexOf("."));

  /** The entry's issue time when it is signed for this account and not expired; otherwise null. */
  const issuedAt = (entry: string, account: KnownDeviceAccount, nowSeconds: number): number | null => {
    const payload = unsign(entry, keyFor(account));
    if (payload === false) return null;
    const [userId, issued] = payload.split(".");
    if (userId !== account.id || !/^\d{1,12}$/.test(issued ?? "")) return null;
    const age = nowSeconds - Number(issued);
    return age >= -CLOCK_SKEW_SECONDS && age <= KNOWN_DEVICE_MAX_AGE_SECONDS ? Number(issued) : null;
  };

  return {
    name,
    /** Whether the Cookie header holds any entry (so a sign-in need not look the account up without one). */
    present(cookieHeader: string | null): boolean {
      return entriesIn(cookieHeader).length > 0;
    },
    /** Whether the Cookie header holds a valid, unexpired entry for this account as it is now. */
    recognizes(cookieHeader: string | null, account: KnownDeviceAccount, now = new Date()): boolean {
      const nowSeconds = Math.floor(now.getTime() / 1000);
      return entriesIn(cookieHeader).some(
        (entry) => userIdOf(entry) === account.id && issuedAt(entry, account, nowSeconds) !== null,
      );
    },
    /**
     * The Set-Cookie header that remembers this browser for the account: a fresh entry first,
     * the other accounts' entries after it (their validity is checked when they are used), at
     * most KNOWN_DEVICE_MAX_ACCOUNTS in all.
     */
    remember(cookieHeader: string | null, account: KnownDeviceAccount, now = new Date()): string {
      const nowSeconds = Math.floor(now.getTime() / 1000);
      const fresh = sign(`${account.id}.${nowSeconds}`, keyFor(account));
      const others = entriesIn(cookieHeader).filter((entry) => entry.includes(".") && userIdOf(entry) !== account.id);
      const value = [fresh, ...others].slice(0, KNOWN_DEVICE_MAX_ACCOUNTS).join(ENTRY_SEPARATOR);
      return stringifySetCookie({ name, value, ...attributes, maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS });
    },
  };
}
