import { and, desc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isCheckViolation, isUniqueViolation } from "~/db/errors.server";
import {
  campaigns,
  providerDisputes,
  providerPayments,
  providerRefunds,
  upgradeRequests,
  type ProviderPayment,
  type ProviderRefund,
} from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { systemClock, type Clock } from "~/domain/shared/clock";
import { newId } from "~/domain/shared/ids";
import { formatKobo, type Kobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden, type RefusalTexts } from "~/domain/shared/outcome";
import { lockAttempt } from "./attempts.server";
import { bookHeldPayment, bookProviderRefund } from "./money.server";
import { PROVIDER_CURRENCY, type PaymentProvider, type ProviderRefundReport } from "./provider";

/**
 * Refunds through the payment provider (issue 42 item 4, docs/decisions/031-refunds-and-disputes.md).
 *
 * What is refunded: a payment held for an admin (paid twice, the wrong amount, or for a request no
 * longer pending), never booked to what it paid for. A payment that approved an upgrade or funds a
 * campaign is refused: the upgrade would first have to be reversed, the campaign ended (its money
 * then goes back to the advertiser's balance, which they withdraw).
 *
 * How: `refundPayment` records the refund (one live per payment, and never more than what was
 * paid, both held by the database under the payment's row lock) and takes the held payment onto
 * the books (provider clearing → payments held) in one transaction, then asks the provider. Its
 * answer, a webhook (refund.pending / processing / processed / failed) and a later check all go
 * through `applyRefundReport`, which books a processed refund once (payments held → provider
 * clearing) whatever order they come in. A request that got no answer is `unknown`, and is looked
 * for at the provider (`verifyUnknownRefund`) before any other is sent.
 */

export type RefundPaymentResult =
  /** Sent: the provider took it (`sent`), or did not answer (`unknown`: looked for before any other is sent). */
  | { status: "ok"; refund: ProviderRefund; outcome: "sent" | "unknown" }
  | Forbidden
  | { status: "not-found" }
  /** Not paid (failed, abandoned, still open): nothing to refund. */
  | { status: "not-paid" }
  /** It approved an upgrade: the upgrade would have to be reversed first. */
  | { status: "upgrade-approved"; reference: string }
  /** It funds a campaign not ended: end it first. */
  | { status: "campaign-running"; reference: string }
  /** Booked to what it paid for, and that is over: its money is on the payer's balance. */
  | { status: "not-held" }
  /** Paid in another currency: refund it in the provider's dashboard. */
  | { status: "not-naira" }
  /** A card dispute about it is open or was lost: the payer's bank takes the money back, not a refund. */
  | { status: "disputed" }
  /** A refund of it is on its way (or its outcome is being checked). */
  | { status: "in-progress" }
  | { status: "refunded" }
  /** The provider said no (its words): nothing was refunded. */
  | { status: "refused"; message: string }
  /** A refund whose outcome is unknown could not be checked with the provider: nothing was sent. */
  | { status: "unavailable" };

export const REFUND_REFUSALS: RefusalTexts<RefundPaymentResult> = {
  forbidden: "You do not have permission to manage withdrawals.",
  "not-found": "There is no payment with this reference.",
  "not-paid": "This payment was not completed, so there is nothing to refund.",
  "upgrade-approved":
    "This payment approved the member's upgrade. Reverse the upgrade before refunding it; nothing was refunded.",
  "campaign-running":
    "This payment funds a campaign that has not ended. End the campaign first: its money then returns to the advertiser's balance.",
  "not-held":
    "This payment was booked, and what it paid for is over: its money is on the payer's balance, which they can withdraw.",
  "not-naira": "This payment is not in naira. Refund it in the Paystack dashboard.",
  disputed:
    "The payer disputed this payment with their bank: a lost dispute gives the money back already. Answer the dispute instead; nothing was refunded.",
  "in-progress": "A refund of this payment is already on its way. Wait for Paystack to finish it.",
  refunded: "This payment has been refunded in full already.",
  refused: "Paystack refused the refund.",
  unavailable: "Paystack could not be reached to check an earlier refund, so nothing was sent. Try again shortly.",
};

/** Statuses of a refund still on its way (the database lets one per payment). */
export const LIVE_REFUND_STATUSES = ["requesting", "unknown", "pending", "processing"] as const;

const isLive = (status: ProviderRefund["status"]) => (LIVE_REFUND_STATUSES as readonly string[]).includes(status);

/** The payment's refunds, newest first. */
export async function refundsOf(db: Database, paymentId: string): Promise<ProviderRefund[]> {
  return db
    .select()
    .from(providerRefunds)
    .where(eq(providerRefunds.paymentId, paymentId))
    .orderBy(desc(providerRefunds.createdAt), desc(providerRefunds.id));
}

/** Whether a payment in this state may be refunded, and why not; under the attempt's lock. */
async function refusalFor(tx: Database, attempt: ProviderPayment): Promise<RefundPaymentResult | null> {
  if (attempt.status === "succeeded") {
    if (attempt.upgradeRequestId) {
      const [request] = await tx
        .select({ reference: upgradeRequests.reference })
        .from(upgradeRequests)
        .where(eq(upgradeRequests.id, attempt.upgradeRequestId));
      return { status: "upgrade-approved", reference: request?.reference ?? attempt.reference };
    }
    const [campaign] = await tx
      .select({ reference: campaigns.reference, status: campaigns.status })
      .from(campaigns)
      .where(eq(campaigns.id, attempt.campaignId!));
    if (campaign && ["awaiting_payment", "in_review", "active"].includes(campaign.status)) {
      return { status: "campaign-running", reference: campaign.reference };
    }
    return { status: "not-held" };
  }
  if (attempt.status !== "held") return { status: "not-paid" };
  if (attempt.currency !== PROVIDER_CURRENCY) return { status: "not-naira" };
  // A card dispute open or lost: the payer's bank is taking (or took) the money back already.
  const [disputed] = await tx
    .select({ id: providerDisputes.id })
    .from(providerDisputes)
    .where(and(eq(providerDisputes.paymentId, attempt.id), inArray(providerDisputes.outcome, ["open", "lost"])));
  if (disputed) return { status: "disputed" };
  return null;
}

type Recorded =
  | { status: "recorded"; refund: ProviderRefund; attempt: ProviderPayment }
  | { status: "verify"; refund: ProviderRefund; attempt: ProviderPayment }
  | Exclude<RefundPaymentResult, { status: "ok" }>;

/**
 * The first step, in one transaction under the attempt's row lock: refuse, or record the refund of
 * what is left of the payment (`requesting`), take the held payment onto the books, and audit it.
 * Two admins at once: the second waits for the first's commit and finds its refund live.
 */
async function recordRefund(
  db: Database,
  actor: Actor | null,
  input: { reference: string; reason: string; now: Date },
): Promise<Recorded> {
  try {
    return await db.transaction(async (tx): Promise<Recorded> => {
      const attempt = await lockAttempt(tx, input.reference);
      if (!attempt) return { status: "not-found" };
      const refusal = await refusalFor(tx, attempt);
      if (refusal) return refusal as Recorded;
      const refunds = await refundsOf(tx, attempt.id);
      const live = refunds.find((r) => isLive(r.status));
      if (live?.status === "unknown") return { status: "verify", refund: live, attempt };
      if (live) return { status: "in-progress" };
      const refunded = refunds.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amountKobo, 0n);
      const left = (attempt.paidKobo ?? 0n) - refunded;
      if (left <= 0n) return { status: "refunded" };
      const [refund] = await tx
        .insert(providerRefunds)
        .values({
          id: newId(),
          paymentId: attempt.id,
          amountKobo: left,
          status: "requesting",
          requestedById: actor?.id ?? null,
          reason: input.reason.slice(0, 500),
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      await bookHeldPayment(tx, attempt);
      if (actor) {
        await recordAudit(tx, {
          actor,
          action: "payment.refund",
          targetType: "disagreement",
          targetId: attempt.reference,
          before: { status: attempt.status },
          after: { kind: "held-payment", reference: attempt.reference, amount: formatKobo(left), note: refund!.reason },
        });
      }
      return { status: "recorded", refund: refund!, attempt };
    });
  } catch (err) {
    // The database's own guards (one live refund per payment; never more than was paid).
    if (isUniqueViolation(err, "provider_refunds_one_live_idx")) return { status: "in-progress" };
    if (isCheckViolation(err, "provider_refunds_within_paid")) return { status: "refunded" };
    throw err;
  }
}

/**
 * Refund a payment held for an admin, in full (what is left of it): started by an admin from
 * /admin/reconciliation (`actor`, needs manage_withdrawals; audited) or by the app itself (`actor`
 * null: an older checkout paid after a newer one). Answers once the provider answered (or not).
 */
export async function refundPayment(
  db: Database,
  provider: PaymentProvider,
  actor: Actor | null,
  input: { reference: string; reason: string },
  clock: Clock = systemClock,
): Promise<RefundPaymentResult> {
  if (actor && !hasPermission(actor, "manage_withdrawals")) return FORBIDDEN;
  let recorded = await recordRefund(db, actor, { ...input, now: clock() });
  if (recorded.status === "verify") {
    // An earlier request got no answer: find out what became of it before sending another.
    const verified = await verifyUnknownRefund(db, provider, recorded.refund, recorded.attempt, clock);
    if (verified === "unavailable") return { status: "unavailable" };
    if (verified === "found") return { status: "in-progress" };
    recorded = await recordRefund(db, actor, { ...input, now: clock() });
    if (recorded.status === "verify") return { status: "in-progress" };
  }
  if (recorded.status !== "recorded") return recorded;
  const { refund, attempt } = recorded;
  const answer = await provider.createRefund({
    transactionReference: attempt.reference,
    amountKobo: refund.amountKobo,
    customerNote: `Refund of your AdNaira payment ${attempt.reference}`,
    merchantNote: refund.reason,
  });
  if (answer.status === "ok") {
    await applyRefundReport(db, { ...answer.refund, transactionReference: attempt.reference }, clock, refund.id);
    return { status: "ok", refund: (await refundById(db, refund.id))!, outcome: "sent" };
  }
  if (answer.status === "refused") {
    await moveRefund(db, refund.id, ["requesting"], { status: "failed", settledAt: clock(), updatedAt: clock() });
    return { status: "refused", message: answer.message };
  }
  await moveRefund(db, refund.id, ["requesting"], { status: "unknown", updatedAt: clock() });
  return { status: "ok", refund: (await refundById(db, refund.id))!, outcome: "unknown" };
}

async function refundById(db: Database, id: string): Promise<ProviderRefund | null> {
  const [row] = await db.select().from(providerRefunds).where(eq(providerRefunds.id, id));
  return row ?? null;
}

async function moveRefund(
  db: Database,
  id: string,
  from: readonly ProviderRefund["status"][],
  set: Partial<Pick<ProviderRefund, "status" | "settledAt" | "updatedAt" | "providerRefundId">>,
) {
  await db
    .update(providerRefunds)
    .set(set)
    .where(and(eq(providerRefunds.id, id), inArray(providerRefunds.status, [...from])));
}

/**
 * A refund whose request got no answer, looked for at the provider among the transaction's
 * refunds (one of the same amount that no refund of ours names yet): found → its status is taken
 * (`found`); the provider has none → the request never made one, and it is failed (`not-found`:
 * another may be sent); no answer → `unavailable`, nothing changes.
 */
export async function verifyUnknownRefund(
  db: Database,
  provider: PaymentProvider,
  refund: ProviderRefund,
  attempt: ProviderPayment,
  clock: Clock = systemClock,
): Promise<"found" | "not-found" | "unavailable"> {
  const listed = await provider.listRefunds(attempt.providerTransactionId ?? attempt.reference);
  if (listed.status !== "ok") return "unavailable";
  const known = await db
    .select({ id: providerRefunds.providerRefundId })
    .from(providerRefunds)
    .where(and(eq(providerRefunds.paymentId, attempt.id), ne(providerRefunds.id, refund.id)));
  const taken = new Set(known.map((k) => k.id));
  const match = listed.refunds.find(
    (r) => r.amountKobo === refund.amountKobo && r.providerRefundId !== null && !taken.has(r.providerRefundId),
  );
  if (match) {
    await applyRefundReport(db, { ...match, transactionReference: attempt.reference }, clock, refund.id);
    return "found";
  }
  await moveRefund(db, refund.id, ["unknown", "requesting"], {
    status: "failed",
    settledAt: clock(),
    updatedAt: clock(),
  });
  return "not-found";
}

/** What one report of a refund did. */
export type RefundReportOutcome =
  /** None of our refunds (a refund made in the provider's dashboard, or a reference not ours). */
  | { status: "unknown" }
  /** Processed now: booked. */
  | { status: "processed"; refund: ProviderRefund }
  | { status: "failed"; refund: ProviderRefund }
  /** Still on its way (pending or processing recorded). */
  | { status: "pending"; refund: ProviderRefund }
  /** It was processed or failed before: a replay, or an older status after a newer one. Nothing changed. */
  | { status: "already-settled"; refund: ProviderRefund };

/** Which of our refunds a report names: by the provider's id, else the payment's refund of the same amount. */
async function refundNamed(db: Database, report: ProviderRefundReport, refundId?: string): Promise<string | null> {
  if (refundId) return refundId;
  if (report.providerRefundId) {
    const [byId] = await db
      .select({ id: providerRefunds.id })
      .from(providerRefunds)
      .where(eq(providerRefunds.providerRefundId, report.providerRefundId));
    if (byId) return byId.id;
  }
  if (!report.transactionReference) return null;
  const [payment] = await db
    .select({ id: providerPayments.id })
    .from(providerPayments)
    .where(eq(providerPayments.reference, report.transactionReference));
  if (!payment) return null;
  const refunds = (await refundsOf(db, payment.id)).filter(
    (r) => !report.providerRefundId || r.providerRefundId === null || r.providerRefundId === report.providerRefundId,
  );
  const sameAmount = refunds.filter((r) => r.amountKobo === report.amountKobo);
  // Only a refund of the same amount: another (one made in Paystack's dashboard, say) is not ours.
  const chosen = sameAmount.find((r) => isLive(r.status)) ?? sameAmount[0];
  return chosen?.id ?? null;
}

/**
 * Applies one report of a refund (the provider's answer, a refund.* event, a check), once, under
 * the refund's row lock: processed → booked (payments held → provider clearing, its key makes it
 * once); failed → failed; pending / processing → recorded, never moving back. A refund processed
 * or failed is final: a replay, or a pending that arrives after the processed, changes nothing.
 */
export async function applyRefundReport(
  db: Database,
  report: ProviderRefundReport,
  clock: Clock = systemClock,
  refundId?: string,
): Promise<RefundReportOutcome> {
  const id = await refundNamed(db, report, refundId);
  if (!id) return { status: "unknown" };
  return db.transaction(async (tx): Promise<RefundReportOutcome> => {
    const [refund] = await tx.select().from(providerRefunds).where(eq(providerRefunds.id, id)).for("update");
    if (!refund) return { status: "unknown" };
    if (refund.status === "processed" || refund.status === "failed") return { status: "already-settled", refund };
    const now = clock();
    const providerRefundId = refund.providerRefundId ?? report.providerRefundId;
    if (report.outcome === "processed") {
      const [done] = await tx
        .update(providerRefunds)
        .set({ status: "processed", providerRefundId, settledAt: now, updatedAt: now })
        .where(eq(providerRefunds.id, id))
        .returning();
      await bookProviderRefund(tx, done!);
      return { status: "processed", refund: done! };
    }
    if (report.outcome === "failed") {
      const [done] = await tx
        .update(providerRefunds)
        .set({ status: "failed", providerRefundId, settledAt: now, updatedAt: now })
        .where(eq(providerRefunds.id, id))
        .returning();
      return { status: "failed", refund: done! };
    }
    // pending / processing: on its way. Processing is never taken back to pending.
    const status = refund.status === "processing" ? "processing" : report.outcome;
    const [moved] = await tx
      .update(providerRefunds)
      .set({ status, providerRefundId, updatedAt: now })
      .where(eq(providerRefunds.id, id))
      .returning();
    return { status: "pending", refund: moved! };
  });
}

/** A payment's refunds summed by state, for the reconciliation page. */
export type RefundState = {
  paymentId: string;
  liveKobo: Kobo;
  processedKobo: Kobo;
  live: ProviderRefund["status"] | null;
};

/** The refunds of these payments (by their references), summed by state: keyed by reference. */
export async function refundStates(db: Database, references: string[]): Promise<Map<string, RefundState>> {
  const states = new Map<string, RefundState>();
  if (references.length === 0) return states;
  const rows = await db
    .select({
      paymentId: providerPayments.reference,
      status: providerRefunds.status,
      amountKobo: sql<string>`sum(${providerRefunds.amountKobo})::text`,
    })
    .from(providerRefunds)
    .innerJoin(providerPayments, eq(providerPayments.id, providerRefunds.paymentId))
    .where(inArray(providerPayments.reference, references))
    .groupBy(providerPayments.reference, providerRefunds.status);
  for (const row of rows) {
    const state = states.get(row.paymentId) ?? {
      paymentId: row.paymentId,
      liveKobo: 0n,
      processedKobo: 0n,
      live: null,
    };
    if (row.status === "processed") state.processedKobo += BigInt(row.amountKobo);
    else if (isLive(row.status)) {
      state.liveKobo += BigInt(row.amountKobo);
      state.live = row.status;
    }
    states.set(row.paymentId, state);
  }
  return states;
}

/** The merchant note of a refund the app makes by itself. */
export const SUPERSEDED_REFUND_REASON =
  "Refunded by AdNaira: paid after the request was already paid or closed (an earlier checkout paid late).";

/**
 * Item 9: a checkout paid as asked for something no longer payable (an older checkout paid after
 * a newer one, or after the request closed) is refunded at once through refundPayment, with no
 * admin. Anything else held (the wrong amount, another currency) waits for an admin.
 */
export async function refundIfSuperseded(
  db: Database,
  provider: PaymentProvider,
  settled: { status: string; attempt?: ProviderPayment; superseded?: true },
  clock: Clock = systemClock,
): Promise<RefundPaymentResult | null> {
  if (settled.status !== "held" || !settled.superseded || !settled.attempt) return null;
  return refundPayment(
    db,
    provider,
    null,
    { reference: settled.attempt.reference, reason: SUPERSEDED_REFUND_REASON },
    clock,
  );
}

/**
 * The minute job's retry of item 9: a payment held as superseded (`superseded_at`) before
 * `waitedSince` with no refund asked for yet (the app stopped between the booking and the refund)
 * is refunded now. One whose refund failed or was refused is left for an admin on
 * /admin/reconciliation, so Paystack is not asked again every minute. Answers how many were sent.
 */
export async function refundSupersededPayments(
  db: Database,
  provider: PaymentProvider,
  waitedSince: Date,
  clock: Clock = systemClock,
  limit = 50,
): Promise<number> {
  const unrefunded = await db
    .select({ reference: providerPayments.reference })
    .from(providerPayments)
    .where(
      and(
        eq(providerPayments.status, "held"),
        lt(providerPayments.supersededAt, waitedSince),
        sql`not exists (select 1 from ${providerRefunds} r where r.payment_id = ${providerPayments.id})`,
      ),
    )
    .orderBy(providerPayments.supersededAt)
    .limit(limit);
  let sent = 0;
  for (const { reference } of unrefunded) {
    const result = await refundPayment(db, provider, null, { reference, reason: SUPERSEDED_REFUND_REASON }, clock);
    if (result.status === "ok") sent++;
  }
  return sent;
}

/**
 * The minute job's look at refunds that waited since before `waitedSince` without a webhook: one
 * whose request got no answer (or whose process stopped before recording it) is looked for at the
 * provider (verifyUnknownRefund); one on its way is fetched by its id and its status applied.
 * Answers how many the provider could not be asked about.
 */
export async function checkWaitingRefunds(
  db: Database,
  provider: PaymentProvider,
  waitedSince: Date,
  clock: Clock = systemClock,
  limit = 50,
): Promise<number> {
  const waiting = await db
    .select({ refund: providerRefunds, attempt: providerPayments })
    .from(providerRefunds)
    .innerJoin(providerPayments, eq(providerPayments.id, providerRefunds.paymentId))
    .where(and(inArray(providerRefunds.status, [...LIVE_REFUND_STATUSES]), lt(providerRefunds.updatedAt, waitedSince)))
    .orderBy(providerRefunds.updatedAt)
    .limit(limit);
  let unavailable = 0;
  for (const { refund, attempt } of waiting) {
    if (refund.status === "unknown" || refund.status === "requesting" || !refund.providerRefundId) {
      if ((await verifyUnknownRefund(db, provider, refund, attempt, clock)) === "unavailable") unavailable++;
      continue;
    }
    const fetched = await provider.fetchRefund(refund.providerRefundId);
    if (fetched.status === "found") {
      await applyRefundReport(db, { ...fetched.refund, transactionReference: attempt.reference }, clock, refund.id);
    } else if (fetched.status === "unavailable") unavailable++;
    // Asked: not again until it has waited once more.
    await db.update(providerRefunds).set({ updatedAt: clock() }).where(eq(providerRefunds.id, refund.id));
  }
  return unavailable;
}
