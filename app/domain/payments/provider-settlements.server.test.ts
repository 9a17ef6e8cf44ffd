import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ledgerTransfers, providerSettlements } from "~/db/schema";
import { systemClock } from "~/domain/shared/clock";
import { moneyAtProvider } from "~/domain/withdrawals/money-at-provider.server";
import { createPaystackProvider } from "~/server/paystack.server";
import { checkWaitingWithProvider } from "~/server/provider-reconciliation.server";
import { openTestDatabase } from "~test/database";
import { expectBooksBalanced } from "~test/ledger";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { upgradeOnline, type ProviderFlows } from "~test/provider-flows";
import { providerSettlementKey } from "./money.server";
import type { PaymentProvider, ProviderSettlementReport } from "./provider";
import { recordProviderSettlement, syncProviderSettlements } from "./provider-settlements.server";

// Paystack's settlements (its payouts of what it holds for AdNaira to AdNaira's bank) read from
// its GET /settlement on the minute job's schedule: each successful one moves provider clearing
// to bank receipts once, whatever is listed again or in whatever order.

const { db } = await openTestDatabase();
let standin: PaystackStandin;
let provider: PaymentProvider;
let flows: ProviderFlows;
beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY });
  provider = createPaystackProvider({
    secretKey: TEST_PAYSTACK_SECRET_KEY,
    baseUrl: standin.baseUrl,
    timeoutMs: 2_000,
  });
  flows = { db, provider, standin };
});
afterAll(async () => standin.close());
afterEach(async () => expectBooksBalanced(db));

const services = () => ({ db, paymentProvider: provider, flushMail: async () => {} });
const bookedFor = (id: number | string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, providerSettlementKey(String(id))));
const rowFor = async (id: number | string) =>
  (
    await db
      .select()
      .from(providerSettlements)
      .where(eq(providerSettlements.providerSettlementId, String(id)))
  )[0];

describe("the provider's settlements", () => {
  it("books a successful settlement once on the minute job, and shows one on its way as in settlement", async () => {
    // ₦1,000.00 collected for a Silver upgrade, Paystack keeping ₦15.00.
    const paid = await upgradeOnline(flows, "success", { tierId: "silver" });
    expect(paid.feeKobo).toBe(1_500n);
    const before = await moneyAtProvider(db);

    // Paystack settles ₦600.00 to the bank and has ₦300.00 more on its way.
    const done = standin.settle({ amountKobo: 60_000n, feesKobo: 900n });
    const coming = standin.settle({ amountKobo: 30_000n, status: "processing" });
    const run = await checkWaitingWithProvider(services(), new Date());
    expect(run).toMatchObject({ settlements: 1, unavailable: 0 });

    const [booked] = await bookedFor(done.id);
    expect(booked).toMatchObject({ kind: "provider_settlement", amountKobo: 60_000n });
    expect(await bookedFor(coming.id)).toEqual([]);
    expect(await rowFor(done.id)).toMatchObject({ status: "success", amountKobo: 60_000n, bookedAt: expect.any(Date) });
    expect(await rowFor(coming.id)).toMatchObject({ status: "processing", amountKobo: 30_000n, bookedAt: null });

    const money = await moneyAtProvider(db);
    expect(money.settledKobo - before.settledKobo).toBe(60_000n);
    expect(before.atProviderKobo - money.atProviderKobo).toBe(60_000n);
    expect(money.inSettlementKobo - before.inSettlementKobo).toBe(30_000n);
    expect(money.providerRecordsKobo).toBe(money.atProviderKobo);

    // The next minute lists both again: nothing more is booked. Then the second one arrives.
    expect(await checkWaitingWithProvider(services(), new Date())).toMatchObject({ settlements: 0 });
    standin.setSettlementStatus(coming.id, "success");
    expect(await checkWaitingWithProvider(services(), new Date())).toMatchObject({ settlements: 1 });
    expect((await bookedFor(coming.id)).map((t) => t.amountKobo)).toEqual([30_000n]);
    const after = await moneyAtProvider(db);
    expect(after.settledKobo - before.settledKobo).toBe(90_000n);
    expect(after.inSettlementKobo - before.inSettlementKobo).toBe(0n);

    // An older answer after the newer one (Paystack's list read before it moved on) changes nothing.
    standin.setSettlementStatus(coming.id, "processing");
    expect(await checkWaitingWithProvider(services(), new Date())).toMatchObject({ settlements: 0 });
    expect(await rowFor(coming.id)).toMatchObject({ status: "success" });
    expect(await bookedFor(coming.id)).toHaveLength(1);
    standin.setSettlementStatus(coming.id, "success");
  });

  it("books once whatever the order and however often the same settlement is reported", async () => {
    const report = (outcome: ProviderSettlementReport["outcome"]): ProviderSettlementReport => ({
      providerSettlementId: "replayed-77",
      outcome,
      amountKobo: 12_345n,
      totalKobo: 12_345n,
      currency: "NGN",
      settledAt: new Date(),
    });
    const answers = [
      report("processing"),
      report("success"),
      report("pending"),
      report("success"),
      report("failed"),
      report("success"),
    ];
    const outcomes = [];
    for (const answer of answers) outcomes.push(await recordProviderSettlement(db, answer, systemClock));
    expect(outcomes).toEqual(["in-settlement", "booked", "unchanged", "unchanged", "unchanged", "unchanged"]);
    // Racing: the same success reported by two runs at once.
    const racing = { ...report("success"), providerSettlementId: "raced-78" };
    const raced = await Promise.all([
      recordProviderSettlement(db, racing, systemClock),
      recordProviderSettlement(db, racing, systemClock),
    ]);
    expect(raced.sort()).toEqual(["booked", "unchanged"]);
    expect(await bookedFor("replayed-77")).toHaveLength(1);
    expect(await bookedFor("raced-78")).toHaveLength(1);
    // A failed settlement and one in another currency are recorded, never booked.
    expect(await recordProviderSettlement(db, { ...report("failed"), providerSettlementId: "f-79" }, systemClock)).toBe(
      "not-booked",
    );
    const dollars = { ...report("success"), providerSettlementId: "usd-80", currency: "USD" };
    expect(await recordProviderSettlement(db, dollars, systemClock)).toBe("not-booked");
    expect(await bookedFor("usd-80")).toEqual([]);
  });

  it("reads every page, and asks again next time when Paystack does not answer", async () => {
    const made = Array.from({ length: 55 }, () => standin.settle({ amountKobo: 100n }));
    standin.failNext("settlements", "server-error");
    const failed = await syncProviderSettlements(db, provider, new Date(), systemClock);
    expect(failed).toMatchObject({ status: "unavailable", booked: 0 });
    expect(await bookedFor(made[0]!.id)).toEqual([]);

    const synced = await syncProviderSettlements(db, provider, new Date(), systemClock);
    expect(synced).toMatchObject({ status: "ok", booked: 55 });
    for (const x of [made[0]!, made[54]!]) expect(await bookedFor(x.id)).toHaveLength(1);
    // Those already booked are listed again with the new ones: only the new ones are booked.
    const more = Array.from({ length: 3 }, () => standin.settle({ amountKobo: 100n }));
    expect(await syncProviderSettlements(db, provider, new Date(), systemClock)).toMatchObject({ booked: 3 });
    expect(await bookedFor(more[2]!.id)).toHaveLength(1);
  });

  it("records the others when one listed settlement cannot be recorded (a negative amount after deductions)", async () => {
    const first = standin.settle({ amountKobo: 200n });
    const negative = standin.settle({ amountKobo: 100n, deductionsKobo: 500n });
    const last = standin.settle({ amountKobo: 300n });
    expect(await syncProviderSettlements(db, provider, new Date(), systemClock)).toMatchObject({
      status: "ok",
      booked: 2,
      failed: 1,
    });
    for (const x of [first, last]) expect(await bookedFor(x.id)).toHaveLength(1);
    expect(await rowFor(negative.id)).toBeUndefined();
  });

  it("keeps asking about a settlement still on its way after the watch window, and books it when it succeeds", async () => {
    const slow = standin.settle({ amountKobo: 700n, status: "processing" });
    expect(await syncProviderSettlements(db, provider, new Date(), systemClock)).toMatchObject({ booked: 0 });
    expect((await rowFor(slow.id))?.status).toBe("processing");
    standin.setSettlementStatus(slow.id, "success");
    // Three weeks on: past the 14-day window, but it was still processing when last seen.
    const later = new Date(Date.now() + 21 * 24 * 60 * 60 * 1000);
    expect(await syncProviderSettlements(db, provider, later, systemClock)).toMatchObject({ booked: 1 });
    expect(await bookedFor(slow.id)).toHaveLength(1);
  });
});
