import { settleCampaignPayment } from "~/domain/campaigns/confirm-payment.server";
import { settleUpgradePayment } from "~/domain/memberships/process-upgrade.server";
import type { ProviderEvent } from "~/domain/payments/provider";
import { applyDisputeReport } from "~/domain/payments/disputes.server";
import { providerReferenceOwner, recordUnmatchedEvent } from "~/domain/payments/references.server";
import { applyRefundReport, refundIfSuperseded } from "~/domain/payments/refunds.server";
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
  if ("refund" in event) {
    const applied = await applyRefundReport(services.db, event.refund);
    const reference = event.refund.transactionReference ?? undefined;
    if (applied.status === "unknown" && reference) {
      // A refund that is none of ours (made in Paystack's dashboard): listed for an admin.
      const { amountKobo, currency } = event.refund;
      await recordUnmatchedEvent(services.db, { event: event.event, reference, amountKobo, currency });
    }
    return { outcome: `${event.event}: ${applied.status}`, reference };
  }
  if ("dispute" in event) {
    const applied = await applyDisputeReport(services.db, event.dispute);
    void services.flushMail();
    return { outcome: `${event.event}: ${applied.status}`, reference: event.dispute.transactionReference };
  }
  const reference = event.event === "charge.success" ? event.payment.reference : event.transfer.reference;
  const owner = await providerReferenceOwner(services.db, reference);
  if (owner.kind === "unknown") {
    const { amountKobo, currency } = event.event === "charge.success" ? event.payment : event.transfer;
    await recordUnmatchedEvent(services.db, { event: event.event, reference, amountKobo, currency });
    return { outcome: "unknown-reference", reference };
  }
  if (event.event === "charge.success" && owner.kind === "payment") {
    const settle = owner.purpose === "upgrade" ? settleUpgradePayment : settleCampaignPayment;
    const settled = await settle(services.db, event.payment);
    // The member's mail (approved / funded) was queued in the settling transaction.
    if (settled.status === "booked") void services.flushMail();
    // An older checkout paid after its request was paid (or closed): refunded at once, no admin.
    if (services.paymentProvider) await refundIfSuperseded(services.db, services.paymentProvider, settled);
    return {
      outcome: `${owner.purpose} ${settled.status}${settled.status === "held" ? `: ${settled.reason}` : ""}`,
      reference,
    };
  }
  if (owner.kind === "transfer" && event.event !== "charge.success") {
    const settled = await settleTransferEvent(services.db, owner.id, event);
    if (settled.status === "completed") void services.flushMail();
    return { outcome: `${event.event}: ${settled.status}`, reference };
  }
  return { outcome: `unhandled ${event.event} for a ${owner.kind}`, reference };
}
