import type { ProviderPaymentStatus } from "~/domain/payments/payment-status";
import { formatKobo } from "~/domain/shared/money";
import { formatLagosDateTime } from "~/lib/lagos-time";
import type { UpgradeOffer } from "./upgrade-offer.server";
import type { UpgradeMethod } from "./upgrades";

/** The forms' routes (app/routes/user/membership/*): one action each. */
export const UPGRADE_REQUEST_PATH = "/membership/upgrade";
export const UPGRADE_CANCEL_PATH = "/membership/upgrade/cancel";
/** "Try again": a new checkout for a pending online request. */
export const UPGRADE_PAY_PATH = "/membership/upgrade/pay";

export const UPGRADE_METHOD_LABELS: Record<UpgradeMethod, string> = {
  balance: "From my AdNaira balance",
  bank_transfer: "By bank transfer",
  online: "Pay online (card, bank transfer, USSD)",
};

/** Said wherever a member chooses a tier (the dialog and the page): what they pay, and that it is paid once. */
export const UPGRADE_PRICE_TEXT =
  "You pay the difference between the new tier's price and your current tier's, once: a tier is a one-off payment, with nothing to renew.";

/** Beside each tier's price to pay. */
export const ONE_OFF_LABEL = "one-off payment";

/** The member's upgrade offer as pages show it: every figure formatted on the server. */
export type UpgradeView = {
  currentTier: { name: string; dailyAdViews: number };
  /** Approved members only: others see why not. */
  canRequest: boolean;
  options: {
    tierId: string;
    name: string;
    price: string;
    dailyAdViews: number;
    benefits: string[];
    /** The available balance covers it. */
    coveredByBalance: boolean;
  }[];
  available: string;
  held: string;
  /** The held amount explained, e.g. "₦500.00 for your pending upgrade"; empty when nothing is held. */
  heldReasons: string[];
  pending: {
    id: string;
    reference: string;
    tierName: string;
    amount: string;
    method: UpgradeMethod;
    requested: string;
    /** Paid online: where the payment is (held: Paystack took it, an admin checks it). */
    payment: ProviderPaymentStatus | null;
  } | null;
  receivingAccount: { bankName: string; accountNumber: string; accountName: string } | null;
  /** The payment provider is on: "Pay online" is offered. */
  online: boolean;
};

export function toUpgradeView(offer: UpgradeOffer, approved: boolean, online = false): UpgradeView {
  const heldReasons: string[] = [];
  if (offer.heldForWithdrawalsKobo > 0n)
    heldReasons.push(`${formatKobo(offer.heldForWithdrawalsKobo)} for a withdrawal in progress`);
  if (offer.heldForUpgradeKobo > 0n)
    heldReasons.push(`${formatKobo(offer.heldForUpgradeKobo)} for your pending upgrade`);
  const account = offer.receivingAccount;
  return {
    currentTier: { name: offer.currentTier.name, dailyAdViews: offer.currentTier.dailyAdViews },
    canRequest: approved,
    options: offer.options.map((o) => ({
      tierId: o.tierId,
      name: o.name,
      price: formatKobo(o.priceKobo),
      dailyAdViews: o.dailyAdViews,
      benefits: o.benefits,
      coveredByBalance: o.priceKobo <= offer.availableKobo,
    })),
    available: formatKobo(offer.availableKobo),
    held: formatKobo(offer.heldKobo),
    heldReasons,
    pending: offer.pending && {
      id: offer.pending.id,
      reference: offer.pending.reference,
      tierName: offer.pending.tierName,
      amount: formatKobo(offer.pending.priceKobo),
      method: offer.pending.method,
      requested: formatLagosDateTime(offer.pending.createdAt),
      payment: offer.pending.payment,
    },
    receivingAccount: account && {
      bankName: account.bankName,
      accountNumber: account.accountNumber,
      accountName: account.accountName,
    },
    online,
  };
}
