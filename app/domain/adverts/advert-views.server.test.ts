import { and, eq, like, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "~/db/client.server";
import { adverts, advertViews, appSettings, ledgerTransfers, membershipTiers, users } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import {
  balances,
  platformAccountId,
  platformBalance as platformBalanceOf,
  seedPlatformAccounts,
} from "~/domain/ledger/accounts.server";
import { seedDefaultTiers } from "~/domain/memberships/default-tiers";
import { seedDefaultSettings } from "~/domain/settings/app-settings";
import { createTestDatabase, openTestDatabase } from "~test/database";
import { advertAdmin, createUser, longAgo, member, postAdvert, runningCampaign } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { advertBeingViewed, listAvailableAdverts, secondsLeft, startAdvertView } from "./advert-views.server";
import { userEarningsSummary } from "./earnings.server";
import { deleteAdvert, updateAdvert } from "./manage-adverts.server";
import { claimAnswering } from "~test/claims";

const { db } = await openTestDatabase();
let admin: Actor;
beforeAll(async () => {
  admin = await advertAdmin(db);
});
afterEach(async () => expectLedgerReconciled(db));

const at = (iso: string) => new Date(iso);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);
const available = async (userId: string) => (await balances(db, userId)).availableKobo;
const viewOf = async (advertId: string, userId: string) =>
  (
    await db
      .select()
      .from(advertViews)
      .where(and(eq(advertViews.advertId, advertId), eq(advertViews.userId, userId)))
  )[0];
const clicksOf = async (advertId: string) =>
  (await db.select({ n: adverts.currentClicks }).from(adverts).where(eq(adverts.id, advertId)))[0]?.n;
const transfersFor = (advertId: string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `advert-view:${advertId}:%`));

/** Starts a view long enough ago that it can be claimed now. */
async function ready(userId: string, advertId: string) {
  expect(await startAdvertView(db, userId, advertId, longAgo())).toMatchObject({ status: "ok" });
}

describe("listAvailableAdverts", () => {
  it("shows live adverts with slots left that the member has not been rewarded for, newest first", async () => {
    const viewer = await member(db);
    const other = await member(db);
    const older = await postAdvert(db, admin, { title: "Older" });
    const newer = await postAdvert(db, admin, { title: "Newer", imageUrl: "https://cdn.example.ng/n.png" });
    const full = await postAdvert(db, admin, { maxClicks: 1 });
    const deleted = await postAdvert(db, admin);
    await ready(other.id, full);
    await claimAnswering(db, other.id, full);
    await deleteAdvert(db, admin, deleted);

    const ids = (await listAvailableAdverts(db, viewer.id)).map((a) => a.id);
    expect(ids).toContain(older);
    expect(ids).toContain(newer);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids).not.toContain(full);
    expect(ids).not.toContain(deleted);
    expect((await listAvailableAdverts(db, viewer.id)).find((a) => a.id === newer)).toEqual({
      id: newer,
      title: "Newer",
      description: expect.any(String),
      rewardKobo: 2_500n,
      imageUrl: "https://cdn.example.ng/n.png",
      businessName: null,
      createdAt: expect.any(Date),
    });

    // Opening an advert keeps it listed; being rewarded for it removes it, for this member only.
    await ready(viewer.id, older);
    expect((await listAvailableAdverts(db, viewer.id)).map((a) => a.id)).toContain(older);
    expect(await claimAnswering(db, viewer.id, older)).toMatchObject({ status: "ok" });
    expect((await listAvailableAdverts(db, viewer.id)).map((a) => a.id)).not.toContain(older);
    expect((await listAvailableAdverts(db, other.id)).map((a) => a.id)).toContain(older);
  });

  it("names the business of a campaign's advert, on the list and on the advert's page", async () => {
    const viewer = await member(db);
    const { advertId } = await runningCampaign(
      db,
      admin,
      { title: "Jollof Friday" },
      { businessName: "Mama Put Kitchen" },
    );
    const listed = (await listAvailableAdverts(db, viewer.id)).find((a) => a.id === advertId);
    expect(listed).toMatchObject({ title: "Jollof Friday", businessName: "Mama Put Kitchen" });
    const started = await startAdvertView(db, viewer.id, advertId);
    expect(started).toMatchObject({
      status: "ok",
      advert: { title: "Jollof Friday", businessName: "Mama Put Kitchen" },
    });
    expect(await advertBeingViewed(db, viewer.id, advertId)).toMatchObject({
      status: "ok",
      advert: { businessName: "Mama Put Kitchen" },
    });
  });
});

describe("startAdvertView", () => {
  it("records the start once and returns the advert with the dwell time", async () => {
    const viewer = await member(db);
    const advertId = await postAdvert(db, admin, { title: "Peak Milk", rewardKobo: 1_050n });
    const t0 = at("2026-05-01T09:00:00Z");
    expect(await startAdvertView(db, viewer.id, advertId, t0)).toEqual({
      status: "ok",
      advert: {
        id: advertId,
        title: "Peak Milk",
        description: expect.any(String),
        rewardKobo: 1_050n,
        imageUrl: null,
        businessName: null,
      },
      dwellSeconds: 10,
      startedAt: t0,
      secondsLeft: 10,
      // The attention check comes only after the countdown, when a claim asks for it.
      check: null,
    });
    // Opening it again keeps the first start: the countdown continues, it does not restart.
    expect(await startAdvertView(db, viewer.id, advertId, plus(t0, 4_000))).toMatchObject({
      status: "ok",
      startedAt: t0,
      secondsLeft: 6,
    });
    expect(await startAdvertView(db, viewer.id, advertId, plus(t0, 60_000))).toMatchObject({ secondsLeft: 0 });
    expect(await db.$count(advertViews, eq(advertViews.advertId, advertId))).toBe(1);
    expect(await viewOf(advertId, viewer.id)).toMatchObject({
      startedAt: t0,
      claimedAt: null,
      rewardKobo: null,
      lagosDay: null,
    });
  });

  it("refuses a pending or restricted account, an admin, and a missing, deleted, full or already rewarded advert", async () => {
    const advertId = await postAdvert(db, admin, { maxClicks: 1 });
    const pending = await createUser(db, { isApproved: false });
    const restricted = await createUser(db, { isApproved: true, isRestricted: true });
    const restrictedPending = await createUser(db, { isApproved: false, isRestricted: true });
    for (const u of [pending, restricted, restrictedPending]) {
      expect(await startAdvertView(db, u.id, advertId)).toEqual({ status: "not-approved" });
    }
    expect(await startAdvertView(db, admin.id, advertId)).toEqual({ status: "not-member" });
    const viewer = await member(db);
    expect(await startAdvertView(db, viewer.id, "no-such-advert")).toEqual({ status: "not-found" });
    expect(await db.$count(advertViews, eq(advertViews.advertId, advertId))).toBe(0);

    await ready(viewer.id, advertId);
    await claimAnswering(db, viewer.id, advertId);
    expect(await startAdvertView(db, viewer.id, advertId)).toEqual({ status: "already-claimed" });
    expect(await startAdvertView(db, (await member(db)).id, advertId)).toEqual({ status: "no-slots" });
  });

  it("tells a member at their daily limit before they wait", async () => {
    const viewer = await member(db); // Basic: 5 a day
    const ids = await Promise.all(Array.from({ length: 6 }, () => postAdvert(db, admin)));
    for (const id of ids.slice(0, 5)) {
      await ready(viewer.id, id);
      expect(await claimAnswering(db, viewer.id, id)).toMatchObject({ status: "ok" });
    }
    expect(await startAdvertView(db, viewer.id, ids[5]!)).toEqual({ status: "daily-limit", limit: 5 });
  });
});

describe("one advert at a time", () => {
  it("starting three adverts and claiming all three after one dwell pays once: the last one started", async () => {
    const viewer = await member(db);
    const ids = [await postAdvert(db, admin), await postAdvert(db, admin), await postAdvert(db, admin)];
    const t0 = at("2026-05-01T09:00:00Z");
    for (const id of ids) expect(await startAdvertView(db, viewer.id, id, t0)).toMatchObject({ status: "ok" });
    const after = plus(t0, 10_000);
    const results = [];
    for (const id of ids) results.push((await claimAnswering(db, viewer.id, id, after)).status);
    expect(results).toEqual(["not-started", "not-started", "ok"]);
    expect(await available(viewer.id)).toBe(2_500n);
    // The earlier views are gone, not merely unpaid: opening one again starts its countdown anew.
    expect(await viewOf(ids[0]!, viewer.id)).toBeUndefined();
    expect(await viewOf(ids[1]!, viewer.id)).toBeUndefined();
  });

  it("a claim from the advert's page, whose view another advert ended, is view-ended", async () => {
    const viewer = await member(db);
    const [first, second] = [await postAdvert(db, admin), await postAdvert(db, admin)];
    const t0 = at("2026-05-04T09:00:00Z");
    await startAdvertView(db, viewer.id, first, t0);
    await startAdvertView(db, viewer.id, second, plus(t0, 2_000));
    const later = plus(t0, 15_000);
    expect(await claimAnswering(db, viewer.id, first, later, { fromViewPage: true })).toEqual({
      status: "view-ended",
    });
    // Not sent from its page (never shown in progress): the member is asked to open it first.
    expect(await claimAnswering(db, viewer.id, first, later)).toEqual({ status: "not-started" });
    // The page of the view in progress claims as ever; nothing else changes the outcome.
    expect(await claimAnswering(db, viewer.id, second, later, { fromViewPage: true })).toMatchObject({
      status: "ok",
    });
    expect(await claimAnswering(db, viewer.id, second, later, { fromViewPage: true })).toEqual({
      status: "already-claimed",
    });
    expect(await available(viewer.id)).toBe(2_500n);
  });

  it("a claim counts only the time since its own start, even after switching back", async () => {
    const viewer = await member(db);
    const first = await postAdvert(db, admin);
    const second = await postAdvert(db, admin);
    const t0 = at("2026-05-02T09:00:00Z");
    await startAdvertView(db, viewer.id, first, t0);
    await startAdvertView(db, viewer.id, second, plus(t0, 5_000));
    expect(await startAdvertView(db, viewer.id, first, plus(t0, 8_000))).toMatchObject({
      status: "ok",
      secondsLeft: 10,
    });
    expect(await claimAnswering(db, viewer.id, first, plus(t0, 10_000))).toMatchObject({
      status: "too-early",
      secondsLeft: 8,
    });
    expect(await claimAnswering(db, viewer.id, second, plus(t0, 15_000))).toEqual({ status: "not-started" });
    expect(await claimAnswering(db, viewer.id, first, plus(t0, 18_000))).toMatchObject({ status: "ok" });
    expect(await available(viewer.id)).toBe(2_500n);
  });

  it("opening the same advert again keeps its countdown, and a rewarded view is never ended", async () => {
    const viewer = await member(db);
    const first = await postAdvert(db, admin);
    const second = await postAdvert(db, admin);
    const t0 = at("2026-05-03T09:00:00Z");
    await startAdvertView(db, viewer.id, first, t0);
    expect(await startAdvertView(db, viewer.id, first, plus(t0, 6_000))).toMatchObject({
      startedAt: t0,
      secondsLeft: 4,
    });
    expect(await claimAnswering(db, viewer.id, first, plus(t0, 10_000))).toMatchObject({ status: "ok" });
    await startAdvertView(db, viewer.id, second, plus(t0, 11_000));
    expect(await viewOf(first, viewer.id)).toMatchObject({ claimedAt: plus(t0, 10_000), rewardKobo: 2_500n });
    expect(await startAdvertView(db, viewer.id, first, plus(t0, 12_000))).toEqual({ status: "already-claimed" });
  });

  it("members do not end each other's views", async () => {
    const [one, two] = [await member(db), await member(db)];
    const first = await postAdvert(db, admin);
    const second = await postAdvert(db, admin);
    await ready(one.id, first);
    await ready(two.id, second);
    expect(await claimAnswering(db, one.id, first)).toMatchObject({ status: "ok" });
    expect(await claimAnswering(db, two.id, second)).toMatchObject({ status: "ok" });
  });
});

describe("claimAdvertReward", () => {
  it("pays the reward once, in one transaction with the slot and the view, and the advert leaves the list", async () => {
    const viewer = await member(db);
    const advertId = await postAdvert(db, admin, { rewardKobo: 2_550n, maxClicks: 7 });
    const advertRewardsBefore = await platformBalance();
    const t0 = at("2026-05-02T10:00:00Z");
    await startAdvertView(db, viewer.id, advertId, t0);
    const claimedAt = plus(t0, 12_000);

    const result = await claimAnswering(db, viewer.id, advertId, claimedAt);
    expect(result).toEqual({
      status: "ok",
      rewardKobo: 2_550n,
      advertId,
      viewId: expect.any(String),
      transferId: expect.any(String),
    });
    expect(await available(viewer.id)).toBe(2_550n);
    expect(await platformBalance()).toBe(advertRewardsBefore - 2_550n);
    expect(await clicksOf(advertId)).toBe(1);
    expect(await viewOf(advertId, viewer.id)).toMatchObject({
      startedAt: t0,
      claimedAt,
      rewardKobo: 2_550n,
      lagosDay: "2026-05-02",
    });
    const [paid, ...more] = await transfersFor(advertId);
    expect(more).toEqual([]);
    expect(paid).toMatchObject({
      id: result.status === "ok" ? result.transferId : "",
      kind: "advert_reward",
      amountKobo: 2_550n,
      idempotencyKey: `advert-view:${advertId}:${viewer.id}`,
      referenceType: "advert_view",
      referenceId: result.status === "ok" ? result.viewId : "",
      debitAccountId: await platformAccountId(db, "advert_rewards"),
    });
    expect((await listAvailableAdverts(db, viewer.id)).map((a) => a.id)).not.toContain(advertId);

    // A second claim, at once or much later, is refused and moves nothing.
    expect(await claimAnswering(db, viewer.id, advertId, plus(claimedAt, 1))).toEqual({ status: "already-claimed" });
    expect(await claimAnswering(db, viewer.id, advertId)).toEqual({ status: "already-claimed" });
    expect(await available(viewer.id)).toBe(2_550n);
    expect(await clicksOf(advertId)).toBe(1);
    expect(await transfersFor(advertId)).toHaveLength(1);
  });

  it("needs a started view", async () => {
    const viewer = await member(db);
    const advertId = await postAdvert(db, admin);
    expect(await claimAnswering(db, viewer.id, advertId)).toEqual({ status: "not-started" });
    expect(await clicksOf(advertId)).toBe(0);
  });

  it("dwell boundary: refused until the dwell time has passed, to the millisecond", async () => {
    const viewer = await member(db);
    const advertId = await postAdvert(db, admin);
    const t0 = at("2026-05-03T08:00:00Z");
    await startAdvertView(db, viewer.id, advertId, t0);
    expect(await claimAnswering(db, viewer.id, advertId, t0)).toEqual({ status: "too-early", secondsLeft: 10 });
    expect(await claimAnswering(db, viewer.id, advertId, plus(t0, 3_200))).toEqual({
      status: "too-early",
      secondsLeft: 7,
    });
    expect(await claimAnswering(db, viewer.id, advertId, plus(t0, 9_999))).toEqual({
      status: "too-early",
      secondsLeft: 1,
    });
    // A clock that went backwards (another app server) is never "already waited".
    expect(await claimAnswering(db, viewer.id, advertId, plus(t0, -5_000))).toEqual({
      status: "too-early",
      secondsLeft: 10,
    });
    expect(await clicksOf(advertId)).toBe(0);
    expect(await available(viewer.id)).toBe(0n);
    expect(await claimAnswering(db, viewer.id, advertId, plus(t0, 10_000))).toMatchObject({ status: "ok" });
  });

  it("at the daily limit and before the dwell time: the daily limit is named, nothing is taken", async () => {
    const viewer = await member(db); // Basic: 5
    const ids = await Promise.all(Array.from({ length: 6 }, () => postAdvert(db, admin)));
    const t0 = at("2026-05-04T09:00:00Z");
    for (const id of ids.slice(0, 5)) {
      await startAdvertView(db, viewer.id, id, plus(t0, -60_000));
      expect(await claimAnswering(db, viewer.id, id, t0)).toMatchObject({ status: "ok" });
    }
    await db
      .insert(advertViews)
      .values({ id: `late-${viewer.id}`, advertId: ids[5]!, userId: viewer.id, startedAt: t0 });
    expect(await claimAnswering(db, viewer.id, ids[5]!, plus(t0, 2_000))).toEqual({
      status: "daily-limit",
      limit: 5,
    });
    expect(await clicksOf(ids[5]!)).toBe(0);
  });

  it("without a started view, names the member's own refusal first, then the advert's", async () => {
    const advertId = await postAdvert(db, admin);
    const pending = await createUser(db, { isApproved: false });
    expect(await claimAnswering(db, pending.id, advertId)).toEqual({ status: "not-approved" });
    expect(await claimAnswering(db, admin.id, advertId)).toEqual({ status: "not-member" });
    expect(await claimAnswering(db, "no-such-user", advertId)).toEqual({ status: "not-member" });
    const viewer = await member(db);
    const gone = await postAdvert(db, admin);
    await deleteAdvert(db, admin, gone);
    expect(await claimAnswering(db, viewer.id, gone)).toEqual({ status: "not-found" });
    expect(await claimAnswering(db, viewer.id, advertId)).toEqual({ status: "not-started" });
    expect(await clicksOf(advertId)).toBe(0);
  });

  it("the dwell time is the current setting", async () => {
    const viewer = await member(db);
    const advertId = await postAdvert(db, admin);
    const t0 = at("2026-05-03T09:00:00Z");
    await db.update(appSettings).set({ advertDwellSeconds: 30 });
    try {
      expect(await startAdvertView(db, viewer.id, advertId, t0)).toMatchObject({ dwellSeconds: 30, secondsLeft: 30 });
      expect(await claimAnswering(db, viewer.id, advertId, plus(t0, 10_000))).toEqual({
        status: "too-early",
        secondsLeft: 20,
      });
      expect(await claimAnswering(db, viewer.id, advertId, plus(t0, 30_000))).toMatchObject({ status: "ok" });
    } finally {
      await db.update(appSettings).set({ advertDwellSeconds: 10 });
    }
  });

  it("refuses a pending or restricted account (Account Not Approved) and an admin, paying nothing", async () => {
    const advertId = await postAdvert(db, admin);
    const restricted = await member(db);
    const unapproved = await member(db);
    await ready(restricted.id, advertId);
    await ready(unapproved.id, advertId);
    await db.update(users).set({ isRestricted: true }).where(eq(users.id, restricted.id));
    await db.update(users).set({ isApproved: false }).where(eq(users.id, unapproved.id));
    expect(await claimAnswering(db, restricted.id, advertId)).toEqual({ status: "not-approved" });
    expect(await claimAnswering(db, unapproved.id, advertId)).toEqual({ status: "not-approved" });
    expect(await claimAnswering(db, admin.id, advertId)).toEqual({ status: "not-member" });
    expect(await clicksOf(advertId)).toBe(0);
    expect(await available(restricted.id)).toBe(0n);
    expect(await available(unapproved.id)).toBe(0n);
    expect(await viewOf(advertId, restricted.id)).toMatchObject({ claimedAt: null });
  });

  it("refuses a missing or deleted advert", async () => {
    const viewer = await member(db);
    expect(await claimAnswering(db, viewer.id, "no-such-advert")).toEqual({ status: "not-found" });
    const advertId = await postAdvert(db, admin);
    await ready(viewer.id, advertId);
    await deleteAdvert(db, admin, advertId);
    expect(await claimAnswering(db, viewer.id, advertId)).toEqual({ status: "not-found" });
    expect(await available(viewer.id)).toBe(0n);
  });

  it("refuses when no clicks are left, including after an admin lowers max clicks", async () => {
    const [a, b, c] = await Promise.all([member(db), member(db), member(db)]);
    const advertId = await postAdvert(db, admin, { maxClicks: 1 });
    await ready(a.id, advertId);
    await ready(b.id, advertId);
    expect(await claimAnswering(db, a.id, advertId)).toMatchObject({ status: "ok" });
    expect(await claimAnswering(db, b.id, advertId)).toEqual({ status: "no-slots" });
    expect(await available(b.id)).toBe(0n);

    const other = await postAdvert(db, admin, { maxClicks: 5 });
    await ready(a.id, other);
    await ready(c.id, other);
    expect(await claimAnswering(db, a.id, other)).toMatchObject({ status: "ok" });
    const edited = await updateAdvert(db, admin, other, {
      title: "t",
      description: "d",
      rewardKobo: 2_500n,
      maxClicks: 1,
      imageUrl: null,
    });
    expect(edited).toEqual({ status: "ok", changed: true });
    expect(await claimAnswering(db, c.id, other)).toEqual({ status: "no-slots" });
    expect(await clicksOf(other)).toBe(1);
  });

  it("daily limit: the tier's daily_ad_views per Lagos day, named in the refusal, following tier changes", async () => {
    const viewer = await member(db, { tier: "bronze" }); // 10 a day
    const ids = await Promise.all(Array.from({ length: 8 }, () => postAdvert(db, admin)));
    const day = at("2026-06-10T12:00:00Z");
    const startBefore = async (id: string) =>
      expect(await startAdvertView(db, viewer.id, id, plus(day, -60_000))).toMatchObject({ status: "ok" });
    for (const id of ids.slice(0, 5)) {
      await startBefore(id);
      expect(await claimAnswering(db, viewer.id, id, day)).toMatchObject({ status: "ok" });
    }
    // Moved to Basic (5 a day) while viewing a sixth: the claim names the limit and takes nothing.
    await startBefore(ids[5]!);
    await db.update(users).set({ membershipTierId: "basic" }).where(eq(users.id, viewer.id));
    expect(await claimAnswering(db, viewer.id, ids[5]!, day)).toEqual({ status: "daily-limit", limit: 5 });
    expect(await clicksOf(ids[5]!)).toBe(0);
    expect(await available(viewer.id)).toBe(5n * 2_500n);
    expect(await startAdvertView(db, viewer.id, ids[6]!, day)).toEqual({ status: "daily-limit", limit: 5 });

    // An admin raises Basic to 6: one more today.
    await db.update(membershipTiers).set({ dailyAdViews: 6 }).where(eq(membershipTiers.id, "basic"));
    try {
      expect(await claimAnswering(db, viewer.id, ids[5]!, day)).toMatchObject({ status: "ok" });
      expect(await startAdvertView(db, viewer.id, ids[6]!, day)).toEqual({ status: "daily-limit", limit: 6 });
    } finally {
      await db.update(membershipTiers).set({ dailyAdViews: 5 }).where(eq(membershipTiers.id, "basic"));
    }
    // Back on Bronze (10 a day): the rest goes through.
    await db.update(users).set({ membershipTierId: "bronze" }).where(eq(users.id, viewer.id));
    for (const id of ids.slice(6)) {
      await startBefore(id);
      expect(await claimAnswering(db, viewer.id, id, day)).toMatchObject({ status: "ok" });
    }
  });

  it("default daily limits: Basic 5, Bronze 10, Silver 20, Gold 30, VIP 50", async () => {
    const tiers = await db.select({ id: membershipTiers.id, n: membershipTiers.dailyAdViews }).from(membershipTiers);
    expect(Object.fromEntries(tiers.map((t) => [t.id, t.n]))).toEqual({
      basic: 5,
      bronze: 10,
      silver: 20,
      gold: 30,
      vip: 50,
    });
    const bronze = await member(db, { tier: "bronze" });
    const ids = await Promise.all(Array.from({ length: 11 }, () => postAdvert(db, admin, { rewardKobo: 100n })));
    const results = [];
    for (const id of ids) {
      const started = await startAdvertView(db, bronze.id, id, longAgo());
      results.push(started.status === "ok" ? (await claimAnswering(db, bronze.id, id)).status : started.status);
    }
    expect(results).toEqual([...Array(10).fill("ok"), "daily-limit"]);
  });

  it("Lagos midnight (23:00 UTC) starts a new day: 23:59:59 Lagos is still full, 00:00 is not", async () => {
    const viewer = await member(db);
    const ids = await Promise.all(Array.from({ length: 7 }, () => postAdvert(db, admin, { rewardKobo: 100n })));
    const lateEvening = at("2026-07-20T22:00:00Z"); // 23:00 in Lagos on the 20th
    for (const [i, id] of ids.slice(0, 5).entries()) {
      await startAdvertView(db, viewer.id, id, plus(lateEvening, i * 60_000 - 20_000));
      expect(await claimAnswering(db, viewer.id, id, plus(lateEvening, i * 60_000))).toMatchObject({ status: "ok" });
    }
    expect(await startAdvertView(db, viewer.id, ids[5]!, at("2026-07-20T22:59:59.999Z"))).toEqual({
      status: "daily-limit",
      limit: 5,
    });
    expect(await startAdvertView(db, viewer.id, ids[5]!, at("2026-07-20T23:00:00.000Z"))).toMatchObject({
      status: "ok",
    });
    expect(await claimAnswering(db, viewer.id, ids[5]!, at("2026-07-20T23:00:10.000Z"))).toMatchObject({
      status: "ok",
    });
    await startAdvertView(db, viewer.id, ids[6]!, at("2026-07-20T23:01:00.000Z"));
    const days = await db
      .select({ day: advertViews.lagosDay, n: sql<number>`count(*)::int` })
      .from(advertViews)
      .where(eq(advertViews.userId, viewer.id))
      .groupBy(advertViews.lagosDay)
      .orderBy(advertViews.lagosDay);
    expect(days).toEqual([
      { day: "2026-07-20", n: 5 },
      { day: "2026-07-21", n: 1 },
      { day: null, n: 1 },
    ]);
    // A UTC-midnight boundary would be wrong: at 23:30 UTC on the 20th it is already the 21st in Lagos.
    expect(await userEarningsSummary(db, viewer.id, at("2026-07-20T23:30:00Z"))).toMatchObject({
      todayViews: 1,
      dailyLimit: 5,
    });
  });

  /**
   * A database of its own (these tests take away what every other test needs), with settings,
   * tiers, optionally the platform accounts, and one member's view of a one-slot advert started
   * long ago.
   */
  async function withStartedView(
    options: { platformAccounts: boolean },
    test: (db: Database, viewerId: string, advertId: string) => Promise<void>,
  ) {
    const bare = await createTestDatabase({ seed: false });
    try {
      await seedDefaultSettings(bare.db);
      await seedDefaultTiers(bare.db);
      if (options.platformAccounts) await seedPlatformAccounts(bare.db);
      const localAdmin = await advertAdmin(bare.db);
      const viewer = await member(bare.db);
      const advertId = await postAdvert(bare.db, localAdmin, { maxClicks: 1 });
      await startAdvertView(bare.db, viewer.id, advertId, longAgo());
      await test(bare.db, viewer.id, advertId);
    } finally {
      await bare.close();
    }
  }

  it("is all or nothing: when the payment cannot be posted, no slot is taken and the view stays unclaimed", async () => {
    // Settings and tiers but no platform accounts: the transfer throws inside the claim.
    await withStartedView({ platformAccounts: false }, async (db, viewerId, advertId) => {
      await expect(claimAnswering(db, viewerId, advertId)).rejects.toHaveProperty(
        "cause.message",
        expect.stringMatching(/no advert_rewards ledger account/),
      );
      const [row] = await db.select().from(adverts).where(eq(adverts.id, advertId));
      expect(row?.currentClicks).toBe(0);
      const [view] = await db.select().from(advertViews).where(eq(advertViews.advertId, advertId));
      expect(view).toMatchObject({ claimedAt: null, rewardKobo: null, lagosDay: null });
      // Once the books are open the same claim goes through.
      await seedPlatformAccounts(db);
      expect(await claimAnswering(db, viewerId, advertId)).toMatchObject({ status: "ok", rewardKobo: 2_500n });
      await expectLedgerReconciled(db);
    });
  });

  it("refuses to pay without the dwell-time setting rather than treating it as no wait", async () => {
    await withStartedView({ platformAccounts: true }, async (db, viewerId, advertId) => {
      await db.delete(appSettings);
      await expect(claimAnswering(db, viewerId, advertId)).rejects.toHaveProperty(
        "cause.message",
        expect.stringMatching(/no advert dwell time setting/),
      );
      const [row] = await db.select().from(adverts).where(eq(adverts.id, advertId));
      expect(row?.currentClicks).toBe(0);
      await expectLedgerReconciled(db);
    });
  });
});

describe("userEarningsSummary", () => {
  it("totals the member's advert earnings and views, and today's use of the daily limit", async () => {
    const viewer = await member(db, { tier: "silver" });
    const now = at("2026-08-01T10:00:00Z");
    expect(await userEarningsSummary(db, viewer.id, now)).toEqual({
      advertEarningsKobo: 0n,
      advertViews: 0,
      todayViews: 0,
      dailyLimit: 20,
      remainingToday: 20,
      achievements: [],
    });
    const rewards = [1_000n, 250n, 5n];
    for (const [i, rewardKobo] of rewards.entries()) {
      const id = await postAdvert(db, admin, { rewardKobo });
      await startAdvertView(db, viewer.id, id, plus(now, -48 * 3_600_000));
      // Two yesterday (Lagos), one today.
      await claimAnswering(db, viewer.id, id, i < 2 ? plus(now, -24 * 3_600_000) : now);
    }
    const opened = await postAdvert(db, admin);
    await startAdvertView(db, viewer.id, opened, now); // opened, not rewarded: not counted
    expect(await userEarningsSummary(db, viewer.id, now)).toEqual({
      advertEarningsKobo: 1_255n,
      advertViews: 3,
      todayViews: 1,
      dailyLimit: 20,
      remainingToday: 19,
      achievements: [],
    });
  });
});

/** The advert-rewards account's balance: the sum of its entries (platform accounts keep no cache). */
const platformBalance = () => platformBalanceOf(db, "advert_rewards");

describe("secondsLeft", () => {
  const start = new Date("2026-11-21T10:00:00Z");
  it("counts whole seconds up, never below 0 nor above the dwell time", () => {
    expect(secondsLeft(start, new Date("2026-11-21T10:00:00Z"), 10)).toBe(10);
    expect(secondsLeft(start, new Date("2026-11-21T10:00:09.001Z"), 10)).toBe(1);
    expect(secondsLeft(start, new Date("2026-11-21T10:00:10Z"), 10)).toBe(0);
    expect(secondsLeft(start, new Date("2026-11-21T09:59:00Z"), 10)).toBe(10); // a clock behind
  });
  it("refuses an unreadable start instead of reporting the wait as over", () => {
    expect(() => secondsLeft(new Date("not a date"), new Date(), 10)).toThrow(/invalid input/);
    expect(() => secondsLeft(start, new Date(), Number.NaN)).toThrow(/invalid input/);
  });
});

describe("advert_is_live, the one rule for a live advert", () => {
  it("is active and from starts_at up to, not including, ends_at (either may be absent)", async () => {
    const t = "2026-06-01T12:00:00Z";
    const cases: [boolean, string | null, string | null, boolean][] = [
      [true, null, null, true],
      [false, null, null, false],
      [true, t, null, true], // starts at this instant
      [true, "2026-06-01T12:00:00.001Z", null, false],
      [true, null, "2026-06-01T12:00:00.001Z", true],
      [true, null, t, false], // ends at this instant
      [false, "2026-05-01T00:00:00Z", "2026-07-01T00:00:00Z", false],
    ];
    for (const [active, startsAt, endsAt, live] of cases) {
      const [row] = rowsOf<{ live: boolean }>(
        await db.execute(
          sql`select advert_is_live(${active}, ${startsAt}::timestamptz, ${endsAt}::timestamptz, ${t}::timestamptz) as live`,
        ),
      );
      expect(row!.live, `${active} ${startsAt} ${endsAt}`).toBe(live);
    }
  });

  it("decides the listing, the opening and the claim alike", async () => {
    const viewer = await member(db);
    const now = Date.now();
    const hour = 60 * 60 * 1000;
    const dated = async (startsAt: Date | null, endsAt: Date | null) => {
      const id = await postAdvert(db, admin);
      await db.update(adverts).set({ startsAt, endsAt }).where(eq(adverts.id, id));
      return id;
    };
    const running = await dated(new Date(now - hour), new Date(now + 10 * 60 * 1000));
    const notYet = await dated(new Date(now + hour), null);
    const ended = await dated(new Date(now - hour), new Date(now - 1000));

    const listed = (await listAvailableAdverts(db, viewer.id)).map((a) => a.id);
    expect(listed).toContain(running);
    expect(listed).not.toContain(notYet);
    expect(listed).not.toContain(ended);
    expect((await startAdvertView(db, viewer.id, notYet)).status).toBe("not-found");
    expect((await startAdvertView(db, viewer.id, ended)).status).toBe("not-found");

    await ready(viewer.id, running);
    const endsAt = (await db.select({ e: adverts.endsAt }).from(adverts).where(eq(adverts.id, running)))[0]!.e!;
    expect((await claimAnswering(db, viewer.id, running, endsAt)).status).toBe("not-found");
    expect((await claimAnswering(db, viewer.id, running, plus(endsAt, -1))).status).toBe("ok");
  });

  it("is inlined by the planner, so a live-adverts query still uses the partial index on is_active", async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = rowsOf<{ "QUERY PLAN": string }>(
        await tx.execute(
          sql`explain select id from adverts where advert_is_live(is_active, starts_at, ends_at, now()) order by created_at desc limit 5`,
        ),
      );
      expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("adverts_live_created_idx");
    });
  });
});
