/** A referral's states, as the admin list filters them (the page imports this, so no server code). */
export const REFERRAL_STATUSES = ["pending", "approved", "held", "voided"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
