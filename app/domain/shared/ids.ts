import { randomBytes } from "node:crypto";

/** Upper-case letters and digits without look-alikes (no 0/O, 1/I): 32 symbols. */
const DISPLAY_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const URL_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"; // 64 symbols

function randomString(alphabet: string, length: number): string {
  // Alphabets are 32 or 64 long, so masking a random byte is uniform.
  const mask = alphabet.length - 1;
  const bytes = randomBytes(length);
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[bytes[i]! & mask];
  return out;
}

/** Opaque primary key: 21 URL-safe characters (126 bits). */
export const newId = () => randomString(URL_ALPHABET, 21);

export type DisplayPrefix = "U" | "A" | "SA" | "W" | "PB";
/**
 * Shown to people (e.g. "U7KQ2M9XD"; "W…" for a withdrawal's reference, "PB…" for a payout
 * batch): prefix + 8 unambiguous characters.
 */
export const newDisplayId = (prefix: DisplayPrefix) => prefix + randomString(DISPLAY_ALPHABET, 8);

/** Referral code: 10 unambiguous upper-case characters. */
export const newReferralCode = () => randomString(DISPLAY_ALPHABET, 10);

export const DISPLAY_ID_ALPHABET = DISPLAY_ALPHABET;
