import { and, desc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { providerPayments, providerTransfers, providerUnmatchedEvents, withdrawals } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";
import { CLAIM_ABANDONED_MS, REQUEST_END_MARGIN_MS, TRANSFER_REQUEST_LIMIT_MS } from "./transfer-timing";

/**
 * Everything the payment provider and the ledger disagree on, with what an admin should do: the
 * reconciliation page (/admin/reconciliation, manage_withdrawals) lists these. Each kind has its
 * words in {@link DISAGREEMENT_TEXTS}; the rows carry facts only.
 */
export type Disagreement =
  /** Paid, but not as asked (amount, currency, a request no longer pending): held, not booked. */
  | {
      kind: "held-payment";
      reference: string;
      purpose: "upgrade" | "campaign";
      askedKobo: Kobo;
      paidKobo: Kobo | null;
      currency: string | null;
      reason: string;
      since: Date;
    }
  /** A signed event naming a reference that is none of ours. */
  | {
      kind: "unknown-reference";
      reference: string;
      event: string;
      amountKobo: Kobo | null;
      currency: string | null;
      since: Date;
    }
  /** The provider reports a transfer paid that we had taken as failed: the withdrawal may have been paid twice. */
  | {
      kind: "transfer-paid-after-failed";
      reference: string;
      withdrawalReference: string;
      amountKobo: Kobo | null;
      since: Date;
    }
  /**
   * A transfer whose request got no answer (unknown), or was left initiating by a process that
   * stopped or a write that failed, once its request can no longer be in flight: it may or may
   * not exist at the provider. Listed at once, not after an hour.
   */
  | { kind: "transfer-unknown"; reference: string; withdrawalReference: string; amountKobo: Kobo; since: Date }
  /** A transfer the provider took but has not settled for a long time. */
  | {
      kind: "transfer-stuck";
      reference: string;
      withdrawalReference: string;
      transferCode: string | null;
      amountKobo: Kobo;
      since: Date;
    };

/**
 * The event name a transfer's success is kept under (provider_unmatched_events) when it came for
 * an attempt we had taken as failed: listed as its own disagreement, not as an unknown reference.
 */
export const TRANSFER_PAID_AFTER_FAILED = "transfer.success-after-failed";

export type DisagreementKind = Disagreement["kind"];

/** A transfer still pending after this long is worth an admin's look (bank transfers land in minutes). */
export const STUCK_TRANSFER_MS = 60 * 60 * 1000;

/** What each disagreement means and what to do about it. */
export const DISAGREEMENT_TEXTS: Record<DisagreementKind, { title: string; action: string }> = {
  "held-payment": {
    title: "Paid, but not as asked",
    action:
      "Nothing was booked. Find the payment in the Paystack dashboard by its reference and refund it there; the member or advertiser can then pay again as asked.",
  },
  "unknown-reference": {
    title: "A payment AdNaira did not ask for",
    action:
      "Paystack reported money under a reference that is none of ours. Look it up in the Paystack dashboard and refund it if nobody can say what it was for.",
  },
  "transfer-paid-after-failed": {
    title: "Transfer paid after it was taken as failed",
    action:
      "Paystack now says this transfer was paid, but AdNaira had taken it as failed, so the withdrawal may have been paid again, or its money returned to the member. Check the withdrawal and the transfer in the Paystack dashboard, and recover any second payment from the member.",
  },
  "transfer-unknown": {
    title: "Transfer outcome unknown",
    action:
      "Outcome unknown, checking with Paystack: the request to Paystack got no answer (or the app stopped while sending it), so the transfer may or may not exist. It is checked with Paystack again every few minutes and nothing is sent again until Paystack answers; the money stays held.",
  },
  "transfer-stuck": {
    title: "Transfer not settled",
    action:
      "Paystack took this transfer but has not said whether the bank paid it. Check it in the Paystack dashboard; the withdrawal completes, or returns to processing, as soon as Paystack settles it.",
  },
};

export async function listDisagreements(db: Database, now: Date = new Date()): Promise<Disagreement[]> {
  const [held, unknown, transfers] = await Promise.all([
    db
      .select()
      .from(providerPayments)
      .where(eq(providerPayments.status, "held"))
      .orderBy(desc(providerPayments.settledAt))
      .limit(200),
    db
      .select({
        event: providerUnmatchedEvents.event,
        reference: providerUnmatchedEvents.reference,
        amountKobo: providerUnmatchedEvents.amountKobo,
        currency: providerUnmatchedEvents.currency,
        receivedAt: providerUnmatchedEvents.receivedAt,
        withdrawalReference: withdrawals.reference,
      })
      .from(providerUnmatchedEvents)
      .leftJoin(providerTransfers, eq(providerTransfers.reference, providerUnmatchedEvents.reference))
      .leftJoin(withdrawals, eq(withdrawals.id, providerTransfers.withdrawalId))
      .orderBy(desc(providerUnmatchedEvents.receivedAt))
      .limit(200),
    db
      .select({
        reference: providerTransfers.reference,
        status: providerTransfers.status,
        transferCode: providerTransfers.transferCode,
        amountKobo: providerTransfers.amountKobo,
        createdAt: providerTransfers.createdAt,
        withdrawalReference: withdrawals.reference,
      })
      .from(providerTransfers)
      .innerJoin(withdrawals, eq(withdrawals.id, providerTransfers.withdrawalId))
      .where(
        or(
          eq(providerTransfers.status, "unknown"),
          // Left initiating: its request answered but not recorded, or never ended in this
          // process. Once it cannot be in flight any more (transfer-timing.ts), at once.
          and(
            eq(providerTransfers.status, "initiating"),
            or(
              isNotNull(providerTransfers.requestEndedAt),
              lt(
                providerTransfers.requestSentAt,
                new Date(now.getTime() - TRANSFER_REQUEST_LIMIT_MS - REQUEST_END_MARGIN_MS),
              ),
              and(
                isNull(providerTransfers.requestSentAt),
                lt(providerTransfers.createdAt, new Date(now.getTime() - CLAIM_ABANDONED_MS)),
              ),
            ),
          ),
          and(
            eq(providerTransfers.status, "pending"),
            lt(providerTransfers.createdAt, new Date(now.getTime() - STUCK_TRANSFER_MS)),
          ),
        ),
      )
      .orderBy(providerTransfers.createdAt)
      .limit(200),
  ]);
  return [
    ...held.map((p): Disagreement => ({
      kind: "held-payment",
      reference: p.reference,
      purpose: p.purpose,
      askedKobo: p.amountKobo,
      paidKobo: p.paidKobo,
      currency: p.currency,
      reason: p.heldReason ?? "",
      since: p.settledAt ?? p.updatedAt,
    })),
    ...unknown.map((e): Disagreement =>
      e.event === TRANSFER_PAID_AFTER_FAILED && e.withdrawalReference
        ? {
            kind: "transfer-paid-after-failed",
            reference: e.reference,
            withdrawalReference: e.withdrawalReference,
            amountKobo: e.amountKobo,
            since: e.receivedAt,
          }
        : {
            kind: "unknown-reference",
            reference: e.reference,
            event: e.event,
            amountKobo: e.amountKobo,
            currency: e.currency,
            since: e.receivedAt,
          },
    ),
    ...transfers.map((t): Disagreement =>
      t.status === "unknown" || t.status === "initiating"
        ? {
            kind: "transfer-unknown",
            reference: t.reference,
            withdrawalReference: t.withdrawalReference,
            amountKobo: t.amountKobo,
            since: t.createdAt,
          }
        : {
            kind: "transfer-stuck",
            reference: t.reference,
            withdrawalReference: t.withdrawalReference,
            transferCode: t.transferCode,
            amountKobo: t.amountKobo,
            since: t.createdAt,
          },
    ),
  ];
}

/**
 * Money in flight at the provider, as the ledger has it: what the provider collected for us, less
 * its fees (the provider_clearing account counts it as minus, like bank receipts), and what the
 * provider's own records (the succeeded payments) say it should be. They differ only if something
 * was booked outside a settled payment; reconcile() reports that.
 */
export async function providerClearing(db: Database): Promise<{ ledgerKobo: Kobo; paymentsKobo: Kobo }> {
  const result = await db.execute(sql`
    select
      (select coalesce(sum(e.amount_kobo), 0) from ledger_entries e
         join ledger_accounts a on a.id = e.account_id
        where a.kind = 'platform' and a.code = 'provider_clearing')::text as ledger,
      (select coalesce(sum(p.paid_kobo - coalesce(p.fee_kobo, 0)), 0) from provider_payments p
        where p.status = 'succeeded')::text as payments`);
  const [row] = (result as unknown as { rows: { ledger: string; payments: string }[] }).rows;
  return { ledgerKobo: -BigInt(row?.ledger ?? "0"), paymentsKobo: BigInt(row?.payments ?? "0") };
}
