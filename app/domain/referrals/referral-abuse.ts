/**
 * Self-referral checks: a referral whose reward is paid only after an admin looks, when the
 * referred member shares the referrer's mailbox or network address. Pure, so the rules are
 * tested on their own; the sign-up and the reward both use them.
 */
import { networkOf } from "~/lib/ip-network";

export const HOLD_REASONS = {
  sameEmail: "Same email address as the referrer",
  sameIp: "Same IP address as the referrer",
} as const;

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address reaches: lower-cased, a `+tag` dropped from the local part, and for
 * Gmail the dots too (googlemail.com is gmail.com). `Ada.Obi+x@GoogleMail.com` → `adaobi@gmail.com`.
 */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = "gmail.com";
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}

/** A member's addresses for the comparison: where they signed up and their recent sign-ins. */
export type ReferralParty = { email: string; ips: readonly (string | null | undefined)[] };

/**
 * Why a referral's reward must wait for an admin, or null when nothing looks wrong: the same
 * normalized email as the referrer, or any shared network (sign-up or a recent sign-in; see
 * networkOf).
 */
export function holdReasonFor(referred: ReferralParty, referrer: ReferralParty): string | null {
  if (normalizeEmail(referred.email) === normalizeEmail(referrer.email)) return HOLD_REASONS.sameEmail;
  const theirs = new Set(referrer.ips.map(networkOf).filter((ip) => ip !== null));
  if (referred.ips.some((ip) => theirs.has(networkOf(ip) ?? ""))) return HOLD_REASONS.sameIp;
  return null;
}

/** How many sign-in networks (see networkOf) a member keeps for the comparison (newest first). */
export const RECENT_SIGN_IN_ADDRESSES = 5;
