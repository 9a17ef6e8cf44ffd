import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { providerDisputes, providerPayments, users, type ProviderDispute } from "~/db/schema";
import { queueEmailOnce } from "~/domain/mail/outbox.server";
import { appLink, greeting } from "~/domain/mail/templates";
import { staffHolding } from "~/domain/permissions/holders.server";
import { flagForReview } from "~/domain/risk/flags.server";
import { systemClock, type Clock } from "~/domain/shared/clock";
import { newId } from "~/domain/shared/ids";
import { formatKobo } from "~/domain/shared/money";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { bookDisputeLoss } from "./money.server";
import type { DisputeView } from "./dispute-view";
import { PROVIDER_CURRENCY, type ProviderDisputeReport } from "./provider";

/**
 * Card disputes the provider reports (charge.dispute.create / remind / resolve; issue 42 item 5,
 * docs/decisions/031-refunds-and-disputes.md): one row per provider dispute id, whatever the number
 * and order of its events. The first event of a dispute mails the admins holding
 * manage_withdrawals; a dispute lost (the provider gave the money back to the payer) is booked
 * once (dispute losses → provider clearing) and the payer's account is held for review (the
 * Linked Accounts review queue, as a member who fails three attention checks); a dispute won
 * changes nothing but its state. A resolved dispute is final: an older event after it changes
 * nothing.
 */

export type DisputeReportOutcome =
  | { status: "opened"; dispute: ProviderDispute }
  | { status: "updated"; dispute: ProviderDispute }
  | { status: "lost"; dispute: ProviderDispute }
  | { status: "won"; dispute: ProviderDispute }
  /** Resolved before: a replay, or an older event after the resolution. Nothing changed. */
  | { status: "already-resolved"; dispute: ProviderDispute };

/** The provider's resolution of a dispute: the payer got the money back (lost), or the platform kept it (won). */
export function disputeOutcomeOf(
  report: Pick<ProviderDisputeReport, "status" | "resolution">,
): "open" | "won" | "lost" {
  // Paystack: "merchant-accepted" (the merchant accepted the claim: the payer is refunded) or
  // "declined"; anything else is not a resolution we know, and the dispute stays open.
  if (report.resolution === "declined") return "won";
  if (report.resolution === "merchant-accepted") return "lost";
  return "open";
}

/** Why a member was put on the review queue by a lost dispute (the reviewer's mail says it). */
const LOST_DISPUTE_WHY = "lost a card dispute: the bank took back a payment they made";

export async function applyDisputeReport(
  db: Database,
  report: ProviderDisputeReport,
  clock: Clock = systemClock,
): Promise<DisputeReportOutcome> {
  const now = clock();
  const outcome = await db.transaction(async (tx): Promise<DisputeReportOutcome> => {
    const [payment] = await tx
      .select({ id: providerPayments.id, userId: providerPayments.userId })
      .from(providerPayments)
      .where(eq(providerPayments.reference, report.transactionReference));
    const [inserted] = await tx
      .insert(providerDisputes)
      .values({
        id: newId(),
        providerDisputeId: report.providerDisputeId,
        transactionReference: report.transactionReference,
        paymentId: payment?.id ?? null,
        userId: payment?.userId ?? null,
        amountKobo: report.amountKobo < 0n ? 0n : report.amountKobo,
        currency: report.currency,
        reason: report.reason.slice(0, 200),
        providerStatus: report.status,
        evidenceDueAt: report.evidenceDueAt,
        outcome: "open",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: providerDisputes.providerDisputeId })
      .returning({ id: providerDisputes.id });
    const [dispute] = await tx
      .select()
      .from(providerDisputes)
      .where(eq(providerDisputes.providerDisputeId, report.providerDisputeId))
      .for("update");
    if (!dispute) throw new Error(`dispute ${report.providerDisputeId}: not found after its insert`);
    if (inserted) await mailDisputeOpened(tx, dispute, now);
    if (dispute.outcome !== "open") return { status: "already-resolved", dispute };
    const verdict = disputeOutcomeOf(report);
    // The latest event's amount (a resolution may name a partial refund), whichever came first.
    const amountKobo = report.amountKobo > 0n ? report.amountKobo : dispute.amountKobo;
    // Only naira is booked; a dispute in another currency is kept for an admin, as its payment was.
    const booked = verdict === "lost" && amountKobo > 0n && dispute.currency === PROVIDER_CURRENCY;
    const [changed] = await tx
      .update(providerDisputes)
      .set({
        amountKobo,
        providerStatus: report.status,
        evidenceDueAt: report.evidenceDueAt ?? dispute.evidenceDueAt,
        outcome: verdict,
        resolution: report.resolution,
        resolvedAt: verdict === "open" ? null : (report.resolvedAt ?? now),
        bookedAt: booked ? now : null,
        updatedAt: now,
      })
      .where(eq(providerDisputes.id, dispute.id))
      .returning();
    if (verdict === "lost") {
      if (booked) await bookDisputeLoss(tx, changed!);
      // The payer's account waits for a review (their automatic payouts and referral rewards
      // held), in the same transaction: a replay finds the dispute resolved and flags nothing.
      if (changed!.userId) await flagForReview(tx, changed!.userId, LOST_DISPUTE_WHY, now);
      return { status: "lost", dispute: changed! };
    }
    if (verdict === "won") return { status: "won", dispute: changed! };
    return { status: inserted ? "opened" : "updated", dispute: changed! };
  });
  return outcome;
}

async function mailDisputeOpened(tx: Database, dispute: ProviderDispute, now: Date) {
  const [payer] = dispute.userId
    ? await tx.select({ name: users.name, displayId: users.displayId }).from(users).where(eq(users.id, dispute.userId))
    : [];
  const due = dispute.evidenceDueAt
    ? ` Paystack wants the evidence by ${dispute.evidenceDueAt.toISOString().slice(0, 10)}.`
    : "";
  for (const admin of await staffHolding(tx, "manage_withdrawals")) {
    await queueEmailOnce(
      tx,
      `dispute:${dispute.providerDisputeId}:opened:${admin.email}`,
      {
        to: admin.email,
        subject: "A card payment is disputed",
        text:
          `${greeting(admin.name)}\n\nA payer disputes the payment ${dispute.transactionReference}` +
          `${payer ? ` (${payer.name}, ${payer.displayId})` : ""}: ${formatKobo(dispute.amountKobo)}, reason: ${dispute.reason}.${due}\n\n` +
          `Answer it in the Paystack dashboard. The dispute is listed on ${appLink("/admin/reconciliation")}\n`,
      },
      now,
    );
  }
}

const OUTCOME_LABELS: Record<ProviderDispute["outcome"], string> = { open: "Open", won: "Won", lost: "Lost" };

export async function listDisputeViews(db: Database, limit = 100): Promise<DisputeView[]> {
  const rows = await db
    .select({ dispute: providerDisputes, payerName: users.name, payerId: users.displayId })
    .from(providerDisputes)
    .leftJoin(users, eq(users.id, providerDisputes.userId))
    .orderBy(sql`(${providerDisputes.outcome} = 'open') desc`, desc(providerDisputes.createdAt))
    .limit(limit);
  return rows.map(({ dispute: d, payerName, payerId }) => ({
    id: d.id,
    reference: d.transactionReference,
    payer: payerName ? `${payerName} (${payerId})` : "Not one of ours",
    amount:
      d.currency === "NGN" ? formatKobo(d.amountKobo) : `${d.currency} ${formatKobo(d.amountKobo).replace("₦", "")}`,
    reason: d.reason,
    evidenceDue: d.evidenceDueAt ? formatLagosDateTime(d.evidenceDueAt) : "Not given",
    state: `${OUTCOME_LABELS[d.outcome]} (${d.providerStatus})`,
  }));
}
