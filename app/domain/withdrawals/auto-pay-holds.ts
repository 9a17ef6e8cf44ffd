/** Why an automatic payout left a withdrawal for an admin (withdrawals.auto_pay_hold), first found first. */
export const AUTO_PAY_HOLDS = [
  "above-limit",
  /** Only a member's earnings are paid automatically, never an advertiser's balance. */
  "not-a-member",
  "not-approved",
  "restricted",
  /** The member froze their payouts (the link in the bank-details-changed mail). */
  "payouts-frozen",
  /** The account is younger than the setting's days. */
  "new-account",
  /** Their account is linked to others beyond the allowances, waiting for a review (/admin/risk). */
  "under-review",
  /** A referral of theirs (as referrer or referred) is held for an admin's review. */
  "held-for-review",
  /** The account the withdrawal pays was not confirmed by Paystack's account lookup. */
  "account-not-resolved",
  /** The bank details changed within the setting's hours. */
  "bank-details-changed",
  /** The member's name (what the bank's account name is compared with) changed within the setting's hours. */
  "name-changed",
  /** The name the bank resolved is not the member's. */
  "name-mismatch",
  /** The platform's automatic payouts of the Lagos day reached the daily total. */
  "daily-total-reached",
] as const;

export type AutoPayHold = (typeof AUTO_PAY_HOLDS)[number];

export const isAutoPayHold = (value: string | null): value is AutoPayHold =>
  (AUTO_PAY_HOLDS as readonly (string | null)[]).includes(value);

/**
 * What Withdrawal Requests says of a withdrawal the automatic payout left for an admin: null when
 * the reason is plain already (above the amount, an advertiser, the member's status on the page).
 */
export const AUTO_PAY_HOLD_NOTES: Record<AutoPayHold, string | null> = {
  "above-limit": null,
  "not-a-member": null,
  "not-approved": null,
  restricted: null,
  "payouts-frozen": "Not paid automatically: the member froze their payouts",
  "new-account": "Not paid automatically: the account is new",
  "under-review": "Not paid automatically: linked accounts under review",
  "held-for-review": "Not paid automatically: a referral of theirs is held for review",
  "account-not-resolved": "Not paid automatically: Paystack did not confirm the account name",
  "bank-details-changed": "Not paid automatically: bank details changed shortly before",
  "name-changed": "Not paid automatically: the member's name changed shortly before",
  "name-mismatch": "Not paid automatically: the account name is not the member's",
  "daily-total-reached": "Not paid automatically: the day's automatic payout total was reached",
};

/**
 * What Withdrawal Requests says of why a withdrawal waits for an admin's check, while it waits
 * (pending or processing): the member's freeze first, else the automatic payout's reason.
 */
export function reviewNoteOf(w: { status: string; autoPayHold: string | null; payoutsFrozen: boolean }): string | null {
  if (w.status !== "pending" && w.status !== "processing") return null;
  if (w.payoutsFrozen) return "Payouts frozen by the member: release them on the member's page to pay";
  return isAutoPayHold(w.autoPayHold) ? AUTO_PAY_HOLD_NOTES[w.autoPayHold] : null;
}
