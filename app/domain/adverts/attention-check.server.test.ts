import { reviewCluster } from "~/domain/risk-review/review-queue.server";
import { and, eq, isNotNull, like, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { adverts, advertViews, emails, ledgerTransfers, riskClusters, users } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances } from "~/domain/ledger/accounts.server";
import { newId } from "~/domain/shared/ids";
import { lagosDay } from "~/lib/lagos-time";
import { correctAnswer } from "~test/claims";
import { createTestDatabase, openTestDatabase } from "~test/database";
import { advertAdmin, createUser, longAgo, member, postAdvert } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import {
  advertBeingViewed,
  claimAdvertReward,
  listAvailableAdverts,
  startAdvertView,
  type ClaimResult,
} from "./advert-views.server";
import { type AttentionCheck, STAND_IN_TITLES, TITLE_QUESTION } from "./attention-check";
import { deleteAdvert } from "./manage-adverts.server";

// A pool, so that the Promise.all races below really run side by side on PostgreSQL.
const { db } = await openTestDatabase({ poolSize: 10 });
let admin: Actor;
let riskAdmin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await advertAdmin(db);
  riskAdmin = await createUser(db, { role: "admin", permissions: ["review_risk"] });
});
afterEach(async () => expectLedgerReconciled(db));

/** The default dwell time (app_settings.advert_dwell_seconds of a new install). */
const DWELL_MS = 10_000;
const at = (iso: string) => new Date(iso);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

const viewOf = async (database: Database, advertId: string, userId: string) =>
  (
    await database
      .select()
      .from(advertViews)
      .where(and(eq(advertViews.advertId, advertId), eq(advertViews.userId, userId)))
  )[0];
const clicksOf = async (database: Database, advertId: string) =>
  (await database.select({ n: adverts.currentClicks }).from(adverts).where(eq(adverts.id, advertId)))[0]!.n;
const rewardTransfers = (database: Database, advertId: string) =>
  database
    .select()
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `advert-view:${advertId}:%`));
const available = async (database: Database, userId: string) => (await balances(database, userId)).availableKobo;

/** Opens the advert at `start` and claims at the end of the dwell time: the attention check. */
async function checkAfterDwell(
  userId: string,
  advertId: string,
  start: Date,
  database: Database = db,
): Promise<AttentionCheck> {
  expect(await startAdvertView(database, userId, advertId, start)).toMatchObject({ status: "ok" });
  const result = await claimAdvertReward(database, userId, advertId, plus(start, DWELL_MS));
  if (result.status !== "check") throw new Error(`expected the attention check, got ${result.status}`);
  return result.check;
}

/** A choice other than the right one. */
const wrongAnswer = async (userId: string, advertId: string) => ((await correctAnswer(db, userId, advertId)) + 1) % 4;

/** Opens the advert at `start`, waits the dwell time and picks a wrong choice. */
async function failCheck(userId: string, advertId: string, start: Date): Promise<ClaimResult> {
  await checkAfterDwell(userId, advertId, start);
  return claimAdvertReward(db, userId, advertId, plus(start, DWELL_MS + 2_000), {
    answer: await wrongAnswer(userId, advertId),
  });
}

/** "A member to review" mails to the review_risk holder about this member. */
const reviewMailsAbout = async (displayId: string) =>
  (await db.select().from(emails).where(eq(emails.toAddress, riskAdmin.email))).filter(
    (m) => m.subject === "A member to review" && m.textBody.includes(displayId),
  );

const clusterOf = async (userId: string) => {
  const [row] = await db
    .select({ clusterId: users.riskClusterId, status: riskClusters.status })
    .from(users)
    .leftJoin(riskClusters, eq(riskClusters.id, users.riskClusterId))
    .where(eq(users.id, userId));
  return row!;
};

describe("the check comes only after the countdown", () => {
  it("before the dwell time a claim is too-early and nothing is asked or stored, even with an answer", async () => {
    const viewer = await member(db);
    const advertId = await postAdvert(db, admin, { title: "Peak Milk" });
    const t0 = at("2026-06-01T09:00:00Z");
    expect(await startAdvertView(db, viewer.id, advertId, t0)).toMatchObject({ status: "ok", check: null });

    expect(await claimAdvertReward(db, viewer.id, advertId, plus(t0, 4_000))).toEqual({
      status: "too-early",
      secondsLeft: 6,
    });
    expect(await claimAdvertReward(db, viewer.id, advertId, plus(t0, DWELL_MS - 1), { answer: 0 })).toEqual({
      status: "too-early",
      secondsLeft: 1,
    });
    expect(await viewOf(db, advertId, viewer.id)).toMatchObject({
      checkIssuedAt: null,
      checkQuestion: null,
      checkChoices: null,
      checkAnswerIndex: null,
      checkResult: null,
      claimedAt: null,
    });
    expect(await advertBeingViewed(db, viewer.id, advertId, plus(t0, 5_000))).toMatchObject({
      status: "ok",
      secondsLeft: 5,
      check: null,
    });
    expect(await startAdvertView(db, viewer.id, advertId, plus(t0, 5_000))).toMatchObject({ check: null });
    expect(await clicksOf(db, advertId)).toBe(0);
    expect(await rewardTransfers(db, advertId)).toHaveLength(0);
  });
});

describe("the default check", () => {
  it("asks for the advert's title among live adverts' titles (topped up with stand-ins), once, paying nothing", async () => {
    // A database of its own: here the other live adverts are exactly the ones made below.
    const own = await createTestDatabase({ poolSize: 2 });
    try {
      const localAdmin = await advertAdmin(own.db);
      const viewer = await member(own.db);
      const advertId = await postAdvert(own.db, localAdmin, { title: "Peak Milk" });
      await postAdvert(own.db, localAdmin, { title: "Indomie Noodles" });
      await postAdvert(own.db, localAdmin, { title: "Dangote Cement" });
      // The same title as the answer (case and spaces aside) is never a wrong choice.
      await postAdvert(own.db, localAdmin, { title: " PEAK milk " });
      // Not live: deleted (retired after a view), deactivated, and a campaign that has ended.
      const retired = await postAdvert(own.db, localAdmin, { title: "Retired Advert" });
      await startAdvertView(own.db, (await member(own.db)).id, retired);
      expect(await deleteAdvert(own.db, localAdmin, retired)).toEqual({ status: "deactivated" });
      const inactive = await postAdvert(own.db, localAdmin, { title: "Inactive Advert" });
      await own.db.update(adverts).set({ isActive: false }).where(eq(adverts.id, inactive));
      const ended = await postAdvert(own.db, localAdmin, { title: "Ended Campaign" });
      await own.db
        .update(adverts)
        .set({ startsAt: at("2020-01-01T00:00:00Z"), endsAt: at("2020-02-01T00:00:00Z") })
        .where(eq(adverts.id, ended));

      const t0 = new Date(Date.now() - 60_000);
      const check = await checkAfterDwell(viewer.id, advertId, t0, own.db);
      expect(check.question).toBe(TITLE_QUESTION);
      expect(check.choices).toHaveLength(4);
      // Two other live titles, so one stand-in; none of the adverts that do not run.
      expect([...check.choices].sort()).toEqual(
        ["Dangote Cement", "Indomie Noodles", "Peak Milk", STAND_IN_TITLES[0]].sort(),
      );
      expect(check.choices[await correctAnswer(own.db, viewer.id, advertId)]).toBe("Peak Milk");

      // Asked again (with no answer, or one out of range): the same check, in the same order.
      const later = plus(t0, DWELL_MS + 30_000);
      for (const answer of [undefined, null, 4, -1]) {
        expect(await claimAdvertReward(own.db, viewer.id, advertId, later, { answer })).toEqual({
          status: "check",
          check,
        });
      }
      expect(await advertBeingViewed(own.db, viewer.id, advertId, later)).toMatchObject({
        status: "ok",
        secondsLeft: 0,
        check,
      });
      expect(await startAdvertView(own.db, viewer.id, advertId, later)).toMatchObject({ status: "ok", check });
      expect(await viewOf(own.db, advertId, viewer.id)).toMatchObject({
        checkQuestion: TITLE_QUESTION,
        checkChoices: check.choices,
        checkIssuedAt: plus(t0, DWELL_MS),
        checkResult: null,
        claimedAt: null,
      });
      // Nothing paid and no slot taken by being asked.
      expect(await clicksOf(own.db, advertId)).toBe(0);
      expect(await rewardTransfers(own.db, advertId)).toHaveLength(0);
      expect(await available(own.db, viewer.id)).toBe(0n);
      await expectLedgerReconciled(own.db);
    } finally {
      await own.close();
    }
    // A migrated database of its own takes a while on PGlite.
  }, 60_000);

  it("uses other live adverts' titles when there are enough of them", async () => {
    const viewer = await member(db);
    await Promise.all([1, 2, 3].map((n) => postAdvert(db, admin, { title: `Other live ${n}` })));
    const advertId = await postAdvert(db, admin, { title: "Glo Data Bundles" });
    const check = await checkAfterDwell(viewer.id, advertId, at("2026-06-02T09:00:00Z"));
    const live = (await db.select({ title: adverts.title }).from(adverts).where(eq(adverts.isActive, true))).map(
      (a) => a.title,
    );
    expect(check.choices.filter((c) => c === "Glo Data Bundles")).toHaveLength(1);
    for (const choice of check.choices) expect(live).toContain(choice);
    for (const standIn of STAND_IN_TITLES) expect(check.choices).not.toContain(standIn);
  });
});

describe("answering the check", () => {
  it("the right choice pays once and records the check passed", async () => {
    const viewer = await member(db);
    const advertId = await postAdvert(db, admin, { rewardKobo: 1_500n });
    const t0 = at("2026-06-03T09:00:00Z");
    const check = await checkAfterDwell(viewer.id, advertId, t0);
    const answer = await correctAnswer(db, viewer.id, advertId);
    const answeredAt = plus(t0, DWELL_MS + 5_000);

    const result = await claimAdvertReward(db, viewer.id, advertId, answeredAt, { answer });
    expect(result).toMatchObject({ status: "ok", rewardKobo: 1_500n, advertId });
    expect(await available(db, viewer.id)).toBe(1_500n);
    expect(await clicksOf(db, advertId)).toBe(1);
    expect(await rewardTransfers(db, advertId)).toHaveLength(1);
    expect(await viewOf(db, advertId, viewer.id)).toMatchObject({
      claimedAt: answeredAt,
      checkResult: "passed",
      checkAnsweredAt: answeredAt,
      checkFailedDay: null,
      checkChoices: check.choices,
    });

    for (const options of [{ answer }, {}, { answer: (answer + 1) % 4 }]) {
      expect(await claimAdvertReward(db, viewer.id, advertId, plus(answeredAt, 1_000), options)).toEqual({
        status: "already-claimed",
      });
    }
    expect(await available(db, viewer.id)).toBe(1_500n);
    expect(await clicksOf(db, advertId)).toBe(1);
    expect(await viewOf(db, advertId, viewer.id)).toMatchObject({ checkResult: "passed", checkFailedDay: null });
  });

  it("a wrong choice voids the view: nothing paid, no slot taken, the advert is not offered again", async () => {
    const viewer = await member(db);
    const bystander = await member(db);
    const advertId = await postAdvert(db, admin, { maxClicks: 1 });
    const t0 = at("2026-06-04T09:00:00Z");
    await checkAfterDwell(viewer.id, advertId, t0);
    const right = await correctAnswer(db, viewer.id, advertId);
    const answeredAt = plus(t0, DWELL_MS + 3_000);

    expect(
      await claimAdvertReward(db, viewer.id, advertId, answeredAt, { answer: (right + 1) % 4, fromViewPage: true }),
    ).toEqual({ status: "check-failed" });
    expect(await available(db, viewer.id)).toBe(0n);
    expect(await rewardTransfers(db, advertId)).toHaveLength(0);
    expect(await clicksOf(db, advertId)).toBe(0);
    expect(await viewOf(db, advertId, viewer.id)).toMatchObject({
      claimedAt: null,
      rewardKobo: null,
      lagosDay: null,
      checkResult: "failed",
      checkAnsweredAt: answeredAt,
      checkFailedDay: lagosDay(answeredAt),
    });

    // Gone from the member's list (the other member still sees it), and refused when opened.
    expect((await listAvailableAdverts(db, viewer.id, { limit: 200 })).map((a) => a.id)).not.toContain(advertId);
    expect((await listAvailableAdverts(db, bystander.id, { limit: 200 })).map((a) => a.id)).toContain(advertId);
    expect(await startAdvertView(db, viewer.id, advertId, plus(answeredAt, 1_000))).toEqual({
      status: "check-failed",
    });
    expect(await advertBeingViewed(db, viewer.id, advertId, plus(answeredAt, 1_000))).toEqual({
      status: "check-failed",
    });

    // Opening another advert ends views in progress, but the voided one stays.
    const next = await postAdvert(db, admin);
    expect(await startAdvertView(db, viewer.id, next, plus(answeredAt, 2_000))).toMatchObject({ status: "ok" });
    expect(await viewOf(db, advertId, viewer.id)).toMatchObject({ checkResult: "failed" });
    expect(await startAdvertView(db, viewer.id, advertId, plus(answeredAt, 3_000))).toEqual({
      status: "check-failed",
    });

    // Claimed again, even with the right choice: still check-failed, counted once.
    for (const options of [{ answer: right }, {}, { answer: (right + 1) % 4 }]) {
      expect(await claimAdvertReward(db, viewer.id, advertId, plus(answeredAt, 60_000), options)).toEqual({
        status: "check-failed",
      });
    }
    expect(await viewOf(db, advertId, viewer.id)).toMatchObject({
      checkResult: "failed",
      checkAnsweredAt: answeredAt,
      checkFailedDay: lagosDay(answeredAt),
    });
    expect(
      await db.$count(advertViews, and(eq(advertViews.userId, viewer.id), isNotNull(advertViews.checkFailedDay))),
    ).toBe(1);
    expect(await available(db, viewer.id)).toBe(0n);
    expect(await clicksOf(db, advertId)).toBe(0);

    // The slot it never took is still there for someone else.
    await checkAfterDwell(bystander.id, advertId, t0);
    expect(
      await claimAdvertReward(db, bystander.id, advertId, answeredAt, {
        answer: await correctAnswer(db, bystander.id, advertId),
      }),
    ).toMatchObject({ status: "ok" });
    expect(await clicksOf(db, advertId)).toBe(1);
  });
});

describe("a check once asked stays with its view", () => {
  it("opening another advert keeps it, and the advert's page asks the same question again", async () => {
    const viewer = await member(db);
    const [asked, other] = await Promise.all([postAdvert(db, admin), postAdvert(db, admin)]);
    expect((await startAdvertView(db, viewer.id, asked!, longAgo())).status).toBe("ok");
    const first = await claimAdvertReward(db, viewer.id, asked!);
    expect(first.status).toBe("check");
    // Another advert: its view starts, the asked one is not ended (no new choices to compare).
    expect((await startAdvertView(db, viewer.id, other!)).status).toBe("ok");
    expect(await advertBeingViewed(db, viewer.id, asked!)).toMatchObject({
      status: "ok",
      check: first.status === "check" ? first.check : null,
    });
    expect(await claimAdvertReward(db, viewer.id, asked!)).toEqual(first);
    expect(
      await claimAdvertReward(db, viewer.id, asked!, new Date(), {
        answer: await correctAnswer(db, viewer.id, asked!),
      }),
    ).toMatchObject({ status: "ok" });
  });
});

describe("wrong picks flag a member for review", () => {
  it("the third wrong pick on one Lagos day opens a cluster of the member's own and mails review_risk holders", async () => {
    const viewer = await member(db);
    const ids = await Promise.all([1, 2, 3, 4].map(() => postAdvert(db, admin)));
    // Lagos (UTC+1) 2026-06-05 runs from 2026-06-04T23:00Z to 2026-06-05T23:00Z.
    const starts = ["2026-06-04T23:10:00Z", "2026-06-05T12:00:00Z", "2026-06-05T22:40:00Z", "2026-06-05T22:45:00Z"];

    expect(await failCheck(viewer.id, ids[0]!, at(starts[0]!))).toEqual({ status: "check-failed" });
    expect(await failCheck(viewer.id, ids[1]!, at(starts[1]!))).toEqual({ status: "check-failed" });
    // Two: not yet, however often the voided views are claimed again.
    for (const id of ids.slice(0, 2)) {
      expect(await claimAdvertReward(db, viewer.id, id, at(starts[1]!), { answer: 0 })).toEqual({
        status: "check-failed",
      });
    }
    expect(await clusterOf(viewer.id)).toEqual({ clusterId: null, status: null });
    expect(await reviewMailsAbout(viewer.displayId)).toHaveLength(0);

    expect(await failCheck(viewer.id, ids[2]!, at(starts[2]!))).toEqual({ status: "check-failed" });
    const flagged = await clusterOf(viewer.id);
    expect(flagged).toEqual({ clusterId: expect.any(String), status: "open" });
    expect(await db.$count(users, eq(users.riskClusterId, flagged.clusterId!))).toBe(1);
    const mails = await reviewMailsAbout(viewer.displayId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain("3 attention checks");

    // A fourth wrong pick: the cluster is open already, nobody is mailed again.
    expect(await failCheck(viewer.id, ids[3]!, at(starts[3]!))).toEqual({ status: "check-failed" });
    expect(await clusterOf(viewer.id)).toEqual(flagged);
    expect(await reviewMailsAbout(viewer.displayId)).toHaveLength(1);
    // The review shows the member's wrong answers of the last week (and none a week after).
    const review = async (iso: string) => (await reviewCluster(db, flagged.clusterId!, at(iso)))?.accounts[0];
    expect(await review("2026-06-06T10:00:00Z")).toMatchObject({ id: viewer.id, failedChecks: 4 });
    expect(await review("2026-06-20T10:00:00Z")).toMatchObject({ id: viewer.id, failedChecks: 0 });
  });

  it("wrong picks on different Lagos days do not add up", async () => {
    const viewer = await member(db);
    const ids = await Promise.all([1, 2, 3, 4].map(() => postAdvert(db, admin)));
    // 22:30Z is still 2026-06-10 in Lagos; 23:30Z is already 2026-06-11.
    const starts = ["2026-06-10T09:00:00Z", "2026-06-10T22:30:00Z", "2026-06-10T23:30:00Z", "2026-06-11T10:00:00Z"];
    for (const [i, id] of ids.entries()) {
      expect(await failCheck(viewer.id, id, at(starts[i]!))).toEqual({ status: "check-failed" });
    }
    const days = await db
      .select({ day: advertViews.checkFailedDay })
      .from(advertViews)
      .where(eq(advertViews.userId, viewer.id));
    expect(days.map((d) => d.day).sort()).toEqual(["2026-06-10", "2026-06-10", "2026-06-11", "2026-06-11"]);
    expect(await clusterOf(viewer.id)).toEqual({ clusterId: null, status: null });
    expect(await reviewMailsAbout(viewer.displayId)).toHaveLength(0);
  });

  it("opens a member's existing clear cluster; a member whose cluster is open already is not mailed again", async () => {
    const stamp = at("2026-06-01T00:00:00Z");
    const [clearId, openId] = [newId(), newId()];
    await db.insert(riskClusters).values([
      { id: clearId, status: "clear", createdAt: stamp, updatedAt: stamp },
      { id: openId, status: "open", openedAt: stamp, createdAt: stamp, updatedAt: stamp },
    ]);
    const inClear = await member(db);
    const inOpen = await member(db);
    await db.update(users).set({ riskClusterId: clearId }).where(eq(users.id, inClear.id));
    await db.update(users).set({ riskClusterId: openId }).where(eq(users.id, inOpen.id));

    for (const viewer of [inClear, inOpen]) {
      for (const hour of [10, 11, 12]) {
        const advertId = await postAdvert(db, admin);
        const start = at(`2026-06-12T${hour}:00:00Z`);
        expect(await failCheck(viewer.id, advertId, start)).toEqual({ status: "check-failed" });
      }
    }
    expect(await clusterOf(inClear.id)).toEqual({ clusterId: clearId, status: "open" });
    expect(await reviewMailsAbout(inClear.displayId)).toHaveLength(1);
    expect(await clusterOf(inOpen.id)).toEqual({ clusterId: openId, status: "open" });
    expect(await reviewMailsAbout(inOpen.displayId)).toHaveLength(0);
  });
});

describe("an advert's own check", () => {
  it("asks its question among exactly its answer and three wrong answers", async () => {
    const viewer = await member(db);
    const advertId = await postAdvert(db, admin, { title: "Peak Milk" });
    await db
      .update(adverts)
      .set({
        checkQuestion: "What colour is the tin?",
        checkAnswer: "Blue",
        checkWrongAnswers: ["Red", "Green", "Yellow"],
      })
      .where(eq(adverts.id, advertId));
    const check = await checkAfterDwell(viewer.id, advertId, at("2026-06-13T09:00:00Z"));
    expect(check.question).toBe("What colour is the tin?");
    expect([...check.choices].sort()).toEqual(["Blue", "Green", "Red", "Yellow"]);
    expect(await correctAnswer(db, viewer.id, advertId)).toBe(check.choices.indexOf("Blue"));
    expect(
      await claimAdvertReward(db, viewer.id, advertId, at("2026-06-13T09:01:00Z"), {
        answer: check.choices.indexOf("Blue"),
      }),
    ).toMatchObject({ status: "ok" });
    expect(await viewOf(db, advertId, viewer.id)).toMatchObject({
      checkQuestion: "What colour is the tin?",
      checkResult: "passed",
    });
  });
});

describe("racing claims", () => {
  it("concurrent first claims after the dwell all get the one check stored; concurrent right answers pay once", async () => {
    const viewer = await member(db);
    const advertId = await postAdvert(db, admin, { rewardKobo: 700n });
    const t0 = at("2026-06-14T09:00:00Z");
    await startAdvertView(db, viewer.id, advertId, t0);
    const after = plus(t0, DWELL_MS);

    const asked = await Promise.all(Array.from({ length: 6 }, () => claimAdvertReward(db, viewer.id, advertId, after)));
    const stored = await viewOf(db, advertId, viewer.id);
    for (const result of asked) {
      expect(result).toEqual({
        status: "check",
        check: { question: TITLE_QUESTION, choices: stored!.checkChoices },
      });
    }
    expect(await db.$count(advertViews, eq(advertViews.advertId, advertId))).toBe(1);

    const answer = stored!.checkAnswerIndex!;
    const answered = await Promise.all(
      Array.from({ length: 6 }, () => claimAdvertReward(db, viewer.id, advertId, plus(after, 1_000), { answer })),
    );
    expect(answered.map((r) => r.status).sort()).toEqual([
      "already-claimed",
      "already-claimed",
      "already-claimed",
      "already-claimed",
      "already-claimed",
      "ok",
    ]);
    expect(await rewardTransfers(db, advertId)).toHaveLength(1);
    expect(await clicksOf(db, advertId)).toBe(1);
    expect(await available(db, viewer.id)).toBe(700n);
    expect(
      await db.$count(advertViews, sql`${advertViews.advertId} = ${advertId} and ${advertViews.claimedAt} is not null`),
    ).toBe(1);
  });
});
