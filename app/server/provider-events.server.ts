import type { ProviderEvent } from "~/domain/payments/provider";
import { providerReferenceOwner } from "~/domain/payments/references.server";
import { settleTransferEvent } from "~/domain/withdrawals/settle-transfer.server";
import type { Services } from "./services.server";

/** What a webhook event came to, for the log line (the provider is answered 200 in every case). */
export type ProviderEventOutcome = { outcome: string; reference?: string };

/**
 * Settles one verified webhook event. The webhook, the payer's return and the reconciliation job
 * may all report one outcome, in any order and many times: each settle function books it once.
 */
export async function handleProviderEvent(services: Services, event: ProviderEvent): Promise<ProviderEventOutcome> {
  if (event.event === "other") return { outcome: `ignored ${event.name}` };
  const reference = event.event === "charge.success" ? event.payment.reference : event.transfer.reference;
  const owner = await providerReferenceOwner(services.db, reference);
  if (owner.kind === "unknown") return { outcome: "unknown-reference", reference };
  if (owner.kind === "transfer" && event.event !== "charge.success") {
    const settled = await settleTransferEvent(services.db, owner.id, event);
    if (settled.status === "completed") void services.flushMail();
    return { outcome: `${event.event}: ${settled.status}`, reference };
  }
  return { outcome: `unhandled ${event.event} for a ${owner.kind}`, reference };
}
