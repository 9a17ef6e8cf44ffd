import { eq, like, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { adverts, advertViews, ledgerTransfers } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances } from "~/domain/ledger/accounts.server";
import { moderateUser } from "~/domain/users/moderate-user.server";
import { openTestDatabase, usingPostgres } from "~test/database";
import { advertAdmin, longAgo, member, postAdvert } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { startAdvertView, type ClaimResult } from "./advert-views.server";
import { deleteAdvert } from "./manage-adverts.server";
import { claimAnswering } from "~test/claims";

// Real races need PostgreSQL (PGlite runs one transaction at a time, so there the same calls
// only prove the bookkeeping). With DATABASE_URL set, every Promise.all below puts up to 40
// claim transactions on the server at once.
const { db } = await openTestDatabase({ poolSize: 40 });
let admin: Actor;
beforeAll(async () => {
  admin = await advertAdmin(db, ["manage_adverts", "manage_users"]);
});
afterEach(async () => expectLedgerReconciled(db));

const countBy = (results: ClaimResult[]) =>
  results.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

const rewardTransfers = (advertId: string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `advert-view:${advertId}:%`));

/** "View Advert" long ago, then "Claim Reward"; a refused start is the outcome. */
async function openAndClaim(userId: string, advertId: string): Promise<ClaimResult> {
  const started = await startAdvertView(db, userId, advertId, longAgo());
  return started.status === "ok" ? claimAnswering(db, userId, advertId) : started;
}

const clicksOf = async (advertId: string) =>
  (await db.select({ n: adverts.currentClicks }).from(adverts).where(eq(adverts.id, advertId)))[0]!.n;

describe.runIf(usingPostgres())("racing claims on PostgreSQL", () => {
  it("last slot: 300 concurrent claims from 120 users on an advert with 10 slots → exactly 10 rewards, nobody paid twice", async () => {
    const members = await Promise.all(Array.from({ length: 120 }, () => member(db)));
    const advertId = await postAdvert(db, admin, { maxClicks: 10, rewardKobo: 2_500n });
    await Promise.all(members.map((m) => startAdvertView(db, m.id, advertId, longAgo())));

    const started = Date.now();
    const claimants = Array.from({ length: 300 }, (_, i) => members[(i * 7) % members.length]!);
    const results = await Promise.all(claimants.map((m) => claimAnswering(db, m.id, advertId)));
    const elapsed = Date.now() - started;

    const winners = claimants.filter((_, i) => results[i]!.status === "ok").map((m) => m.id);
    expect(winners).toHaveLength(10);
    expect(new Set(winners).size).toBe(10);
    expect(Object.keys(countBy(results)).sort()).toEqual(expect.arrayContaining(["ok"]));
    for (const r of results) expect(["ok", "no-slots", "already-claimed"]).toContain(r.status);
    expect(await clicksOf(advertId)).toBe(10);
    const transfers = await rewardTransfers(advertId);
    expect(transfers).toHaveLength(10);
    expect(transfers.reduce((sum, t) => sum + t.amountKobo, 0n)).toBe(25_000n);
    expect(
      await db.$count(advertViews, sql`${advertViews.advertId} = ${advertId} and ${advertViews.claimedAt} is not null`),
    ).toBe(10);
    for (const m of members) {
      expect((await balances(db, m.id)).availableKobo).toBe(winners.includes(m.id) ? 2_500n : 0n);
    }
    expect(elapsed).toBeLessThan(20_000);
  });

  it("earn once: one user, 50 concurrent claims on one advert → exactly 1 reward", async () => {
    const viewer = await member(db);
    const advertId = await postAdvert(db, admin, { maxClicks: 100, rewardKobo: 1_000n });
    await startAdvertView(db, viewer.id, advertId, longAgo());
    const results = await Promise.all(Array.from({ length: 50 }, () => claimAnswering(db, viewer.id, advertId)));
    expect(countBy(results)).toEqual({ ok: 1, "already-claimed": 49 });
    expect(await clicksOf(advertId)).toBe(1);
    expect(await rewardTransfers(advertId)).toHaveLength(1);
    expect((await balances(db, viewer.id)).availableKobo).toBe(1_000n);
  });

  it("one advert at a time: 20 adverts opened at once, then all claimed at once → exactly 1 reward", async () => {
    const viewer = await member(db);
    const ids = await Promise.all(Array.from({ length: 20 }, () => postAdvert(db, admin, { rewardKobo: 300n })));
    const starts = await Promise.all(ids.map((id) => startAdvertView(db, viewer.id, id, longAgo())));
    for (const s of starts) expect(s.status).toBe("ok");
    expect(await db.$count(advertViews, eq(advertViews.userId, viewer.id))).toBe(1);
    const results = await Promise.all(ids.map((id) => claimAnswering(db, viewer.id, id)));
    expect(countBy(results)).toEqual({ ok: 1, "not-started": 19 });
    expect((await balances(db, viewer.id)).availableKobo).toBe(300n);
  });

  it("daily limit: a user with limit 5 opens and claims 50 adverts concurrently → never more than 5", async () => {
    const viewer = await member(db); // Basic: 5 a day
    const ids = await Promise.all(Array.from({ length: 50 }, () => postAdvert(db, admin, { rewardKobo: 300n })));
    const results = await Promise.all(ids.map((id) => openAndClaim(viewer.id, id)));
    for (const r of results) expect(["ok", "not-started", "daily-limit"]).toContain(r.status);
    for (const r of results) if (r.status === "daily-limit") expect(r.limit).toBe(5);
    const ok = results.filter((r) => r.status === "ok").length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok).toBeLessThanOrEqual(5);
    expect((await balances(db, viewer.id)).availableKobo).toBe(BigInt(ok) * 300n);
    expect(
      await db.$count(advertViews, sql`${advertViews.userId} = ${viewer.id} and ${advertViews.claimedAt} is not null`),
    ).toBe(ok);
    const clicks = await db
      .select({ n: adverts.currentClicks })
      .from(adverts)
      .where(sql`${adverts.id} in ${ids}`);
    expect(clicks.reduce((sum, c) => sum + c.n, 0)).toBe(ok);
    // Opened and claimed one after another, the day fills to exactly 5.
    for (const id of ids) if ((await openAndClaim(viewer.id, id)).status === "daily-limit") break;
    expect((await balances(db, viewer.id)).availableKobo).toBe(1_500n);
  });

  it("a busy mix: 30 members × 8 small adverts all at once never exceeds a slot or a daily limit, and never deadlocks", async () => {
    const members = await Promise.all(Array.from({ length: 30 }, () => member(db)));
    const ids = await Promise.all(
      Array.from({ length: 8 }, () => postAdvert(db, admin, { maxClicks: 5, rewardKobo: 100n })),
    );
    const attempts = members.flatMap((m) => ids.map((id) => ({ m, id })));
    attempts.sort((a, b) => (a.m.id + a.id < b.m.id + b.id ? -1 : 1)); // an arbitrary interleaving
    const results = await Promise.all(attempts.map(({ m, id }) => openAndClaim(m.id, id)));
    for (const r of results) expect(["ok", "no-slots", "daily-limit", "not-started"]).toContain(r.status);
    const ok = results.filter((r) => r.status === "ok").length;
    for (const id of ids) expect(await clicksOf(id)).toBeLessThanOrEqual(5);
    let paid = 0n;
    for (const m of members) {
      const { availableKobo } = await balances(db, m.id);
      expect(availableKobo).toBeLessThanOrEqual(500n); // at most 5 rewards of ₦1.00
      paid += availableKobo;
    }
    expect(paid).toBe(BigInt(ok) * 100n);
    const clicks = await db
      .select({ n: adverts.currentClicks })
      .from(adverts)
      .where(sql`${adverts.id} in ${ids}`);
    expect(clicks.reduce((sum, c) => sum + c.n, 0)).toBe(ok);
    expect(ok).toBeGreaterThan(0);
  });

  it("a restriction racing a member's claims: each claim is paid before it or refused after it", async () => {
    const viewer = await member(db, { tier: "vip" });
    const ids = await Promise.all(Array.from({ length: 30 }, () => postAdvert(db, admin, { rewardKobo: 100n })));
    const claims = ids.map((id) => openAndClaim(viewer.id, id));
    const restriction = moderateUser(db, admin, viewer.id, "restrict", new URL("http://localhost:3000"));
    const results = await Promise.all(claims);
    expect(await restriction).toEqual({ status: "ok" });
    for (const r of results) expect(["ok", "not-approved", "not-started"]).toContain(r.status);
    const ok = results.filter((r) => r.status === "ok").length;
    expect((await balances(db, viewer.id)).availableKobo).toBe(BigInt(ok) * 100n);
    // Once restricted, nothing more is paid.
    const [late] = ids.filter((_, i) => results[i]!.status !== "ok");
    if (late) expect(await claimAnswering(db, viewer.id, late)).toEqual({ status: "not-approved" });
  });

  it("deleting an advert while members open and claim it: erased only if nobody got in, never paid after", async () => {
    for (let round = 0; round < 5; round++) {
      const members = await Promise.all(Array.from({ length: 10 }, () => member(db)));
      const advertId = await postAdvert(db, admin, { maxClicks: 5, rewardKobo: 100n });
      const starts = members.map((m) => startAdvertView(db, m.id, advertId, longAgo()));
      const deletion = deleteAdvert(db, admin, advertId);
      const startResults = await Promise.all(starts);
      const deleted = await deletion;
      if (deleted.status !== "erased" && deleted.status !== "deactivated") throw new Error(deleted.status);
      const opened = startResults.filter((r) => r.status === "ok").length;
      if (deleted.status === "erased") {
        expect(opened).toBe(0);
        expect(await db.$count(adverts, eq(adverts.id, advertId))).toBe(0);
      } else {
        expect(opened).toBeGreaterThan(0);
      }
      const claims = await Promise.all(members.map((m) => claimAnswering(db, m.id, advertId)));
      for (const c of claims) expect(["not-found", "not-started"]).toContain(c.status);
    }
  });
});

describe("the same claims on the embedded database (run one at a time there)", () => {
  it("earn once and the last slot hold when the calls are queued", async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => member(db)));
    const advertId = await postAdvert(db, admin, { maxClicks: 3 });
    await Promise.all(members.map((m) => startAdvertView(db, m.id, advertId, longAgo())));
    const results = await Promise.all(members.flatMap((m) => [m, m].map((x) => claimAnswering(db, x.id, advertId))));
    expect(results.filter((r) => r.status === "ok")).toHaveLength(3);
    expect(await clicksOf(advertId)).toBe(3);
    expect(await rewardTransfers(advertId)).toHaveLength(3);
  });
});
