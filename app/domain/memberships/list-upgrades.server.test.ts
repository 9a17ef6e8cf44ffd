import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerPaymentStatus } from "~/db/schema";
import { PROVIDER_PAYMENT_STATUSES } from "~/domain/payments/payment-status";
import { createPaystackProvider } from "~/server/paystack.server";
import { openTestDatabase } from "~test/database";
import { creditUser, member, membershipAdmin, setReceivingAccount } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { upgradeOnline, type ProviderFlows } from "~test/provider-flows";
import { countUpgradesAwaitingAdmin, listPendingUpgrades, pendingUpgradeOf } from "./list-upgrades.server";
import { payUpgradeOnline } from "./pay-online.server";
import { approveUpgrade, rejectUpgrade } from "./process-upgrade.server";
import { cancelUpgrade, requestUpgrade } from "./request-upgrade.server";

const { db } = await openTestDatabase();
let standin: PaystackStandin;
let flows: ProviderFlows;
beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY });
  const provider = createPaystackProvider({ secretKey: TEST_PAYSTACK_SECRET_KEY, baseUrl: standin.baseUrl });
  flows = { db, provider, standin };
});
afterAll(async () => standin.close());

async function ask(name: string, tierId: string, at: Date, tier?: string) {
  const m = await member(db, { name, tier });
  await creditUser(db, m.id, 500_000n);
  const r = await requestUpgrade(db, { userId: m.id, tierId, method: "balance", now: at });
  if (r.status !== "ok") throw new Error(r.status);
  return { member: m, request: r.request };
}

describe("upgrade request lists", () => {
  it("the member's pending request with its tier name, and none once it is decided or cancelled", async () => {
    const { member: m, request } = await ask("Chidi Eze", "silver", new Date("2026-11-01T08:00:00Z"));
    expect(await pendingUpgradeOf(db, m.id)).toEqual({
      id: request.id,
      reference: request.reference,
      tierId: "silver",
      tierName: "Advert Silver",
      priceKobo: 100_000n,
      method: "balance",
      status: "pending",
      createdAt: new Date("2026-11-01T08:00:00Z"),
      // Paid from the balance: no online payment to speak of.
      payment: null,
    });
    await cancelUpgrade(db, { userId: m.id, requestId: request.id });
    expect(await pendingUpgradeOf(db, m.id)).toBeNull();
  });

  it("admins see only pending requests, oldest first, searched by name, email, reference or display id, paged", async () => {
    const admin = await membershipAdmin(db);
    const a = await ask("Amaka Obi", "bronze", new Date("2026-11-02T08:00:00Z"));
    const b = await ask("Bola 50% Ade", "gold", new Date("2026-11-03T08:00:00Z"), "bronze");
    const c = await ask("Amaka Nwosu", "vip", new Date("2026-11-04T08:00:00Z"));
    const done = await ask("Done Person", "bronze", new Date("2026-11-01T07:00:00Z"));
    await approveUpgrade(db, admin, done.request.id);

    const all = await listPendingUpgrades(db);
    expect(all.rows.map((r) => r.id)).toEqual([a.request.id, b.request.id, c.request.id]);
    expect(all.rows[1]).toMatchObject({
      userName: "Bola 50% Ade",
      userDisplayId: b.member.displayId,
      fromTierName: "Advert Bronze",
      tierName: "Advert Gold",
      priceKobo: 100_000n,
    });
    expect(await countUpgradesAwaitingAdmin(db)).toBe(3);

    const ids = async (search: string) => (await listPendingUpgrades(db, { search })).rows.map((r) => r.id);
    expect(await ids("amaka")).toEqual([a.request.id, c.request.id]);
    expect(await ids("50%")).toEqual([b.request.id]);
    expect(await ids("5%")).toEqual([]);
    expect(await ids(c.request.reference.toLowerCase())).toEqual([c.request.id]);
    expect(await ids(a.member.displayId)).toEqual([a.request.id]);
    expect(await ids(b.member.email.toUpperCase())).toEqual([b.request.id]);
    expect(await ids("done person")).toEqual([]);

    const second = await listPendingUpgrades(db, { page: 2, pageSize: 2 });
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 3 });
    expect(second.rows.map((r) => r.id)).toEqual([c.request.id]);
    expect(await listPendingUpgrades(db, { page: 9, pageSize: 2 })).toMatchObject({ page: 2 });
  });
});

describe("requests paid online", () => {
  it("the payment statuses are the database's", () => {
    expect([...PROVIDER_PAYMENT_STATUSES]).toEqual(providerPaymentStatus.enumValues);
  });

  it("each shows where its payment is, and only a held payment waits for an admin", async () => {
    await setReceivingAccount(db);
    const admin = await membershipAdmin(db);
    const ids = async () => new Set((await listPendingUpgrades(db, { pageSize: 100 })).rows.map((r) => r.id));
    const before = { waiting: await countUpgradesAwaitingAdmin(db), listed: (await ids()).size };

    const open = await upgradeOnline(flows, "open", { name: "Olu Open" });
    const failed = await upgradeOnline(flows, "failed", { name: "Femi Failed" });
    const abandoned = await upgradeOnline(flows, "abandoned", { name: "Ada Abandoned" });
    const held = await upgradeOnline(flows, "held", { name: "Halima Held" });
    const paid = await upgradeOnline(flows, "success", { name: "Peace Paid" });
    // The member tried again after a failure and is at the new checkout: awaiting payment.
    const retried = await upgradeOnline(flows, "failed", { name: "Remi Retried" });
    // Cancelled by its member: no longer pending, whatever its payment.
    const cancelled = await upgradeOnline(flows, "failed", { name: "Chuka Cancelled" });
    await cancelUpgrade(db, { userId: cancelled.member.id, requestId: cancelled.request.id });
    const second = await payUpgradeOnline(db, flows.provider, {
      userId: retried.member.id,
      requestId: retried.request.id,
      callbackUrl: "http://localhost:3000/membership/upgrade/paid",
    });
    expect(second).toMatchObject({ status: "redirect", reference: `${retried.request.reference}-2` });
    const bank = await member(db, { name: "Bisi Bank" });
    const byBank = await requestUpgrade(db, { userId: bank.id, tierId: "bronze", method: "bank_transfer" });
    if (byBank.status !== "ok") throw new Error(byBank.status);

    const list = await listPendingUpgrades(db, { pageSize: 100 });
    const row = (id: string) => list.rows.find((r) => r.id === id);
    expect(row(open.request.id)).toMatchObject({ method: "online", payment: "initialized", heldReason: null });
    expect(row(failed.request.id)).toMatchObject({ payment: "failed", heldReason: null });
    expect(row(abandoned.request.id)).toMatchObject({ payment: "abandoned", heldReason: null });
    expect(row(held.request.id)).toMatchObject({ payment: "held", heldReason: "Paid ₦499.00, but ₦500.00 was asked." });
    expect(row(retried.request.id)).toMatchObject({ payment: "initialized" });
    expect(row(byBank.request.id)).toMatchObject({ method: "bank_transfer", payment: null, heldReason: null });
    // Paid as asked: approved by Paystack's confirmation, so no longer listed.
    expect(row(paid.request.id)).toBeUndefined();
    expect(row(cancelled.request.id)).toBeUndefined();

    // Listed: every pending one. Waiting for an admin: the bank transfer and the held payment only.
    expect(list.total).toBe(before.listed + 6);
    expect(await countUpgradesAwaitingAdmin(db)).toBe(before.waiting + 2);

    // Once decided, neither is waiting.
    expect(await rejectUpgrade(db, admin, held.request.id)).toMatchObject({ status: "ok" });
    expect(await approveUpgrade(db, admin, byBank.request.id)).toMatchObject({ status: "ok" });
    expect(await countUpgradesAwaitingAdmin(db)).toBe(before.waiting);
    await expectBooksBalanced(db);
  });
});
