import type { Database } from "~/db/client.server";
import type { ProviderPayment, ProviderSettlement } from "~/db/schema";
import { transfer } from "~/domain/ledger/transfer.server";
import type { Kobo } from "~/domain/shared/money";

// Every ledger movement of payments through the provider (docs/money.md). What a payment pays for
// is booked by its capability's own money.server.ts; this one books what the provider kept and
// what it settled to the platform's bank.

/** The ledger key of the provider's fee on one collected payment (its attempt's reference). */
export const providerFeeKey = (reference: string) => `provider-fee:${reference}`;

/** The provider's fee on a booked payment: provider fees → provider clearing, once (its key). Nothing for a zero fee. */
export async function bookProviderFee(tx: Database, attempt: ProviderPayment, feeKobo: Kobo): Promise<void> {
  if (feeKobo <= 0n) return;
  await transfer(tx, {
    from: { platform: "provider_fees" },
    to: { platform: "provider_clearing" },
    amountKobo: feeKobo,
    kind: "provider_fee",
    idempotencyKey: providerFeeKey(attempt.reference),
    reference: { type: "provider_payment", id: attempt.id },
  });
}

/** The ledger key of one settlement the provider paid to the platform's bank (its settlement id). */
export const providerSettlementKey = (providerSettlementId: string) => `provider-settlement:${providerSettlementId}`;

/**
 * A settlement the provider reported successful: bank receipts → provider clearing, once (its
 * key). Clearing counts, as minus, what the provider holds for us, so it rises by what left it;
 * bank receipts counts, as minus, what came in to our bank. Nothing for a zero amount.
 */
export async function bookProviderSettlement(tx: Database, settlement: ProviderSettlement): Promise<void> {
  if (settlement.amountKobo <= 0n) return;
  await transfer(tx, {
    from: { platform: "bank_receipts" },
    to: { platform: "provider_clearing" },
    amountKobo: settlement.amountKobo,
    kind: "provider_settlement",
    idempotencyKey: providerSettlementKey(settlement.providerSettlementId),
    reference: { type: "provider_settlement", id: settlement.id },
  });
}

/** The ledger key of a held payment taken onto the books (its attempt's reference). */
export const heldPaymentKey = (reference: string) => `provider-payment:${reference}:held`;

/**
 * A payment held for an admin (paid, but not as asked) whose refund is asked for: provider
 * clearing → payments held, once (its key), for what was paid. The provider has had that money
 * since it was paid; from now on the books show it, owed back to the payer, until the refund is
 * processed (bookProviderRefund). Nothing for a zero amount.
 */
export async function bookHeldPayment(tx: Database, attempt: ProviderPayment): Promise<void> {
  const paid = attempt.paidKobo ?? 0n;
  if (paid <= 0n) return;
  await transfer(tx, {
    from: { platform: "provider_clearing" },
    to: { platform: "payments_held" },
    amountKobo: paid,
    kind: "held_payment",
    idempotencyKey: heldPaymentKey(attempt.reference),
    reference: { type: "provider_payment", id: attempt.id },
  });
}

/** The ledger key of one refund the provider processed (our refund's id). */
export const providerRefundKey = (refundId: string) => `provider-refund:${refundId}`;

/**
 * A refund the provider reported processed: payments held → provider clearing, once (its key).
 * The money left the provider for the payer, so clearing (minus what the provider holds) rises,
 * and what was owed back is paid.
 */
export async function bookProviderRefund(
  tx: Database,
  refund: { id: string; amountKobo: Kobo; paymentId: string },
): Promise<void> {
  await transfer(tx, {
    from: { platform: "payments_held" },
    to: { platform: "provider_clearing" },
    amountKobo: refund.amountKobo,
    kind: "provider_refund",
    idempotencyKey: providerRefundKey(refund.id),
    reference: { type: "provider_refund", id: refund.id },
  });
}

/** The ledger key of a card dispute the platform lost (the provider's dispute id). */
export const disputeLossKey = (providerDisputeId: string) => `dispute:${providerDisputeId}:loss`;

/**
 * A card dispute lost: dispute losses → provider clearing, once (its key). The provider took the
 * amount back from what it holds for us and gave it to the payer; the platform bears it.
 */
export async function bookDisputeLoss(
  tx: Database,
  dispute: { id: string; providerDisputeId: string; amountKobo: Kobo },
): Promise<void> {
  if (dispute.amountKobo <= 0n) return;
  await transfer(tx, {
    from: { platform: "dispute_losses" },
    to: { platform: "provider_clearing" },
    amountKobo: dispute.amountKobo,
    kind: "dispute_loss",
    idempotencyKey: disputeLossKey(dispute.providerDisputeId),
    reference: { type: "provider_dispute", id: dispute.id },
  });
}
