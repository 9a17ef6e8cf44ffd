import { describe, expect, it } from "vitest";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { referralOf } from "~test/referrals";
import { referralAchievements } from "./achievements";
import { lagosWeek } from "~/lib/lagos-time";
import { approvedReferralCount, weeklyReferralRank } from "./weekly-rank.server";

const { db } = await openTestDatabase();

describe("lagosWeek", () => {
  it("starts on Sunday 00:00 Africa/Lagos (Saturday 23:00 UTC) and lasts seven days", () => {
    // Wednesday 2025-06-11 12:00 UTC -> the week of Sunday 2025-06-08.
    expect(lagosWeek(new Date("2025-06-11T12:00:00Z"))).toEqual({
      start: new Date("2025-06-07T23:00:00Z"),
      end: new Date("2025-06-14T23:00:00Z"),
    });
  });

  it("follows the Lagos calendar at the edges", () => {
    // Saturday 23:30 UTC is already Sunday 00:30 in Lagos: a new week.
    expect(lagosWeek(new Date("2025-06-14T23:30:00Z")).start).toEqual(new Date("2025-06-14T23:00:00Z"));
    // Saturday 22:59 UTC is still Saturday 23:59 in Lagos: the old week.
    expect(lagosWeek(new Date("2025-06-14T22:59:59Z")).start).toEqual(new Date("2025-06-07T23:00:00Z"));
    // Exactly Sunday 00:00 Lagos.
    expect(lagosWeek(new Date("2025-06-07T23:00:00Z")).start).toEqual(new Date("2025-06-07T23:00:00Z"));
    // Across a month and a year end.
    expect(lagosWeek(new Date("2026-01-01T10:00:00Z")).start).toEqual(new Date("2025-12-27T23:00:00Z"));
  });
});

describe("referralAchievements", () => {
  it("unlocks Referral Champion at 5 and Network Builder at 20", () => {
    expect(referralAchievements(4)).toEqual([]);
    expect(referralAchievements(5).map((a) => a.name)).toEqual(["Referral Champion"]);
    expect(referralAchievements(19).map((a) => a.name)).toEqual(["Referral Champion"]);
    expect(referralAchievements(20).map((a) => a.name)).toEqual(["Referral Champion", "Network Builder"]);
  });
});

describe("weeklyReferralRank", () => {
  const now = new Date("2025-06-11T12:00:00Z"); // Wednesday; the week began 2025-06-07T23:00Z

  const refer = (referrerId: string, status: "pending" | "approved", approvedAt: Date | null) =>
    referralOf(db, referrerId, status, approvedAt);

  it("ranks members by referrals approved this Lagos week; ties share a place; no referral means Unranked", async () => {
    const [top, tiedA, tiedB, last, lastWeekOnly, pendingOnly] = await Promise.all(
      Array.from({ length: 6 }, () => createUser(db, { isApproved: true })),
    );
    const thisWeek = new Date("2025-06-08T09:00:00Z");
    for (let i = 0; i < 3; i++) await refer(top!.id, "approved", thisWeek);
    for (const id of [tiedA!.id, tiedB!.id]) {
      await refer(id, "approved", thisWeek);
      await refer(id, "approved", new Date("2025-06-07T23:00:00Z")); // the first instant of the week
    }
    await refer(last!.id, "approved", new Date("2025-06-11T11:00:00Z"));
    await refer(last!.id, "approved", new Date("2025-06-07T22:59:59Z")); // Saturday night: last week
    await refer(lastWeekOnly!.id, "approved", new Date("2025-06-05T10:00:00Z"));
    await refer(pendingOnly!.id, "pending", null);
    // Staff are not on the members' leaderboard, however many they referred.
    const admin = await createUser(db, { role: "admin" });
    for (let i = 0; i < 5; i++) await refer(admin.id, "approved", thisWeek);

    expect(await weeklyReferralRank(db, top!.id, now)).toEqual({ rank: 1, referrals: 3, rankedMembers: 4 });
    expect(await weeklyReferralRank(db, admin.id, now)).toEqual({ rank: null, referrals: 0, rankedMembers: 4 });
    expect(await weeklyReferralRank(db, tiedA!.id, now)).toMatchObject({ rank: 2, referrals: 2 });
    expect(await weeklyReferralRank(db, tiedB!.id, now)).toMatchObject({ rank: 2, referrals: 2 });
    expect(await weeklyReferralRank(db, last!.id, now)).toMatchObject({ rank: 4, referrals: 1 });
    expect(await weeklyReferralRank(db, lastWeekOnly!.id, now)).toMatchObject({ rank: null, referrals: 0 });
    expect(await weeklyReferralRank(db, pendingOnly!.id, now)).toMatchObject({ rank: null, referrals: 0 });

    // Next week everyone starts again.
    expect(await weeklyReferralRank(db, top!.id, new Date("2025-06-15T00:00:00Z"))).toEqual({
      rank: null,
      referrals: 0,
      rankedMembers: 0,
    });

    expect(await approvedReferralCount(db, last!.id)).toBe(2);
    expect(await approvedReferralCount(db, pendingOnly!.id)).toBe(0);
  });
});
