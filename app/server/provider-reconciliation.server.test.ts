import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { providerPayments, providerTransfers, upgradeRequests, users, withdrawals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { payUpgradeOnline } from "~/domain/memberships/pay-online.server";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { listDisagreements, providerClearing } from "~/domain/payments/disagreements.server";
import { payWithdrawalByTransfer } from "~/domain/withdrawals/pay-by-transfer.server";
import { startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { openTestDatabase } from "~test/database";
import { formKey, member, payee, setWithdrawalSettings, withdrawalAdmin } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { createPaystackProvider } from "./paystack.server";
import { checkWaitingWithProvider, VERIFY_AFTER_MS } from "./provider-reconciliation.server";

// The minute job: what a lost webhook leaves behind is settled by asking Paystack, once.

const { db } = await openTestDatabase();
let standin: PaystackStandin;
let services: Parameters<typeof checkWaitingWithProvider>[0];
let admin: Actor;
let mailFlushes = 0;

beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY, resolveAnyAccount: true });
  const paymentProvider = createPaystackProvider({
    secretKey: TEST_PAYSTACK_SECRET_KEY,
    baseUrl: standin.baseUrl,
    timeoutMs: 2_000,
  });
  services = { db, paymentProvider, flushMail: async () => void mailFlushes++ };
  admin = await withdrawalAdmin(db);
  await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 });
});
afterAll(() => standin.close());
afterEach(async () => {
  await expectBooksBalanced(db);
  const clearing = await providerClearing(db);
  expect(clearing.ledgerKobo).toBe(clearing.paymentsKobo);
  expect((await reconcile(db)).status).toBe("ok");
});

const minutesLater = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000);

/** A member's ₦20.00 withdrawal, in Processing. */
async function processingWithdrawal() {
  const m = await payee(db, { balanceKobo: 10_000n });
  const requested = await requestWithdrawal(db, { userId: m.id, amountKobo: 2_000n, idempotencyKey: formKey() });
  if (requested.status !== "ok") throw new Error(requested.status);
  await startProcessing(db, admin, requested.withdrawal.id);
  return requested.withdrawal.id;
}

async function upgradePaidWithoutWebhook() {
  const m = await member(db);
  const requested = await requestUpgrade(db, {
    userId: m.id,
    tierId: "bronze",
    method: "online",
    onlinePayments: true,
  });
  if (requested.status !== "ok") throw new Error(requested.status);
  const opened = await payUpgradeOnline(db, services.paymentProvider!, {
    userId: m.id,
    requestId: requested.request.id,
    callbackUrl: "http://localhost/membership/upgrade/paid",
  });
  if (opened.status !== "redirect") throw new Error(opened.status);
  // The member pays; Paystack's webhook never reaches us, and the member never comes back.
  await standin.completePayment(opened.reference, { outcome: "success", webhook: false });
  return { member: m, requestId: requested.request.id, reference: opened.reference };
}

describe("checkWaitingWithProvider", () => {
  it("approves an upgrade whose webhook never came, once it has waited, and only once", async () => {
    const { member: m, requestId, reference } = await upgradePaidWithoutWebhook();
    const now = new Date();

    // Not yet: a payment is given a few minutes for its webhook.
    await checkWaitingWithProvider(services, now);
    expect((await db.select().from(upgradeRequests).where(eq(upgradeRequests.id, requestId)))[0]?.status).toBe(
      "pending",
    );

    const later = minutesLater(now, VERIFY_AFTER_MS / 60_000 + 1);
    const run = await checkWaitingWithProvider(services, later);
    expect(run.payments).toBeGreaterThanOrEqual(1);
    expect((await db.select().from(upgradeRequests).where(eq(upgradeRequests.id, requestId)))[0]?.status).toBe(
      "approved",
    );
    expect((await db.select().from(users).where(eq(users.id, m.id)))[0]?.membershipTierId).toBe("bronze");
    const [attempt] = await db.select().from(providerPayments).where(eq(providerPayments.reference, reference));
    expect(attempt).toMatchObject({ status: "succeeded", checkedAt: later });

    // The next minutes ask nothing more about it, and book nothing twice.
    const again = await checkWaitingWithProvider(services, minutesLater(later, 10));
    expect(again.unavailable).toBe(0);
    expect((await providerClearing(db)).ledgerKobo).toBe((await providerClearing(db)).paymentsKobo);
  });

  it("settles a transfer whose answer was lost and whose webhook never came", async () => {
    const id = await processingWithdrawal();
    standin.failNext("transfer", "drop-after-create");
    expect(await payWithdrawalByTransfer(db, services.paymentProvider!, id)).toMatchObject({
      status: "unknown",
    });
    const [attempt] = await db.select().from(providerTransfers).where(eq(providerTransfers.withdrawalId, id));
    await standin.settleTransfer(attempt!.reference, "success", { webhook: false });

    // While it waits, the reconciliation page says its outcome is unknown, with what to do.
    expect(await listDisagreements(db)).toContainEqual(
      expect.objectContaining({ kind: "transfer-unknown", reference: attempt!.reference }),
    );

    await checkWaitingWithProvider(services, minutesLater(new Date(), 6));
    expect((await db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]).toMatchObject({
      status: "completed",
    });
    expect(standin.transfers().filter((t) => t.reference === attempt!.reference)).toHaveLength(1);
    expect(await listDisagreements(db)).not.toContainEqual(expect.objectContaining({ reference: attempt!.reference }));
  });

  it("asks once more about a transfer taken as never sent: one Paystack made after all is listed for an admin", async () => {
    const id = await processingWithdrawal();
    // The request to Paystack is lost; a check after the grace finds nothing: taken as never sent.
    standin.failNext("transfer", "drop");
    expect(await payWithdrawalByTransfer(db, services.paymentProvider!, id)).toMatchObject({
      status: "unknown",
    });
    await checkWaitingWithProvider(services, minutesLater(new Date(), 6));
    const [attempt] = await db.select().from(providerTransfers).where(eq(providerTransfers.withdrawalId, id));
    expect(attempt).toMatchObject({ status: "failed" });
    // But Paystack did make it (the request was only slow), and paid it; its webhook is lost too.
    const made = await services.paymentProvider!.initiateTransfer({
      reference: attempt!.reference,
      amountKobo: attempt!.amountKobo,
      recipientCode: attempt!.recipientCode,
      reason: "late",
    });
    expect(made.status).toBe("ok");
    await standin.settleTransfer(attempt!.reference, "success", { webhook: false });

    await checkWaitingWithProvider(services, minutesLater(new Date(), 13));
    expect(await listDisagreements(db)).toContainEqual(
      expect.objectContaining({ kind: "transfer-paid-after-failed", reference: attempt!.reference }),
    );
    // Nothing is booked by itself: the money is still held, for an admin to sort out.
    expect((await db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]).toMatchObject({
      status: "processing",
    });
  });

  it("stops asking about a checkout after a day: its payer is long gone, and a late webhook still settles it", async () => {
    const { requestId, reference } = await upgradePaidWithoutWebhook();
    const asked = standin.counts.verifyTransaction;
    await checkWaitingWithProvider(services, minutesLater(new Date(), 25 * 60));
    expect(standin.counts.verifyTransaction).toBe(asked);
    expect((await db.select().from(upgradeRequests).where(eq(upgradeRequests.id, requestId)))[0]?.status).toBe(
      "pending",
    );
    // Settle it for the books' sake (as its webhook, however late, would).
    await checkWaitingWithProvider(services, minutesLater(new Date(), 6));
    const [attempt] = await db.select().from(providerPayments).where(eq(providerPayments.reference, reference));
    expect(attempt?.status).toBe("succeeded");
  });

  it("does nothing without the provider", async () => {
    expect(await checkWaitingWithProvider({ ...services, paymentProvider: undefined })).toEqual({
      payments: 0,
      transfers: 0,
      settlements: 0,
      settlementsFailed: 0,
      unavailable: 0,
    });
  });
});
