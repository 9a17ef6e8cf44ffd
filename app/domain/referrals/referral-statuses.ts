import type { StatusBadges } from "~/domain/shared/status-badges";

/** A referral's states, as the admin list filters them (the page imports this, so no server code). */
export const REFERRAL_STATUSES = ["pending", "approved", "held", "voided"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/**
 * How a referral's status reads, to its referrer and to the admins alike. Why a reward is held
 * is for the admins reviewing it (their list shows the reason beside the badge): the badge only
 * says it is under review.
 */
export const REFERRAL_STATUS_BADGES = {
  pending: { label: "Pending", tone: "yellow" },
  approved: { label: "Approved", tone: "green" },
  held: { label: "On hold — under review", tone: "yellow" },
  voided: { label: "Voided", tone: "gray" },
} as const satisfies StatusBadges<ReferralStatus>;
