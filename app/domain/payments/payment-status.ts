import type { StatusBadges } from "~/domain/shared/status-badges";

/**
 * A payment attempt through the provider (provider_payments.status, the database enum's order):
 * initialized (a checkout was asked for, nothing heard yet), succeeded (paid as asked and booked),
 * failed or abandoned (not paid: the payer may try again), held (paid, but not as asked: nothing
 * booked, for an admin to refund or match). No server imports: screens show it.
 */
export const PROVIDER_PAYMENT_STATUSES = ["initialized", "succeeded", "failed", "abandoned", "held"] as const;
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];

/** Awaiting blue, paid green, failed red, abandoned grey, held yellow: for everyone who sees one. */
export const PROVIDER_PAYMENT_STATUS_BADGES = {
  initialized: { label: "Awaiting payment", tone: "blue" },
  succeeded: { label: "Paid", tone: "green" },
  failed: { label: "Payment failed", tone: "red" },
  abandoned: { label: "Payment abandoned", tone: "gray" },
  held: { label: "Held for review", tone: "yellow" },
} as const satisfies StatusBadges<ProviderPaymentStatus>;
