import { and, desc, eq, isNotNull, isNull, lt, notExists, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  type disagreementKind,
  providerPayments,
  providerTransfers,
  providerUnmatchedEvents,
  reconciliationResolutions,
  withdrawals,
} from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";
import type { DisagreementKind } from "./disagreements";
import { CLAIM_ABANDONED_MS, REQUEST_END_MARGIN_MS, TRANSFER_REQUEST_LIMIT_MS } from "./transfer-timing";

/**
 * Everything the payment provider and the ledger disagree on, with what an admin should do: the
 * reconciliation page (/admin/reconciliation, manage_withdrawals) lists these. Each kind has its
 * words in `DISAGREEMENT_TEXTS` (`./disagreements.ts`); the rows carry facts only. Each has a
 * `key`, which names it for as long as it lasts: the held payment's or the transfer's reference,
 * or the unmatched event's id (an event is kept once per event and reference). An admin may mark
 * one resolved (`resolveDisagreement`); the list leaves out every resolved one.
 */
export type Disagreement =
  /** Paid, but not as asked (amount, currency, a request no longer pending): held, not booked. */
  | {
      kind: "held-payment";
      key: string;
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
      key: string;
      reference: string;
      event: string;
      amountKobo: Kobo | null;
      currency: string | null;
      since: Date;
    }
  /** The provider reports a transfer paid that we had taken as failed: the withdrawal may have been paid twice. */
  | {
      kind: "transfer-paid-after-failed";
      key: string;
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
  | {
      kind: "transfer-unknown";
      key: string;
      reference: string;
      withdrawalReference: string;
      amountKobo: Kobo;
      since: Date;
    }
  /** A transfer the provider took but has not settled for a long time. */
  | {
      kind: "transfer-stuck";
      key: string;
      reference: string;
      withdrawalReference: string;
      transferCode: string | null;
      amountKobo: Kobo;
      since: Date;
    };

// The kinds are one vocabulary: the union above, the page's list and the database's enum.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const KINDS_AGREE: Same<Disagreement["kind"], DisagreementKind> &
  Same<(typeof disagreementKind.enumValues)[number], DisagreementKind> = true;
void KINDS_AGREE;

/**
 * The event name a transfer's success is kept under (provider_unmatched_events) when it came for
 * an attempt we had taken as failed: listed as its own disagreement, not as an unknown reference.
 */
export const TRANSFER_PAID_AFTER_FAILED = "transfer.success-after-failed";

/** A transfer still pending after this long is worth an admin's look (bank transfers land in minutes). */
export const STUCK_TRANSFER_MS = 60 * 60 * 1000;

/** At most this many of each source are listed. */
const LISTED_MAX = 200;

/** No resolution recorded for the disagreement of this kind (an SQL text) and key. */
const unresolved = (kind: SQL, key: SQL | AnyColumn) =>
  notExists(sql`(select 1 from ${reconciliationResolutions} r where r.kind::text = ${kind} and r.key = ${key})`);

/** Which disagreement an unmatched event is: a late success of a transfer we took as failed, or an unknown reference. */
const unmatchedKind = sql<DisagreementKind>`(case when ${providerUnmatchedEvents.event} = ${TRANSFER_PAID_AFTER_FAILED}
  and ${withdrawals.reference} is not null then 'transfer-paid-after-failed' else 'unknown-reference' end)`;

/** Which disagreement a transfer is: not answered (or left initiating), or pending too long. */
const transferKind = sql<DisagreementKind>`(case when ${providerTransfers.status}::text in ('unknown', 'initiating')
  then 'transfer-unknown' else 'transfer-stuck' end)`;

/** Payments held for an admin, not resolved; with `key`, only that one. */
async function heldPayments(db: Database, key?: string): Promise<Disagreement[]> {
  const held = await db
    .select()
    .from(providerPayments)
    .where(
      and(
        eq(providerPayments.status, "held"),
        key === undefined ? undefined : eq(providerPayments.reference, key),
        unresolved(sql`'held-payment'`, providerPayments.reference),
        // Refunded in full through the app (processed): nothing left to look into.
        sql`coalesce((select sum(r.amount_kobo) from provider_refunds r
          where r.payment_id = ${providerPayments.id} and r.status = 'processed'), 0) < coalesce(${providerPayments.paidKobo}, 1)`,
      ),
    )
    .orderBy(desc(providerPayments.settledAt))
    .limit(LISTED_MAX);
  return held.map((p) => ({
    kind: "held-payment",
    key: p.reference,
    reference: p.reference,
    purpose: p.purpose,
    askedKobo: p.amountKobo,
    paidKobo: p.paidKobo,
    currency: p.currency,
    reason: p.heldReason ?? "",
    since: p.settledAt ?? p.updatedAt,
  }));
}

/** Signed events under a reference that is none of ours (or a transfer's late success), not resolved; with `key` (the event's id), only that one. */
async function unmatchedEvents(db: Database, key?: string): Promise<Disagreement[]> {
  const unknown = await db
    .select({
      id: providerUnmatchedEvents.id,
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
    .where(
      and(
        key === undefined ? undefined : eq(providerUnmatchedEvents.id, key),
        unresolved(unmatchedKind, providerUnmatchedEvents.id),
      ),
    )
    .orderBy(desc(providerUnmatchedEvents.receivedAt))
    .limit(LISTED_MAX);
  return unknown.map((e): Disagreement =>
    e.event === TRANSFER_PAID_AFTER_FAILED && e.withdrawalReference
      ? {
          kind: "transfer-paid-after-failed",
          key: e.id,
          reference: e.reference,
          withdrawalReference: e.withdrawalReference,
          amountKobo: e.amountKobo,
          since: e.receivedAt,
        }
      : {
          kind: "unknown-reference",
          key: e.id,
          reference: e.reference,
          event: e.event,
          amountKobo: e.amountKobo,
          currency: e.currency,
          since: e.receivedAt,
        },
  );
}

/** Transfers whose outcome is unknown, or pending too long, not resolved as such; with `key` (its reference), only that one. */
async function transfersToLookInto(db: Database, now: Date, key?: string): Promise<Disagreement[]> {
  const transfers = await db
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
      and(
        key === undefined ? undefined : eq(providerTransfers.reference, key),
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
        // Resolved as unknown, a transfer found pending too long later is a new disagreement.
        unresolved(transferKind, providerTransfers.reference),
      ),
    )
    .orderBy(providerTransfers.createdAt)
    .limit(LISTED_MAX);
  return transfers.map((t): Disagreement =>
    t.status === "unknown" || t.status === "initiating"
      ? {
          kind: "transfer-unknown",
          key: t.reference,
          reference: t.reference,
          withdrawalReference: t.withdrawalReference,
          amountKobo: t.amountKobo,
          since: t.createdAt,
        }
      : {
          kind: "transfer-stuck",
          key: t.reference,
          reference: t.reference,
          withdrawalReference: t.withdrawalReference,
          transferCode: t.transferCode,
          amountKobo: t.amountKobo,
          since: t.createdAt,
        },
  );
}

/** The open disagreements: everything listed above that no admin has marked resolved. */
export async function listDisagreements(db: Database, now: Date = new Date()): Promise<Disagreement[]> {
  const [held, unknown, transfers] = await Promise.all([
    heldPayments(db),
    unmatchedEvents(db),
    transfersToLookInto(db, now),
  ]);
  return [...held, ...unknown, ...transfers];
}

/** The open disagreement of this kind and key, as the list shows it now; null when there is none (settled, resolved, or never was). */
export async function findOpenDisagreement(
  db: Database,
  entry: { kind: DisagreementKind; key: string },
  now: Date = new Date(),
): Promise<Disagreement | null> {
  let found: Disagreement[];
  switch (entry.kind) {
    case "held-payment":
      found = await heldPayments(db, entry.key);
      break;
    case "unknown-reference":
    case "transfer-paid-after-failed":
      found = await unmatchedEvents(db, entry.key);
      break;
    case "transfer-unknown":
    case "transfer-stuck":
      found = await transfersToLookInto(db, now, entry.key);
      break;
  }
  return found.find((d) => d.kind === entry.kind && d.key === entry.key) ?? null;
}

/**
 * Money in flight at the provider, as the ledger has it: what the provider collected for us, less
 * its fees and what it settled to our bank (the provider_clearing account counts it as minus, like
 * bank receipts), and what the provider's own records (the succeeded payments less the booked
 * settlements) say it should be. They differ only if something was booked outside a settled
 * payment or settlement; reconcile() reports that.
 */
export async function providerClearing(db: Database): Promise<{ ledgerKobo: Kobo; paymentsKobo: Kobo }> {
  const result = await db.execute(sql`
    select
      (select coalesce(sum(e.amount_kobo), 0) from ledger_entries e
         join ledger_accounts a on a.id = e.account_id
        where a.kind = 'platform' and a.code = 'provider_clearing')::text as ledger,
      ((select coalesce(sum(p.paid_kobo - coalesce(p.fee_kobo, 0)), 0) from provider_payments p
         where p.status = 'succeeded')
       - (select coalesce(sum(s.amount_kobo), 0) from provider_settlements s
           where s.booked_at is not null)
       + (select coalesce(sum(p.paid_kobo), 0) from provider_payments p
           where p.status = 'held' and exists (select 1 from provider_refunds r where r.payment_id = p.id))
       - (select coalesce(sum(r.amount_kobo), 0) from provider_refunds r where r.status = 'processed')
       - (select coalesce(sum(d.amount_kobo), 0) from provider_disputes d where d.booked_at is not null))::text as payments`);
  const [row] = (result as unknown as { rows: { ledger: string; payments: string }[] }).rows;
  return { ledgerKobo: -BigInt(row?.ledger ?? "0"), paymentsKobo: BigInt(row?.payments ?? "0") };
}
