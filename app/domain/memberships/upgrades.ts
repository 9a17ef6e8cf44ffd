import type { Kobo } from "~/domain/shared/money";
import type { StatusBadges } from "~/domain/shared/status-badges";

/**
 * Upgrade rules the browser may need too (the dialog shows the price before submitting). No
 * server imports: safe in the client bundle.
 */

/** Online: through the payment provider's checkout (offered only when the provider is on). */
export const UPGRADE_METHODS = ["balance", "bank_transfer", "online"] as const;
export type UpgradeMethod = (typeof UPGRADE_METHODS)[number];

export const UPGRADE_STATUSES = ["pending", "approved", "rejected", "cancelled"] as const;
export type UpgradeStatus = (typeof UPGRADE_STATUSES)[number];

/** Pending yellow, approved green, rejected red, cancelled grey: for members and admins alike. */
export const UPGRADE_STATUS_BADGES = {
  pending: { label: "Pending", tone: "yellow" },
  approved: { label: "Approved", tone: "green" },
  rejected: { label: "Rejected", tone: "red" },
  cancelled: { label: "Cancelled", tone: "gray" },
} as const satisfies StatusBadges<UpgradeStatus>;

/** What an upgrade costs: the new tier's price minus the current tier's. */
export const upgradePriceKobo = (currentTierPriceKobo: Kobo, newTierPriceKobo: Kobo): Kobo =>
  newTierPriceKobo - currentTierPriceKobo;
