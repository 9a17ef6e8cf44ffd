import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, ledgerTransfers, providerDisputes, providerPayments, providerRefunds } from "~/db/schema";
import { createPaystackProvider } from "~/server/paystack.server";
import { pageText, redirectOutcome, type TestApp } from "~test/app";
import { expectLedgerReconciled } from "~test/ledger";
import { startAppWithPaystack, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { upgradeOnline, type ProviderFlows } from "~test/provider-flows";
import { signInAdmin } from "~test/sign-in";

// Refunds from /admin/reconciliation and card disputes, through the real webhook: replayed and
// reordered events book once (issue 42 items 4 and 5).

let app: TestApp;
let standin: PaystackStandin;
let close: () => Promise<void>;
let flows: ProviderFlows;

beforeAll(async () => {
  ({ app, standin, close } = await startAppWithPaystack());
  const provider = createPaystackProvider({ secretKey: TEST_PAYSTACK_SECRET_KEY, baseUrl: standin.baseUrl });
  flows = { db: app.services.db, provider, standin };
});
afterAll(() => close());

const kinds = async (kind: "provider_refund" | "dispute_loss" | "held_payment") =>
  app.services.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, kind));

describe("Refund on /admin/reconciliation", () => {
  it("asks first, sends one refund, and books it once however Paystack's events arrive", async () => {
    const db = app.services.db;
    const held = await upgradeOnline(flows, "held");
    const { client: admin } = await signInAdmin(app, ["manage_withdrawals"]);
    const page = (await admin.get("/admin/reconciliation")).body;
    expect(page).toContain(`href="/admin/reconciliation?refund=${held.reference}"`);
    // The dialog, on the page itself before JavaScript has loaded.
    const dialog = pageText((await admin.get(`/admin/reconciliation?refund=${held.reference}`)).body);
    expect(dialog).toContain("Refund this payment?");
    expect(dialog).toContain("Why it is refunded");

    // A reason is needed.
    const empty = await admin.post(`/admin/reconciliation/refund`, { reference: held.reference, reason: " " });
    expect(empty.status).toBe(400);
    expect(standin.refunds()).toHaveLength(0);

    const sent = await admin.post(`/admin/reconciliation/refund`, { reference: held.reference, reason: "Paid short" });
    expect(redirectOutcome(sent)).toMatchObject({ location: "/admin/reconciliation" });
    expect(standin.refunds()).toHaveLength(1);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "payment.refund"));
    expect(audit).toMatchObject({ targetId: held.reference });

    // A second press while it is on its way sends nothing.
    const again = await admin.post(`/admin/reconciliation/refund`, { reference: held.reference, reason: "Paid short" });
    expect(again.status).toBe(409);
    expect(standin.refunds()).toHaveLength(1);
    expect(pageText((await admin.get("/admin/reconciliation")).body)).toContain("on its way at Paystack");

    // Paystack: processed first, then a stale processing, then the processed again, twice.
    const refundId = standin.refunds()[0]!.id;
    const before = standin.deliveries.length;
    await standin.processRefund(refundId, "processed");
    await standin.processRefund(refundId, "processing");
    await standin.redeliver(before);
    await standin.redeliver(before);
    expect(standin.deliveries.slice(before).map((d) => d.status)).toEqual([200, 200, 200, 200]);
    const [payment] = await db.select().from(providerPayments).where(eq(providerPayments.reference, held.reference));
    const refunds = await db.select().from(providerRefunds).where(eq(providerRefunds.paymentId, payment!.id));
    expect(refunds).toMatchObject([{ status: "processed" }]);
    const booked = (await kinds("provider_refund")).filter((t) => t.referenceId === refunds[0]!.id);
    expect(booked).toHaveLength(1);
    await expectLedgerReconciled(db);
    // Refunded in full: it leaves the list to look into.
    expect((await admin.get("/admin/reconciliation")).body).not.toContain(`?refund=${held.reference}`);
  });

  it("is refused to an admin without manage_withdrawals, and for a payment that approved an upgrade", async () => {
    const paid = await upgradeOnline(flows, "success");
    const { client: other } = await signInAdmin(app, ["manage_users"]);
    const denied = await other.post(`/admin/reconciliation/refund`, { reference: paid.reference, reason: "x" });
    expect(denied.status).toBe(403);
    const { client: admin } = await signInAdmin(app, ["manage_withdrawals"]);
    const refused = await admin.post(`/admin/reconciliation/refund`, { reference: paid.reference, reason: "x" });
    expect(refused.status).toBe(409);
    expect(refused.body).toContain("Reverse the upgrade before refunding it");
  });
});

describe("card disputes", () => {
  it("are stored once whatever the order, listed with amount, reason and deadline, and a loss is booked once", async () => {
    const db = app.services.db;
    const paid = await upgradeOnline(flows, "success");
    const before = standin.deliveries.length;
    const opened = await standin.openDispute(paid.reference, {
      category: "fraud",
      dueAt: new Date("2026-12-20T09:00:00Z"),
    });
    await standin.redeliver(before);
    await standin.remindDispute(opened.id);
    const { client: admin } = await signInAdmin(app, ["manage_withdrawals"]);
    const text = pageText((await admin.get("/admin/reconciliation")).body);
    expect(text).toContain("Card disputes");
    expect(text).toContain(paid.reference);
    expect(text).toContain("fraud");
    expect(text).toContain("₦500.00");
    expect(text).toContain("20 Dec 2026");
    expect(text).toContain("Open (awaiting-merchant-feedback)");

    await standin.resolveDispute(opened.id, "merchant-accepted");
    const resolvedAt = standin.deliveries.length - 1;
    await standin.redeliver(resolvedAt);
    // The create again, after the resolution: nothing changes.
    await standin.redeliver(before);
    expect(standin.deliveries.slice(before).every((d) => d.status === 200)).toBe(true);
    const rows = await db
      .select()
      .from(providerDisputes)
      .where(inArray(providerDisputes.transactionReference, [paid.reference]));
    expect(rows).toMatchObject([{ outcome: "lost", reason: "fraud" }]);
    expect((await kinds("dispute_loss")).filter((t) => t.referenceId === rows[0]!.id)).toHaveLength(1);
    expect(pageText((await admin.get("/admin/reconciliation")).body)).toContain("Lost (resolved)");
    await expectLedgerReconciled(db);
  });
});
