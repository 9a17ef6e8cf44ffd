import type { StatusBadges } from "~/domain/shared/status-badges";

/**
 * A member account's status, from its two flags: pending approval (neither), approved, or
 * restricted (whatever the approval). No server imports: the admin list shows it too.
 */
export const USER_ACCOUNT_STATUSES = ["pending", "approved", "restricted"] as const;
export type UserAccountStatus = (typeof USER_ACCOUNT_STATUSES)[number];

export const accountStatusOf = (user: { isApproved: boolean; isRestricted: boolean }): UserAccountStatus =>
  user.isRestricted ? "restricted" : user.isApproved ? "approved" : "pending";

/** Pending yellow, approved green, restricted red. */
export const USER_ACCOUNT_STATUS_BADGES = {
  pending: { label: "Pending", tone: "yellow" },
  approved: { label: "Approved", tone: "green" },
  restricted: { label: "Restricted", tone: "red" },
} as const satisfies StatusBadges<UserAccountStatus>;
