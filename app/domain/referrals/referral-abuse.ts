/**
 * Self-referral checks: a referral whose reward is paid only after an admin looks. Pure: the
 * mailbox rule here; accounts linked beyond the allowances (a shared device or bank account,
 * app/domain/risk) are judged when the reward is due. A shared network alone holds nothing: behind
 * Nigerian carrier NAT thousands of honest members share one (issue 39).
 */

export const HOLD_REASONS = {
  sameEmail: "Same email address as the referrer",
  linked: "Linked accounts under review (a shared device or bank account)",
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

/** Why a referral's reward must wait for an admin on its own mailbox evidence, or null: the same normalized email. */
export function holdReasonFor(referred: { email: string }, referrer: { email: string }): string | null {
  return normalizeEmail(referred.email) === normalizeEmail(referrer.email) ? HOLD_REASONS.sameEmail : null;
}

/** How many sign-in networks (see networkOf) a member keeps, newest first (shown on their admin page). */
export const RECENT_SIGN_IN_ADDRESSES = 5;
