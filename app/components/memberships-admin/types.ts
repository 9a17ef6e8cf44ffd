import type { UpgradeMethod } from "~/domain/memberships/upgrades";
import type { ProviderPaymentStatus } from "~/domain/payments/payment-status";

/** A tier as /admin/memberships shows it (amounts formatted by the loader). */
export type AdminTierRow = {
  id: string;
  name: string;
  rank: number;
  free: boolean;
  price: string;
  /** The price input's value: "500.00". */
  priceDecimal: string;
  dailyAdViews: number;
  benefits: string[];
};

/** A pending upgrade request in the Upgrade Requests table. */
export type AdminUpgradeRow = {
  id: string;
  reference: string;
  userId: string;
  userName: string;
  userEmail: string;
  userDisplayId: string;
  tierName: string;
  fromTierName: string;
  amount: string;
  method: UpgradeMethod;
  /** Paid online: where its payment is (held first: see AdminUpgradeRequest); null for the other methods. */
  payment: ProviderPaymentStatus | null;
  /** Its online payment is held (amount or currency did not match): why, for the admin to settle with the member. */
  heldReason: string | null;
  requestedAt: string;
  requestedAtText: string;
};

export const METHOD_LABELS: Record<AdminUpgradeRow["method"], string> = {
  balance: "From balance",
  bank_transfer: "Bank transfer",
  // How the member chose to pay, not whether they have: the payment's own status shows that.
  online: "Online (Paystack)",
};
