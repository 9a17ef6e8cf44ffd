import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { providerPayments, providerTransfers, providerUnmatchedEvents } from "~/db/schema";
import { newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";

/**
 * What a reference the provider sends us names: one of our payment attempts, one of our
 * transfers, or nothing we know (answered 200 and logged: Paystack retries anything else).
 */
export type ProviderReferenceOwner =
  | { kind: "payment"; purpose: "upgrade" | "campaign"; id: string }
  | { kind: "transfer"; id: string; withdrawalId: string }
  | { kind: "unknown" };

export async function providerReferenceOwner(db: Database, reference: string): Promise<ProviderReferenceOwner> {
  const [payment] = await db
    .select({ id: providerPayments.id, purpose: providerPayments.purpose })
    .from(providerPayments)
    .where(eq(providerPayments.reference, reference));
  if (payment) return { kind: "payment", purpose: payment.purpose, id: payment.id };
  const [transfer] = await db
    .select({ id: providerTransfers.id, withdrawalId: providerTransfers.withdrawalId })
    .from(providerTransfers)
    .where(eq(providerTransfers.reference, reference));
  if (transfer) return { kind: "transfer", id: transfer.id, withdrawalId: transfer.withdrawalId };
  return { kind: "unknown" };
}

/** Keeps a signed event whose reference is none of ours, once per event and reference. */
export async function recordUnmatchedEvent(
  db: Database,
  input: { event: string; reference: string; amountKobo: Kobo | null; currency: string | null; now?: Date },
): Promise<void> {
  await db
    .insert(providerUnmatchedEvents)
    .values({
      id: newId(),
      event: input.event,
      reference: input.reference,
      amountKobo: input.amountKobo,
      currency: input.currency,
      receivedAt: input.now ?? new Date(),
    })
    .onConflictDoNothing();
}
