import { customAlphabet } from "nanoid";

/** Upper-case letters and digits without look-alikes (no 0/O, 1/I): 32 symbols. */
const DISPLAY_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const URL_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"; // 64 symbols

// nanoid draws from the OS's cryptographic generator through a pooled buffer: one call into
// node:crypto per many ids (a claim alone creates three).

/** Opaque primary key: 21 URL-safe characters (126 bits). */
export const newId: () => string = customAlphabet(URL_ALPHABET, 21);

export type DisplayPrefix = "U" | "A" | "SA" | "AD" | "W" | "PB" | "UPG-" | "CMP-";
/**
 * Shown to people (e.g. "U7KQ2M9XD"; "W…" for a withdrawal's reference, "PB…" for a payout
 * batch, "UPG-…" for an upgrade's payment reference, "AD…" for an advertiser, "CMP-…" for a
 * campaign's payment reference): prefix + 8 unambiguous characters.
 */
const displaySuffix = customAlphabet(DISPLAY_ALPHABET, 8);
export const newDisplayId = (prefix: DisplayPrefix) => prefix + displaySuffix();

/** Referral code: 10 unambiguous upper-case characters. */
export const newReferralCode: () => string = customAlphabet(DISPLAY_ALPHABET, 10);

export const DISPLAY_ID_ALPHABET = DISPLAY_ALPHABET;
