import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { adverts, advertViews, appSettings } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { correctAnswer } from "~test/claims";
import { openTestDatabase } from "~test/database";
import { advertAdmin, member, postAdvert } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { VISIBILITY_REPORT_CAP_MS } from "./advert-claim";
import { advertBeingViewed, claimAdvertReward, reportVisibility, startAdvertView } from "./advert-views.server";

const { db } = await openTestDatabase();
let admin: Actor;
beforeAll(async () => {
  admin = await advertAdmin(db);
});
afterEach(async () => expectLedgerReconciled(db));

/** The default dwell time (app_settings.advert_dwell_seconds of a new install). */
const DWELL_MS = 10_000;
const at = (iso: string) => new Date(iso);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

const viewOf = async (advertId: string, userId: string) =>
  (
    await db
      .select()
      .from(advertViews)
      .where(and(eq(advertViews.advertId, advertId), eq(advertViews.userId, userId)))
  )[0];
const clicksOf = async (advertId: string) =>
  (await db.select({ n: adverts.currentClicks }).from(adverts).where(eq(adverts.id, advertId)))[0]!.n;

/** A member who opened a new advert at `start`. */
async function viewing(start: Date) {
  const viewer = await member(db);
  const advertId = await postAdvert(db, admin);
  expect(await startAdvertView(db, viewer.id, advertId, start)).toMatchObject({
    status: "ok",
    dwellSeconds: DWELL_MS / 1000,
  });
  return { userId: viewer.id, advertId };
}

/** Runs `test` with the dwell time set to `seconds`, then sets the default back. */
async function withDwell(seconds: number, test: () => Promise<void>) {
  await db.update(appSettings).set({ advertDwellSeconds: seconds });
  try {
    await test();
  } finally {
    await db.update(appSettings).set({ advertDwellSeconds: DWELL_MS / 1000 });
  }
}

describe("a page that never reports its visibility", () => {
  it("is timed by the server alone: the check comes at the dwell time", async () => {
    const t0 = at("2026-07-01T09:00:00Z");
    const { userId, advertId } = await viewing(t0);
    expect(await claimAdvertReward(db, userId, advertId, plus(t0, DWELL_MS - 1))).toEqual({
      status: "too-early",
      secondsLeft: 1,
    });
    expect(await advertBeingViewed(db, userId, advertId, plus(t0, DWELL_MS))).toMatchObject({ secondsLeft: 0 });
    expect(await claimAdvertReward(db, userId, advertId, plus(t0, DWELL_MS))).toMatchObject({ status: "check" });
    expect(await viewOf(advertId, userId)).toMatchObject({ visibilityReported: false, visibleMs: 0 });
  });
});

describe("a page that reports its visibility", () => {
  it("counts only the time it was visible: hidden for a minute, the claim waits for the visible time", async () => {
    const t0 = at("2026-07-02T09:00:00Z");
    const { userId, advertId } = await viewing(t0);
    expect(await reportVisibility(db, userId, advertId, true, t0)).toEqual({ status: "ok", secondsLeft: 10 });
    expect(await reportVisibility(db, userId, advertId, false, plus(t0, 4_000))).toEqual({
      status: "ok",
      secondsLeft: 6,
    });
    expect(await viewOf(advertId, userId)).toMatchObject({
      visibilityReported: true,
      visibleMs: 4_000,
      visibleSince: null,
    });

    // The server's timer has run out, but the page was seen for only 4 s.
    expect(await claimAdvertReward(db, userId, advertId, plus(t0, DWELL_MS))).toEqual({
      status: "too-early",
      secondsLeft: 6,
    });
    expect(await advertBeingViewed(db, userId, advertId, plus(t0, 30_000))).toMatchObject({
      status: "ok",
      secondsLeft: 6,
      check: null,
    });

    // Visible again 60 s later: the hidden minute adds nothing.
    const back = plus(t0, 64_000);
    expect(await reportVisibility(db, userId, advertId, true, back)).toEqual({ status: "ok", secondsLeft: 6 });
    expect(await viewOf(advertId, userId)).toMatchObject({ visibleMs: 4_000, visibleSince: back });
    expect(await claimAdvertReward(db, userId, advertId, plus(back, 3_000))).toEqual({
      status: "too-early",
      secondsLeft: 3,
    });
    // The heartbeat 5 s later: 9 s seen.
    expect(await reportVisibility(db, userId, advertId, true, plus(back, 5_000))).toEqual({
      status: "ok",
      secondsLeft: 1,
    });
    expect(await viewOf(advertId, userId)).toMatchObject({ visibleMs: 9_000 });
    expect(await claimAdvertReward(db, userId, advertId, plus(back, 5_999))).toEqual({
      status: "too-early",
      secondsLeft: 1,
    });
    expect(await advertBeingViewed(db, userId, advertId, plus(back, 6_000))).toMatchObject({ secondsLeft: 0 });
    // 10 s seen: the check, and the right pick pays.
    expect(await claimAdvertReward(db, userId, advertId, plus(back, 6_000))).toMatchObject({ status: "check" });
    expect(
      await claimAdvertReward(db, userId, advertId, plus(back, 8_000), {
        answer: await correctAnswer(db, userId, advertId),
      }),
    ).toMatchObject({ status: "ok" });
  });

  it("one report adds at most the cap: a page silent for a minute after 'visible' counts ~10 s", async () => {
    expect(VISIBILITY_REPORT_CAP_MS).toBe(10_000);
    await withDwell(30, async () => {
      const t0 = at("2026-07-03T09:00:00Z");
      const viewer = await member(db);
      const advertId = await postAdvert(db, admin);
      expect(await startAdvertView(db, viewer.id, advertId, t0)).toMatchObject({ dwellSeconds: 30 });
      expect(await reportVisibility(db, viewer.id, advertId, true, t0)).toEqual({ status: "ok", secondsLeft: 30 });

      const minute = plus(t0, 60_000);
      expect(await claimAdvertReward(db, viewer.id, advertId, minute)).toEqual({
        status: "too-early",
        secondsLeft: 20,
      });
      expect(await advertBeingViewed(db, viewer.id, advertId, minute)).toMatchObject({ secondsLeft: 20 });
      // The page's next report, however late, is credited no more than the cap.
      expect(await reportVisibility(db, viewer.id, advertId, true, minute)).toEqual({
        status: "ok",
        secondsLeft: 20,
      });
      expect(await viewOf(advertId, viewer.id)).toMatchObject({
        visibleMs: VISIBILITY_REPORT_CAP_MS,
        visibleSince: minute,
      });
      // Heartbeats every 5 s from then on: 20 s more seen reaches the dwell time.
      for (let s = 5; s <= 20; s += 5) {
        await reportVisibility(db, viewer.id, advertId, true, plus(minute, s * 1000));
      }
      expect(await viewOf(advertId, viewer.id)).toMatchObject({ visibleMs: 30_000 });
      expect(await claimAdvertReward(db, viewer.id, advertId, plus(minute, 20_000))).toMatchObject({
        status: "check",
      });
    });
  });

  it("reports from two tabs every 2.5 s add up to the time that passed, not twice it", async () => {
    const t0 = at("2026-07-04T09:00:00Z");
    const { userId, advertId } = await viewing(t0);
    // Tabs A and B, both visible, each reporting every 5 s, half a beat apart.
    for (let i = 0; i <= 3; i++) {
      const now = plus(t0, i * 2_500);
      expect(await reportVisibility(db, userId, advertId, true, now)).toMatchObject({ status: "ok" });
      expect(await viewOf(advertId, userId)).toMatchObject({ visibleMs: i * 2_500, visibleSince: now });
    }
    expect(await claimAdvertReward(db, userId, advertId, plus(t0, 9_999))).toEqual({
      status: "too-early",
      secondsLeft: 1,
    });
    expect(await reportVisibility(db, userId, advertId, true, plus(t0, 10_000))).toEqual({
      status: "ok",
      secondsLeft: 0,
    });
    expect(await viewOf(advertId, userId)).toMatchObject({ visibleMs: 10_000 });
    // Same-instant reports from both tabs add nothing.
    await reportVisibility(db, userId, advertId, true, plus(t0, 10_000));
    expect(await viewOf(advertId, userId)).toMatchObject({ visibleMs: 10_000 });
    expect(await claimAdvertReward(db, userId, advertId, plus(t0, 10_000))).toMatchObject({ status: "check" });
  });

  it("the first report credits the time the page took to open, at most the cap", async () => {
    const t0 = at("2026-07-05T09:00:00Z");
    const slow = await viewing(t0);
    expect(await reportVisibility(db, slow.userId, slow.advertId, true, plus(t0, 3_000))).toEqual({
      status: "ok",
      secondsLeft: 7,
    });
    expect(await viewOf(slow.advertId, slow.userId)).toMatchObject({ visibleMs: 3_000 });
    // Only the first: a second report after a "hidden" one credits nothing for the gap.
    await reportVisibility(db, slow.userId, slow.advertId, false, plus(t0, 4_000));
    await reportVisibility(db, slow.userId, slow.advertId, true, plus(t0, 8_000));
    expect(await viewOf(slow.advertId, slow.userId)).toMatchObject({ visibleMs: 4_000 });

    // Opened hidden (a background tab): the opening time still counts, once.
    const background = await viewing(t0);
    expect(await reportVisibility(db, background.userId, background.advertId, false, plus(t0, 2_000))).toEqual({
      status: "ok",
      secondsLeft: 8,
    });
    expect(await viewOf(background.advertId, background.userId)).toMatchObject({
      visibleMs: 2_000,
      visibleSince: null,
    });

    const verySlow = await viewing(t0);
    expect(await reportVisibility(db, verySlow.userId, verySlow.advertId, true, plus(t0, 45_000))).toEqual({
      status: "ok",
      secondsLeft: 0,
    });
    expect(await viewOf(verySlow.advertId, verySlow.userId)).toMatchObject({ visibleMs: VISIBILITY_REPORT_CAP_MS });

    // A report stamped before the start (another server's clock) credits nothing.
    const early = await viewing(t0);
    expect(await reportVisibility(db, early.userId, early.advertId, true, plus(t0, -5_000))).toEqual({
      status: "ok",
      secondsLeft: 10,
    });
    expect(await viewOf(early.advertId, early.userId)).toMatchObject({ visibleMs: 0 });
  });
});

describe("reports that change nothing", () => {
  it("about a view never started, ended by another advert, or claimed: not-started", async () => {
    const t0 = at("2026-07-06T09:00:00Z");
    const viewer = await member(db);
    const [never, ended, claimed] = [
      await postAdvert(db, admin),
      await postAdvert(db, admin),
      await postAdvert(db, admin),
    ];
    expect(await reportVisibility(db, viewer.id, never, true, t0)).toEqual({ status: "not-started" });
    expect(await viewOf(never, viewer.id)).toBeUndefined();

    await startAdvertView(db, viewer.id, ended, t0);
    await startAdvertView(db, viewer.id, claimed, plus(t0, 1_000));
    expect(await reportVisibility(db, viewer.id, ended, true, plus(t0, 2_000))).toEqual({ status: "not-started" });
    expect(await viewOf(ended, viewer.id)).toBeUndefined();

    const due = plus(t0, 1_000 + DWELL_MS);
    expect(await claimAdvertReward(db, viewer.id, claimed, due)).toMatchObject({ status: "check" });
    expect(
      await claimAdvertReward(db, viewer.id, claimed, due, { answer: await correctAnswer(db, viewer.id, claimed) }),
    ).toMatchObject({ status: "ok" });
    const before = await viewOf(claimed, viewer.id);
    for (const visible of [true, false]) {
      expect(await reportVisibility(db, viewer.id, claimed, visible, plus(due, 5_000))).toEqual({
        status: "not-started",
      });
    }
    expect(await viewOf(claimed, viewer.id)).toEqual(before);
    // Someone else's view of the same advert is not theirs to report on.
    const other = await member(db);
    expect(await reportVisibility(db, other.id, claimed, true, due)).toEqual({ status: "not-started" });
  });

  it("after the check was issued: the visible time stands and the check is still answered", async () => {
    const t0 = at("2026-07-07T09:00:00Z");
    const { userId, advertId } = await viewing(t0);
    await reportVisibility(db, userId, advertId, true, t0);
    await reportVisibility(db, userId, advertId, true, plus(t0, 5_000));
    await reportVisibility(db, userId, advertId, true, plus(t0, 10_000));
    const due = plus(t0, DWELL_MS);
    const asked = await claimAdvertReward(db, userId, advertId, due);
    expect(asked).toMatchObject({ status: "check" });
    const before = await viewOf(advertId, userId);
    expect(before).toMatchObject({ visibleMs: 10_000, visibleSince: due, checkIssuedAt: due });

    // Hidden, then a late "visible": nothing is recorded, and nothing makes the claim wait again.
    expect(await reportVisibility(db, userId, advertId, false, plus(due, 1_000))).toEqual({ status: "not-started" });
    expect(await reportVisibility(db, userId, advertId, true, plus(due, 60_000))).toEqual({ status: "not-started" });
    expect(await viewOf(advertId, userId)).toEqual(before);
    expect(await claimAdvertReward(db, userId, advertId, plus(due, 60_000))).toEqual(asked);
    expect(
      await claimAdvertReward(db, userId, advertId, plus(due, 61_000), {
        answer: await correctAnswer(db, userId, advertId),
      }),
    ).toMatchObject({ status: "ok" });
    expect(await clicksOf(advertId)).toBe(1);
  });
});
