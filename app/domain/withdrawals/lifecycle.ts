/**
 * A withdrawal's lifecycle: pending → processing → completed, or pending → rejected. The order is
 * the database enum's. No server imports: the admin table filters by status in the browser too.
 */
export const WITHDRAWAL_STATUSES = ["pending", "processing", "completed", "rejected"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
