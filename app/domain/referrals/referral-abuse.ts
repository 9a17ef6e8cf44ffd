/**
 * Self-referral checks: a referral whose reward is paid only after an admin looks, when the
 * referred member shares the referrer's mailbox or network address. Pure, so the rules are
 * tested on their own; the sign-up and the reward both use them.
 */

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

/**
 * A client address in one spelling (`::ffff:1.2.3.4` is `1.2.3.4`, IPv6 lower-cased), or null
 * when there is none to compare ("unknown", empty).
 */
export function normalizeIp(ip: string | null | undefined): string | null {
  const trimmed = ip?.trim().toLowerCase() ?? "";
  if (!trimmed || trimmed === "unknown") return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

export type ReferralParty = { email: string; ips: readonly (string | null | undefined)[] };

/**
 * Why a referral's reward must wait for an admin, or null when nothing looks wrong: the same
 * normalized email as the referrer, or any shared address (sign-up or last sign-in).
 */
export function holdReasonFor(referred: ReferralParty, referrer: ReferralParty): string | null {
  if (normalizeEmail(referred.email) === normalizeEmail(referrer.email)) return HOLD_REASONS.sameEmail;
  const theirs = new Set(referrer.ips.map(normalizeIp).filter((ip) => ip !== null));
  if (referred.ips.some((ip) => theirs.has(normalizeIp(ip) ?? ""))) return HOLD_REASONS.sameIp;
  return null;
}
