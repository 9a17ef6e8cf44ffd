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
