import type { Database } from "~/db/client.server";
import type { ProviderPayment } from "~/db/schema";
import { transfer } from "~/domain/ledger/transfer.server";
import type { Kobo } from "~/domain/shared/money";

// Every ledger movement of payments through the provider (docs/money.md). What a payment pays for
// is booked by its capability's own money.server.ts; this one books what the provider kept.

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
