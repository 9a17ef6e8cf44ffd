import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, ledgerTransfers, providerPayments, referrals, upgradeRequests, users } from "~/db/schema";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import { providerFeeKey } from "~/domain/payments/money.server";
import type { PaymentProvider, ProviderPaymentReport } from "~/domain/payments/provider";
import { createPaystackProvider } from "~/server/paystack.server";
import { openTestDatabase } from "~test/database";
import { member, membershipAdmin, recordReferral, setReferralRule } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { checkUpgradePayment, payUpgradeOnline } from "./pay-online.server";
import { settleUpgradePayment, UPGRADE_HELD_REASONS } from "./process-upgrade.server";
import { approveUpgrade } from "./process-upgrade.server";
import { cancelUpgrade, requestUpgrade } from "./request-upgrade.server";
import { upgradeTransferKey } from "./money.server";

const { db } = await openTestDatabase({ poolSize: 30 });
let standin: PaystackStandin;
let provider: PaymentProvider;
const callbackUrl = "http://localhost:3000/membership/upgrade/paid";

beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY });
  provider = createPaystackProvider({ secretKey: TEST_PAYSTACK_SECRET_KEY, baseUrl: standin.baseUrl });
  await setReferralRule(db, { active: true, type: "percentage", percentBps: 4_000 });
});
afterAll(async () => standin.close());
afterEach(async () => expectBooksBalanced(db));

/** A member with a pending online request for Bronze, sent to the checkout. */
async function checkoutOpened(m?: { id: string }) {
  const who = m ?? (await member(db));
  const requested = await requestUpgrade(db, {
    userId: who.id,
    tierId: "bronze",
    method: "online",
    onlinePayments: true,
  });
  if (requested.status !== "ok") throw new Error(requested.status);
  const paid = await payUpgradeOnline(db, provider, { userId: who.id, requestId: requested.request.id, callbackUrl });
  if (paid.status !== "redirect") throw new Error(paid.status);
  return {
    member: who,
    request: requested.request,
    reference: paid.reference,
    authorizationUrl: paid.authorizationUrl,
  };
}

/** Pays at the stand-in (no webhook) and answers what Paystack reports for it. */
async function paid(reference: string, how: { amountKobo?: bigint; currency?: string } = {}) {
  await standin.completePayment(reference, { outcome: "success", webhook: false, ...how });
  const verified = await provider.verifyPayment(reference);
  if (verified.status !== "found") throw new Error(verified.status);
  return verified.payment;
}

const requestRow = async (id: string) =>
  (await db.select().from(upgradeRequests).where(eq(upgradeRequests.id, id)))[0]!;
const attemptsOf = (id: string) => db.select().from(providerPayments).where(eq(providerPayments.upgradeRequestId, id));
const paymentTransfers = (id: string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, upgradeTransferKey(id, "payment")));

describe("choosing to pay online", () => {
  it("is refused while the provider is off: nothing is stored", async () => {
    const m = await member(db);
    const result = await requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "online" });
    expect(result).toEqual({ status: "online-unavailable" });
    expect(await db.select().from(upgradeRequests).where(eq(upgradeRequests.userId, m.id))).toEqual([]);
  });

  it("stores the pending request, one attempt with its reference and price, and opens Paystack's checkout", async () => {
    const { request, reference, authorizationUrl } = await checkoutOpened();
    expect(reference).toBe(request.reference);
    expect(authorizationUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\//);
    expect(await attemptsOf(request.id)).toEqual([
      expect.objectContaining({ reference, amountKobo: request.priceKobo, status: "initialized", authorizationUrl }),
    ]);
    expect(standin.transaction(reference)).toMatchObject({ amount: Number(request.priceKobo) });
    expect((await requestRow(request.id)).status).toBe("pending");
  });

  it("an admin cannot approve it: only Paystack's confirmation does", async () => {
    const { request } = await checkoutOpened();
    expect(await approveUpgrade(db, await membershipAdmin(db), request.id)).toEqual({ status: "paid-online" });
    expect((await requestRow(request.id)).status).toBe("pending");
  });
});

describe("settling the payment", () => {
  it("approves at once with no admin: tier, revenue from provider clearing, the fee, the audit row", async () => {
    const { member: m, request, reference } = await checkoutOpened();
    const clearingBefore = await platformBalance(db, "provider_clearing");
    const report = await paid(reference);
    const settled = await checkUpgradePayment(db, provider, { userId: m.id, reference });
    expect(settled.status).toBe("booked");
    const row = await requestRow(request.id);
    expect(row).toMatchObject({ status: "approved", processedById: null });
    const [user] = await db.select().from(users).where(eq(users.id, m.id));
    expect(user!.membershipTierId).toBe("bronze");
    expect(await paymentTransfers(request.id)).toHaveLength(1);
    const [fee] = await db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, providerFeeKey(reference)));
    expect(fee).toMatchObject({ amountKobo: report.feesKobo, kind: "provider_fee" });
    expect(await platformBalance(db, "provider_clearing")).toBe(clearingBefore - request.priceKobo + report.feesKobo);
    expect(await attemptsOf(request.id)).toEqual([
      expect.objectContaining({
        status: "succeeded",
        paidKobo: request.priceKobo,
        currency: "NGN",
        feeKobo: report.feesKobo,
      }),
    ]);
    const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, request.id));
    expect(audits).toEqual([expect.objectContaining({ action: "upgrade.paid_online", actorId: m.id })]);
  });

  it("20 concurrent webhooks and the member's return: approved once, revenue once, the referral paid once", async () => {
    const referrer = await member(db);
    const m = await member(db);
    await recordReferral(db, referrer, m.id);
    const { request, reference } = await checkoutOpened(m);
    const report = await paid(reference);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => settleUpgradePayment(db, report)),
      checkUpgradePayment(db, provider, { userId: m.id, reference }),
    ]);
    expect(results.filter((r) => r.status === "booked")).toHaveLength(1);
    expect(results.filter((r) => r.status !== "booked").every((r) => r.status === "already-settled")).toBe(true);
    expect(await paymentTransfers(request.id)).toHaveLength(1);
    expect(
      await db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, providerFeeKey(reference))),
    ).toHaveLength(1);
    const [referral] = await db.select().from(referrals).where(eq(referrals.referredId, m.id));
    expect(referral!.status).toBe("approved");
    // 40% of the price, paid to the referrer once.
    expect(await balances(db, referrer.id)).toEqual({
      availableKobo: (request.priceKobo * 4_000n) / 10_000n,
      heldKobo: 0n,
    });
  });

  it("a replay with a changed amount after the booking changes nothing", async () => {
    const { request, reference } = await checkoutOpened();
    const report = await paid(reference);
    expect((await settleUpgradePayment(db, report)).status).toBe("booked");
    const replay: ProviderPaymentReport = { ...report, amountKobo: report.amountKobo * 2n };
    expect((await settleUpgradePayment(db, replay)).status).toBe("already-settled");
    expect(await paymentTransfers(request.id)).toHaveLength(1);
    expect((await attemptsOf(request.id))[0]).toMatchObject({ status: "succeeded", paidKobo: request.priceKobo });
  });

  it("a payment of another amount is held with the reason, never approved", async () => {
    const { request, reference } = await checkoutOpened();
    const report = await paid(reference, { amountKobo: request.priceKobo - 100n });
    const settled = await settleUpgradePayment(db, report);
    expect(settled).toMatchObject({ status: "held", reason: expect.stringContaining("was asked") });
    expect((await requestRow(request.id)).status).toBe("pending");
    expect(await paymentTransfers(request.id)).toEqual([]);
    expect((await attemptsOf(request.id))[0]).toMatchObject({
      status: "held",
      heldReason: settled.status === "held" && settled.reason,
    });
  });

  it("a payment in another currency is held", async () => {
    const { request, reference } = await checkoutOpened();
    const settled = await settleUpgradePayment(db, await paid(reference, { currency: "USD" }));
    expect(settled).toMatchObject({ status: "held", reason: expect.stringContaining("not naira") });
    expect((await requestRow(request.id)).status).toBe("pending");
  });

  it("a payment whose reported fee is more than the amount, or below zero, is held: nothing is booked", async () => {
    for (const feesKobo of [50_000_000n, -100n]) {
      const { request, reference } = await checkoutOpened();
      const report = await paid(reference);
      const settled = await settleUpgradePayment(db, { ...report, feesKobo });
      expect(settled).toMatchObject({ status: "held", reason: expect.stringContaining("fee") });
      expect((await requestRow(request.id)).status).toBe("pending");
      expect(await paymentTransfers(request.id)).toEqual([]);
      const fees = await db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, providerFeeKey(reference)));
      expect(fees).toEqual([]);
    }
  });

  it("a payment for a request the member cancelled meanwhile is held, the request stays cancelled", async () => {
    const { member: m, request, reference } = await checkoutOpened();
    expect((await cancelUpgrade(db, { userId: m.id, requestId: request.id })).status).toBe("ok");
    const settled = await settleUpgradePayment(db, await paid(reference));
    expect(settled).toMatchObject({ status: "held", reason: UPGRADE_HELD_REASONS.cancelled });
    expect((await requestRow(request.id)).status).toBe("cancelled");
    expect(await paymentTransfers(request.id)).toEqual([]);
  });

  it("an unknown reference, or another member's, changes nothing", async () => {
    const { reference } = await checkoutOpened();
    const report = await paid(reference);
    expect(await settleUpgradePayment(db, { ...report, reference: "UPG-NOTOURS0" })).toEqual({ status: "unknown" });
    const other = await member(db);
    expect(await checkUpgradePayment(db, provider, { userId: other.id, reference })).toEqual({ status: "unknown" });
    expect((await attemptByRef(reference)).status).toBe("initialized");
  });
});

const attemptByRef = async (reference: string) =>
  (await db.select().from(providerPayments).where(eq(providerPayments.reference, reference)))[0]!;

describe("failed, abandoned and unavailable", () => {
  it("a failed payment leaves the request pending; Try again opens a new checkout with -2", async () => {
    const { member: m, request, reference } = await checkoutOpened();
    await standin.completePayment(reference, { outcome: "failed", webhook: false });
    expect((await checkUpgradePayment(db, provider, { userId: m.id, reference })).status).toBe("not-paid");
    expect((await requestRow(request.id)).status).toBe("pending");
    expect((await attemptByRef(reference)).status).toBe("failed");
    const again = await payUpgradeOnline(db, provider, { userId: m.id, requestId: request.id, callbackUrl });
    expect(again).toMatchObject({ status: "redirect", reference: `${request.reference}-2` });
  });

  it("Try again on a checkout nobody paid verifies it first, then opens -2; a late success on the first still counts once", async () => {
    const { member: m, request, reference } = await checkoutOpened();
    const again = await payUpgradeOnline(db, provider, { userId: m.id, requestId: request.id, callbackUrl });
    expect(again).toMatchObject({ status: "redirect", reference: `${request.reference}-2` });
    expect((await attemptByRef(reference)).status).toBe("abandoned");
    // The member paid in the first tab after all.
    expect((await settleUpgradePayment(db, await paid(reference))).status).toBe("booked");
    expect((await requestRow(request.id)).status).toBe("approved");
    // And in the second: the request is no longer pending, so that one is held.
    const second = await settleUpgradePayment(db, await paid(`${request.reference}-2`));
    expect(second).toMatchObject({ status: "held", reason: UPGRADE_HELD_REASONS.approved });
    expect(await paymentTransfers(request.id)).toHaveLength(1);
  });

  it("Try again after a payment that went through unheard settles it instead of opening another checkout", async () => {
    const { member: m, request, reference } = await checkoutOpened();
    await paid(reference);
    const again = await payUpgradeOnline(db, provider, { userId: m.id, requestId: request.id, callbackUrl });
    expect(again.status).toBe("settled");
    expect((await requestRow(request.id)).status).toBe("approved");
    expect(await attemptsOf(request.id)).toHaveLength(1);
  });

  it("Try again after a checkout marked not paid, then paid unheard, settles it instead of opening a second checkout", async () => {
    const { member: m, request, reference } = await checkoutOpened();
    // Checked while the member was still on the checkout (the minute job, or a check): not paid yet.
    expect((await checkUpgradePayment(db, provider, { userId: m.id, reference })).status).toBe("not-paid");
    expect((await attemptByRef(reference)).status).toBe("abandoned");
    // Then the member paid on that checkout; the webhook has not arrived.
    await paid(reference);
    const initializes = standin.counts.initializePosts;
    const again = await payUpgradeOnline(db, provider, { userId: m.id, requestId: request.id, callbackUrl });
    expect(again.status).toBe("settled");
    expect(standin.counts.initializePosts).toBe(initializes);
    expect((await requestRow(request.id)).status).toBe("approved");
    expect(await attemptsOf(request.id)).toEqual([expect.objectContaining({ reference, status: "succeeded" })]);
    expect(await paymentTransfers(request.id)).toHaveLength(1);
  });

  it("Try again while a checkout marked not paid is being paid (ongoing) sends the member back to it", async () => {
    const { member: m, request, reference, authorizationUrl } = await checkoutOpened();
    await standin.completePayment(reference, { outcome: "failed", webhook: false });
    expect((await checkUpgradePayment(db, provider, { userId: m.id, reference })).status).toBe("not-paid");
    // The member is trying another card on the same checkout: Paystack reports it ongoing.
    const ongoing: PaymentProvider = {
      ...provider,
      verifyPayment: async (ref) => {
        const v = await provider.verifyPayment(ref);
        return v.status === "found" ? { ...v, payment: { ...v.payment, outcome: "ongoing" } } : v;
      },
    };
    const again = await payUpgradeOnline(db, ongoing, { userId: m.id, requestId: request.id, callbackUrl });
    expect(again).toEqual({ status: "redirect", authorizationUrl, reference });
    expect(await attemptsOf(request.id)).toHaveLength(1);
  });

  it("five presses of Try again at once all go to one new checkout", async () => {
    const { member: m, request, reference } = await checkoutOpened();
    await standin.completePayment(reference, { outcome: "failed", webhook: false });
    const presses = await Promise.all(
      Array.from({ length: 5 }, () =>
        payUpgradeOnline(db, provider, { userId: m.id, requestId: request.id, callbackUrl }),
      ),
    );
    const second = `${request.reference}-2`;
    expect(presses.map((p) => p.status)).toEqual(Array(5).fill("redirect"));
    expect(new Set(presses.map((p) => (p.status === "redirect" ? p.reference : p.status)))).toEqual(new Set([second]));
    expect(await attemptByRef(second)).toMatchObject({ status: "initialized" });
  });

  it("Paystack unavailable at initialize: the request stays pending, Try again works once it answers", async () => {
    const m = await member(db);
    const requested = await requestUpgrade(db, {
      userId: m.id,
      tierId: "bronze",
      method: "online",
      onlinePayments: true,
    });
    if (requested.status !== "ok") throw new Error(requested.status);
    standin.failNext("initialize", "server-error");
    const first = await payUpgradeOnline(db, provider, { userId: m.id, requestId: requested.request.id, callbackUrl });
    expect(first).toEqual({ status: "unavailable" });
    expect((await requestRow(requested.request.id)).status).toBe("pending");
    const again = await payUpgradeOnline(db, provider, { userId: m.id, requestId: requested.request.id, callbackUrl });
    expect(again).toMatchObject({ status: "redirect", reference: `${requested.request.reference}-2` });
  });
});
