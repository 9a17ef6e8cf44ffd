import { eq, sql } from "drizzle-orm";
import { isCheckViolation } from "~/db/errors.server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { emails, ledgerTransfers, providerPayments, providerRefunds, riskClusters, users } from "~/db/schema";
import { platformBalance } from "~/domain/ledger/accounts.server";
import { payUpgradeOnline } from "~/domain/memberships/pay-online.server";
import { settleUpgradePayment, UPGRADE_HELD_REASONS } from "~/domain/memberships/process-upgrade.server";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { describeLine } from "~/domain/statement/statement-lines";
import { fullStatement } from "~/domain/statement/statement.server";
import { dailyReport } from "~/domain/stats/daily-report.server";
import { lagosDay } from "~/lib/lagos-time";
import { createPaystackProvider } from "~/server/paystack.server";
import { openTestDatabase } from "~test/database";
import { member, withdrawalAdmin } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { MAX_PAYMENT_ATTEMPTS } from "./attempts.server";
import { applyDisputeReport } from "./disputes.server";
import { disputeLossKey, heldPaymentKey, providerRefundKey } from "./money.server";
import type { PaymentProvider, ProviderDisputeReport } from "./provider";
import {
  applyRefundReport,
  checkWaitingRefunds,
  refundIfSuperseded,
  refundPayment,
  refundSupersededPayments,
} from "./refunds.server";

// Refunds and disputes against the Paystack stand-in: what is sent, what is booked, once.

const { db } = await openTestDatabase({ poolSize: 30 });
let standin: PaystackStandin;
let provider: PaymentProvider;
const callbackUrl = "http://localhost:3000/membership/upgrade/paid";

beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY });
  provider = createPaystackProvider({
    secretKey: TEST_PAYSTACK_SECRET_KEY,
    baseUrl: standin.baseUrl,
    timeoutMs: 2_000,
  });
});
afterAll(async () => standin.close());
afterEach(async () => expectBooksBalanced(db));

async function checkoutOpened() {
  const who = await member(db);
  const requested = await requestUpgrade(db, {
    userId: who.id,
    tierId: "bronze",
    method: "online",
    onlinePayments: true,
  });
  if (requested.status !== "ok") throw new Error(requested.status);
  const opened = await payUpgradeOnline(db, provider, { userId: who.id, requestId: requested.request.id, callbackUrl });
  if (opened.status !== "redirect") throw new Error(opened.status);
  return { member: who, request: requested.request, reference: opened.reference };
}

/** A payment of the wrong amount: held for an admin. */
async function heldPayment(amountKobo = 100_00n) {
  const opened = await checkoutOpened();
  await standin.completePayment(opened.reference, { outcome: "success", webhook: false, amountKobo });
  const verified = await provider.verifyPayment(opened.reference);
  if (verified.status !== "found") throw new Error(verified.status);
  const settled = await settleUpgradePayment(db, verified.payment);
  expect(settled.status).toBe("held");
  return { ...opened, amountKobo };
}

const refundsOfRef = async (reference: string) =>
  db
    .select({ refund: providerRefunds })
    .from(providerRefunds)
    .innerJoin(providerPayments, eq(providerPayments.id, providerRefunds.paymentId))
    .where(eq(providerPayments.reference, reference))
    .then((rows) => rows.map((r) => r.refund));
const transfersKeyed = (key: string) =>
  db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, key));
const processedReport = (reference: string, amountKobo: bigint, outcome: "processed" | "pending" | "failed") => ({
  providerRefundId: null,
  transactionReference: reference,
  outcome,
  amountKobo,
  currency: "NGN",
});

describe("refunding a held payment", () => {
  it("sends one refund of what was paid, takes the payment onto the books, and books it once when processed", async () => {
    const admin = await withdrawalAdmin(db);
    const { reference, member } = await heldPayment(100_00n);
    const created = standin.counts.refundsCreated;
    const result = await refundPayment(db, provider, admin, { reference, reason: "Paid the wrong amount" });
    expect(result).toMatchObject({ status: "ok", outcome: "sent", refund: { status: "pending", amountKobo: 100_00n } });
    expect(standin.counts.refundsCreated).toBe(created + 1);
    expect(standin.refunds().at(-1)).toMatchObject({ amount: 100_00, merchant_note: "Paid the wrong amount" });
    expect(await transfersKeyed(heldPaymentKey(reference))).toHaveLength(1);
    const clearing = await platformBalance(db, "provider_clearing");

    const [refund] = await refundsOfRef(reference);
    expect((await applyRefundReport(db, processedReport(reference, 100_00n, "processed"))).status).toBe("processed");
    // Replayed, and an older status after it: nothing more.
    expect((await applyRefundReport(db, processedReport(reference, 100_00n, "processed"))).status).toBe(
      "already-settled",
    );
    expect((await applyRefundReport(db, processedReport(reference, 100_00n, "pending"))).status).toBe(
      "already-settled",
    );
    expect(await transfersKeyed(providerRefundKey(refund!.id))).toHaveLength(1);
    expect(await platformBalance(db, "provider_clearing")).toBe(clearing + 100_00n);
    expect(await platformBalance(db, "payments_held")).toBe(0n);
    // Item 8: the member's statement shows it as a refund of that payment, moving no balance.
    const lines = await fullStatement(db, member.id);
    const refundLine = lines.find((l) => l.kind === "payment_refund");
    expect(refundLine).toMatchObject({ paymentReference: reference, amountKobo: 100_00n, effect: "none" });
    expect(describeLine(refundLine!)).toBe(
      `Refund of your payment ${reference}: paid back to the card or account it came from`,
    );
    expect(lines.some((l) => l.kind === "upgrade_online")).toBe(true);
    // Refunded in full: another press sends nothing.
    expect(await refundPayment(db, provider, admin, { reference, reason: "again" })).toEqual({ status: "refunded" });
    expect(standin.counts.refundsCreated).toBe(created + 1);
  });

  it("a processed report before the pending one books once; the pending changes nothing", async () => {
    const admin = await withdrawalAdmin(db);
    const { reference } = await heldPayment(150_00n);
    await refundPayment(db, provider, admin, { reference, reason: "Wrong amount" });
    await applyRefundReport(db, processedReport(reference, 150_00n, "processed"));
    expect((await applyRefundReport(db, processedReport(reference, 150_00n, "pending"))).status).toBe(
      "already-settled",
    );
    expect((await refundsOfRef(reference))[0]).toMatchObject({ status: "processed" });
  });

  it("a report of a refund of another amount (made in Paystack's dashboard) settles none of ours", async () => {
    const admin = await withdrawalAdmin(db);
    const { reference } = await heldPayment(90_00n);
    await refundPayment(db, provider, admin, { reference, reason: "Wrong amount" });
    const theirs = { ...processedReport(reference, 40_00n, "failed"), providerRefundId: "dashboard-refund-1" };
    await applyRefundReport(db, theirs);
    const [ours] = await refundsOfRef(reference);
    expect(ours).toMatchObject({ status: "pending", amountKobo: 90_00n });
    expect(ours!.providerRefundId).not.toBe("dashboard-refund-1");
  });

  it("a failed refund books nothing; the payment can be refunded again", async () => {
    const admin = await withdrawalAdmin(db);
    const { reference } = await heldPayment(120_00n);
    await refundPayment(db, provider, admin, { reference, reason: "Wrong amount" });
    const [first] = await refundsOfRef(reference);
    await standin.processRefund(first!.providerRefundId!, "failed", { webhook: false });
    expect((await applyRefundReport(db, processedReport(reference, 120_00n, "failed"))).status).toBe("failed");
    const again = await refundPayment(db, provider, admin, { reference, reason: "Second try" });
    expect(again).toMatchObject({ status: "ok", outcome: "sent" });
    expect(await refundsOfRef(reference)).toHaveLength(2);
  });

  it("two admins pressing Refund at once send one refund request", async () => {
    const [a, b] = [await withdrawalAdmin(db), await withdrawalAdmin(db)];
    const { reference } = await heldPayment(110_00n);
    const created = standin.counts.refundsCreated;
    const results = await Promise.all([
      refundPayment(db, provider, a, { reference, reason: "Wrong amount" }),
      refundPayment(db, provider, b, { reference, reason: "Wrong amount" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["in-progress", "ok"]);
    expect(standin.counts.refundsCreated).toBe(created + 1);
    expect(await refundsOfRef(reference)).toHaveLength(1);
  });

  it("the database refuses refunds adding up to more than was paid, whoever writes them", async () => {
    const admin = await withdrawalAdmin(db);
    const { reference } = await heldPayment(90_00n);
    await refundPayment(db, provider, admin, { reference, reason: "Wrong amount" });
    const [refund] = await refundsOfRef(reference);
    await applyRefundReport(db, processedReport(reference, 90_00n, "processed"));
    const refused: unknown = await db
      .execute(
        sql`insert into provider_refunds (id, payment_id, amount_kobo, status, reason)
        values ('extra-refund', ${refund!.paymentId}, 1, 'processed', 'by hand')`,
      )
      .catch((err: unknown) => err);
    expect(isCheckViolation(refused, "provider_refunds_within_paid")).toBe(true);
  });

  it("an unanswered refund is looked for before another is sent: found, nothing is sent again", async () => {
    const admin = await withdrawalAdmin(db);
    const { reference } = await heldPayment(130_00n);
    standin.failNext("refund", "drop-after-create");
    const created = standin.counts.refundsCreated;
    expect(await refundPayment(db, provider, admin, { reference, reason: "Wrong amount" })).toMatchObject({
      status: "ok",
      outcome: "unknown",
    });
    expect(standin.counts.refundsCreated).toBe(created + 1);
    expect(await refundPayment(db, provider, admin, { reference, reason: "Again" })).toEqual({ status: "in-progress" });
    expect(standin.counts.refundsCreated).toBe(created + 1);
    const [refund] = await refundsOfRef(reference);
    expect(refund).toMatchObject({ status: "pending", providerRefundId: expect.any(String) });
  });

  it("an unanswered refund Paystack never made is failed, then one is sent", async () => {
    const admin = await withdrawalAdmin(db);
    const { reference } = await heldPayment(140_00n);
    standin.failNext("refund", "drop");
    const created = standin.counts.refundsCreated;
    expect((await refundPayment(db, provider, admin, { reference, reason: "Wrong amount" })).status).toBe("ok");
    expect(standin.counts.refundsCreated).toBe(created);
    expect(await refundPayment(db, provider, admin, { reference, reason: "Again" })).toMatchObject({
      status: "ok",
      outcome: "sent",
    });
    expect(standin.counts.refundsCreated).toBe(created + 1);
    expect((await refundsOfRef(reference)).map((r) => r.status).sort()).toEqual(["failed", "pending"]);
  });

  it("the minute job asks about a refund waiting without a webhook and books it once processed", async () => {
    const admin = await withdrawalAdmin(db);
    const { reference } = await heldPayment(160_00n);
    await refundPayment(db, provider, admin, { reference, reason: "Wrong amount" });
    const [refund] = await refundsOfRef(reference);
    await standin.processRefund(refund!.providerRefundId!, "processed", { webhook: false });
    expect(await checkWaitingRefunds(db, provider, new Date(Date.now() + 60_000))).toBe(0);
    expect((await refundsOfRef(reference))[0]).toMatchObject({ status: "processed" });
    expect(await transfersKeyed(providerRefundKey(refund!.id))).toHaveLength(1);
  });
});

describe("what cannot be refunded", () => {
  it("a payment that approved an upgrade, one not paid, one unknown, and an admin without manage_withdrawals", async () => {
    const admin = await withdrawalAdmin(db);
    const opened = await checkoutOpened();
    expect(await refundPayment(db, provider, admin, { reference: opened.reference, reason: "x" })).toEqual({
      status: "not-paid",
    });
    await standin.completePayment(opened.reference, { outcome: "success", webhook: false });
    const verified = await provider.verifyPayment(opened.reference);
    if (verified.status !== "found") throw new Error(verified.status);
    expect((await settleUpgradePayment(db, verified.payment)).status).toBe("booked");
    expect(await refundPayment(db, provider, admin, { reference: opened.reference, reason: "x" })).toEqual({
      status: "upgrade-approved",
      reference: opened.request.reference,
    });
    expect(await refundPayment(db, provider, admin, { reference: "UPG-NOSUCH00", reason: "x" })).toEqual({
      status: "not-found",
    });
    const other = await withdrawalAdmin(db, ["manage_users"]);
    expect(await refundPayment(db, provider, other, { reference: opened.reference, reason: "x" })).toEqual({
      status: "forbidden",
    });
  });
});

describe("Try again (item 9)", () => {
  it("an older checkout paid after a newer one was paid is refunded by itself", async () => {
    const { member: m, request, reference } = await checkoutOpened();
    const again = await payUpgradeOnline(db, provider, { userId: m.id, requestId: request.id, callbackUrl });
    expect(again).toMatchObject({ status: "redirect", reference: `${request.reference}-2` });
    await standin.completePayment(`${request.reference}-2`, { outcome: "success", webhook: false });
    const second = await provider.verifyPayment(`${request.reference}-2`);
    if (second.status !== "found") throw new Error(second.status);
    expect((await settleUpgradePayment(db, second.payment)).status).toBe("booked");
    // The first checkout, paid late.
    await standin.completePayment(reference, { outcome: "success", webhook: false });
    const first = await provider.verifyPayment(reference);
    if (first.status !== "found") throw new Error(first.status);
    const settled = await settleUpgradePayment(db, first.payment);
    expect(settled).toMatchObject({ status: "held", reason: UPGRADE_HELD_REASONS.approved, superseded: true });
    expect(await refundIfSuperseded(db, provider, settled)).toMatchObject({ status: "ok", outcome: "sent" });
    expect((await refundsOfRef(reference))[0]).toMatchObject({ status: "pending", requestedById: null });
  });

  it("when the app stopped before refunding a late checkout, the minute job refunds it, once", async () => {
    const { member: m, request, reference } = await checkoutOpened();
    await payUpgradeOnline(db, provider, { userId: m.id, requestId: request.id, callbackUrl });
    await standin.completePayment(`${request.reference}-2`, { outcome: "success", webhook: false });
    const second = await provider.verifyPayment(`${request.reference}-2`);
    if (second.status !== "found") throw new Error(second.status);
    await settleUpgradePayment(db, second.payment);
    await standin.completePayment(reference, { outcome: "success", webhook: false });
    const first = await provider.verifyPayment(reference);
    if (first.status !== "found") throw new Error(first.status);
    // Booked as superseded, and then the process stopped: no refundIfSuperseded.
    expect(await settleUpgradePayment(db, first.payment)).toMatchObject({ status: "held", superseded: true });
    expect(await refundsOfRef(reference)).toEqual([]);
    // A replayed report finds it settled: only the stored mark tells the minute job.
    const [held] = await db.select().from(providerPayments).where(eq(providerPayments.reference, reference));
    expect(held!.supersededAt).toBeInstanceOf(Date);
    const later = new Date(Date.now() + 60_000);
    const created = standin.counts.refundsCreated;
    expect(await refundSupersededPayments(db, provider, later)).toBeGreaterThanOrEqual(1);
    expect(await refundsOfRef(reference)).toMatchObject([{ status: "pending", requestedById: null }]);
    // Next minute: it has a refund, nothing more is sent.
    await refundSupersededPayments(db, provider, later);
    expect(standin.refunds().filter((r) => r.transaction?.reference === reference)).toHaveLength(1);
    expect(standin.counts.refundsCreated).toBeGreaterThan(created);
  });

  it(`opens at most ${MAX_PAYMENT_ATTEMPTS} checkouts for one request`, async () => {
    const { member: m, request } = await checkoutOpened();
    for (let n = 2; n <= MAX_PAYMENT_ATTEMPTS; n++) {
      expect(await payUpgradeOnline(db, provider, { userId: m.id, requestId: request.id, callbackUrl })).toMatchObject({
        status: "redirect",
        reference: `${request.reference}-${n}`,
      });
    }
    expect(await payUpgradeOnline(db, provider, { userId: m.id, requestId: request.id, callbackUrl })).toEqual({
      status: "too-many-attempts",
    });
  });
});

describe("disputes", () => {
  const dispute = (reference: string, over: Partial<ProviderDisputeReport> = {}): ProviderDisputeReport => ({
    providerDisputeId: `D${reference}`,
    transactionReference: reference,
    amountKobo: 500_000n,
    currency: "NGN",
    status: "awaiting-merchant-feedback",
    resolution: null,
    reason: "chargeback",
    evidenceDueAt: new Date("2026-12-10T10:00:00Z"),
    resolvedAt: null,
    ...over,
  });

  async function paidUpgrade() {
    const opened = await checkoutOpened();
    await standin.completePayment(opened.reference, { outcome: "success", webhook: false });
    const verified = await provider.verifyPayment(opened.reference);
    if (verified.status !== "found") throw new Error(verified.status);
    await settleUpgradePayment(db, verified.payment);
    return opened;
  }

  it("is stored once and mails manage_withdrawals holders once; lost: booked once and the payer held for review", async () => {
    await withdrawalAdmin(db);
    const { reference, member: payer } = await paidUpgrade();
    expect((await applyDisputeReport(db, dispute(reference))).status).toBe("opened");
    expect((await applyDisputeReport(db, dispute(reference))).status).toBe("updated");
    const mails = await db.select().from(emails).where(eq(emails.subject, "A card payment is disputed"));
    const about = mails.filter((m) => m.textBody.includes(reference));
    expect(about.length).toBeGreaterThan(0);
    expect(new Set(about.map((m) => m.toAddress)).size).toBe(about.length);

    const losses = await platformBalance(db, "dispute_losses");
    const lost = dispute(reference, { status: "resolved", resolution: "merchant-accepted" });
    expect((await applyDisputeReport(db, lost)).status).toBe("lost");
    expect((await applyDisputeReport(db, lost)).status).toBe("already-resolved");
    expect((await applyDisputeReport(db, dispute(reference))).status).toBe("already-resolved");
    expect(await transfersKeyed(disputeLossKey(`D${reference}`))).toHaveLength(1);
    expect(await platformBalance(db, "dispute_losses")).toBe(losses - 500_000n);
    const [row] = await db
      .select({ status: riskClusters.status })
      .from(users)
      .innerJoin(riskClusters, eq(riskClusters.id, users.riskClusterId))
      .where(eq(users.id, payer.id));
    expect(row?.status).toBe("open");
    const lines = await fullStatement(db, payer.id);
    // Money back to the payer, as a refund's line (the open dispute's line moved nothing).
    expect(lines.find((l) => l.kind === "payment_dispute_lost")).toMatchObject({
      paymentReference: reference,
      amountKobo: 500_000n,
    });
    // Item 8: the daily report has the loss beside the upgrade it undoes.
    const viewer = await withdrawalAdmin(db, ["view_reports"]);
    const today = lagosDay(new Date());
    const report = await dailyReport(db, viewer, { from: today, to: today });
    if (report.status !== "ok") throw new Error(report.status);
    expect(report.totals).toMatchObject({ disputesLost: 1, disputesLostKobo: 500_000n });
  });

  it("a lost dispute is booked with the latest event's amount, whichever came first", async () => {
    const { reference } = await paidUpgrade();
    await applyDisputeReport(db, dispute(reference, { amountKobo: 500_000n }));
    const partial = dispute(reference, { status: "resolved", resolution: "merchant-accepted", amountKobo: 200_000n });
    expect((await applyDisputeReport(db, partial)).dispute.amountKobo).toBe(200_000n);
    const [loss] = await transfersKeyed(disputeLossKey(`D${reference}`));
    expect(loss!.amountKobo).toBe(200_000n);
  });

  it("a resolution it does not know leaves the dispute open; one in another currency books nothing", async () => {
    const { reference } = await paidUpgrade();
    const odd = dispute(reference, { status: "resolved", resolution: "something-new" });
    expect((await applyDisputeReport(db, odd)).dispute.outcome).toBe("open");
    const other = await paidUpgrade();
    const dollars = dispute(other.reference, { currency: "USD", status: "resolved", resolution: "merchant-accepted" });
    expect((await applyDisputeReport(db, dollars)).status).toBe("lost");
    expect(await transfersKeyed(disputeLossKey(`D${other.reference}`))).toHaveLength(0);
  });

  it("a held payment with an open dispute is not refunded: the bank gives the money back", async () => {
    const admin = await withdrawalAdmin(db);
    const { reference } = await heldPayment(120_00n);
    await applyDisputeReport(db, dispute(reference, { amountKobo: 120_00n }));
    const created = standin.counts.refundsCreated;
    expect(await refundPayment(db, provider, admin, { reference, reason: "Wrong amount" })).toEqual({
      status: "disputed",
    });
    expect(standin.counts.refundsCreated).toBe(created);
  });

  it("a resolve arriving first is stored as it is; won changes nothing but its state", async () => {
    const { reference } = await paidUpgrade();
    const won = dispute(reference, { status: "resolved", resolution: "declined" });
    expect((await applyDisputeReport(db, won)).status).toBe("won");
    expect((await applyDisputeReport(db, dispute(reference))).status).toBe("already-resolved");
    expect(await transfersKeyed(disputeLossKey(`D${reference}`))).toHaveLength(0);
  });
});
