import type { StatusBadges } from "~/domain/shared/status-badges";

/**
 * A withdrawal's lifecycle: pending → processing → completed, or pending → rejected; paid through
 * the payment provider, processing → sent → completed (or back to processing when the transfer
 * fails). The order is the database enum's. No server imports: the admin table filters by status in the browser too.
 */
export const WITHDRAWAL_STATUSES = ["pending", "processing", "completed", "rejected", "sent"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * The statuses in the order a withdrawal goes through them, as lists and filters show them: Sent
 * between Processing and Completed, Rejected (an end off the way) last.
 */
export const WITHDRAWAL_LIFECYCLE = [
  "pending",
  "processing",
  "sent",
  "completed",
  "rejected",
] as const satisfies readonly WithdrawalStatus[];

/** Pending yellow, processing blue, completed green, rejected red: for members and admins alike. */
export const WITHDRAWAL_STATUS_BADGES = {
  pending: { label: "Pending", tone: "yellow" },
  processing: { label: "Processing", tone: "blue" },
  completed: { label: "Completed", tone: "green" },
  rejected: { label: "Rejected", tone: "red" },
  sent: { label: "Sent", tone: "blue" },
} as const satisfies StatusBadges<WithdrawalStatus>;

/**
 * A withdrawal as its own member sees it: a pending one whose account is linked to others under
 * review reads "Under review" (never why, nor whose accounts).
 */
export type MemberWithdrawalStatus = WithdrawalStatus | "under_review";

export const MEMBER_WITHDRAWAL_STATUS_BADGES = {
  ...WITHDRAWAL_STATUS_BADGES,
  under_review: { label: "Under review", tone: "yellow" },
} as const satisfies StatusBadges<MemberWithdrawalStatus>;
