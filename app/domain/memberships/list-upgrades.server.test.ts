import { describe, expect, it } from "vitest";
import { openTestDatabase } from "~test/database";
import { creditUser, member, membershipAdmin } from "~test/factories";
import { countPendingUpgrades, listPendingUpgrades, pendingUpgradeOf } from "./list-upgrades.server";
import { approveUpgrade } from "./process-upgrade.server";
import { cancelUpgrade, requestUpgrade } from "./request-upgrade.server";

const { db } = await openTestDatabase();

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
    expect(await countPendingUpgrades(db)).toBe(3);

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
