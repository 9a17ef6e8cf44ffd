import { describe, expect, it } from "vitest";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { referralOf } from "~test/referrals";
import type { ReferralStatus } from "./referral-statuses";
import { LEADERBOARD_SIZE, leaderboardPeriod, referralLeaderboard } from "./leaderboard.server";
import { weeklyReferralRank } from "./weekly-rank.server";

const { db } = await openTestDatabase();

/** One referral of `referrerId`, approved (or not) at `approvedAt`. */
const refer = (referrerId: string, approvedAt: Date | string, status: ReferralStatus = "approved") =>
  referralOf(db, referrerId, status, status === "pending" ? null : new Date(approvedAt));

async function referMany(referrerId: string, n: number, approvedAt: Date | string) {
  for (let i = 0; i < n; i++) await refer(referrerId, approvedAt);
}

const member = (name: string) => createUser(db, { name, isApproved: true });

describe("leaderboardPeriod", () => {
  it("reads week, month and year; anything else is the week", () => {
    expect(leaderboardPeriod("week")).toBe("week");
    expect(leaderboardPeriod("month")).toBe("month");
    expect(leaderboardPeriod("year")).toBe("year");
    for (const other of [null, undefined, "", "Month", "day", "year "]) expect(leaderboardPeriod(other)).toBe("week");
  });
});

describe("referralLeaderboard", () => {
  it("counts a week from Sunday 00:00 to Saturday 23:59:59 Africa/Lagos", async () => {
    // Week of Sunday 2031-06-08 (Lagos): 2031-06-07T23:00Z … 2031-06-14T23:00Z.
    const inside = await member("Week Inside");
    const outside = await member("Week Outside");
    await refer(inside.id, "2031-06-07T23:00:00Z"); // Sunday 00:00:00 Lagos: this week
    await refer(inside.id, "2031-06-14T22:59:59Z"); // Saturday 23:59:59 Lagos: this week
    await refer(outside.id, "2031-06-07T22:59:59Z"); // the Saturday before, 23:59:59 Lagos
    await refer(outside.id, "2031-06-14T23:00:00Z"); // the next Sunday 00:00:00 Lagos

    const board = await referralLeaderboard(db, "week", inside.id, new Date("2031-06-11T12:00:00Z"));
    expect(board.rows).toEqual([{ rank: 1, name: "Week I.", approvedReferrals: 2, isMe: true }]);
    expect(board.me).toEqual({ rank: 1, approvedReferrals: 2, listed: true });
    expect(board.start).toEqual(new Date("2031-06-07T23:00:00Z"));
    expect(board.end).toEqual(new Date("2031-06-14T23:00:00Z"));

    const next = await referralLeaderboard(db, "week", outside.id, new Date("2031-06-15T08:00:00Z"));
    expect(next.rows).toEqual([{ rank: 1, name: "Week O.", approvedReferrals: 1, isMe: true }]);
  });

  it("counts a month and a year by the Lagos calendar, up to the last second", async () => {
    const a = await member("Calendar A");
    const b = await member("Calendar B");
    await refer(a.id, "2032-01-31T22:59:59Z"); // 31 Jan 23:59:59 Lagos
    await refer(b.id, "2032-01-31T23:00:00Z"); // 1 Feb 00:00:00 Lagos
    await refer(a.id, "2031-12-31T23:00:00Z"); // 1 Jan 2032 00:00:00 Lagos
    await refer(b.id, "2031-12-31T22:59:59Z"); // 31 Dec 2031 23:59:59 Lagos
    await refer(b.id, "2032-12-31T22:59:59Z"); // 31 Dec 2032 23:59:59 Lagos
    await refer(b.id, "2032-12-31T23:00:00Z"); // 1 Jan 2033 00:00:00 Lagos

    const january = await referralLeaderboard(db, "month", a.id, new Date("2032-01-15T12:00:00Z"));
    expect(january.rows).toEqual([{ rank: 1, name: "Calendar A.", approvedReferrals: 2, isMe: true }]);
    const february = await referralLeaderboard(db, "month", a.id, new Date("2032-02-10T12:00:00Z"));
    expect(february.rows).toEqual([{ rank: 1, name: "Calendar B.", approvedReferrals: 1, isMe: false }]);
    expect(february.me).toEqual({ rank: null, approvedReferrals: 0, listed: false });

    const year2032 = await referralLeaderboard(db, "year", b.id, new Date("2032-06-01T12:00:00Z"));
    expect(year2032.rows).toEqual([
      { rank: 1, name: "Calendar A.", approvedReferrals: 2, isMe: false },
      { rank: 1, name: "Calendar B.", approvedReferrals: 2, isMe: true },
    ]);
    const year2031 = await referralLeaderboard(db, "year", b.id, new Date("2031-12-31T22:59:59Z"));
    expect(year2031.rows.find((r) => r.isMe)).toMatchObject({ approvedReferrals: 1 });
    const year2033 = await referralLeaderboard(db, "year", b.id, new Date("2032-12-31T23:00:00Z"));
    expect(year2033.rows).toEqual([{ rank: 1, name: "Calendar B.", approvedReferrals: 1, isMe: true }]);
  });

  it("counts approved referrals of members only: pending, held and voided do not count; staff are never listed", async () => {
    const at = "2036-03-12T10:00:00Z";
    const now = new Date("2036-03-12T12:00:00Z");
    const approvedOne = await member("Approved One");
    const notYet = await member("Not Yet Approved");
    await refer(approvedOne.id, at);
    await refer(notYet.id, at, "pending");
    await refer(notYet.id, at, "held");
    await refer(notYet.id, at, "voided");
    const admin = await createUser(db, { role: "admin", name: "Staff Admin" });
    const superAdmin = await createUser(db, { role: "super_admin", name: "Staff Super" });
    await referMany(admin.id, 3, at);
    await referMany(superAdmin.id, 3, at);

    for (const period of ["week", "month", "year"] as const) {
      const board = await referralLeaderboard(db, period, notYet.id, now);
      expect(board.rows).toEqual([{ rank: 1, name: "Approved O.", approvedReferrals: 1, isMe: false }]);
      expect(board.me).toEqual({ rank: null, approvedReferrals: 0, listed: false });
      expect(board.rankedMembers).toBe(1);
    }
    const asAdmin = await referralLeaderboard(db, "week", admin.id, now);
    expect(asAdmin.me).toEqual({ rank: null, approvedReferrals: 0, listed: false });
  });

  it("shows the top five; ties share a rank and are ordered by who reached the count first, then by name", async () => {
    const now = new Date("2034-05-20T12:00:00Z");
    const day = (h: number) => `2034-05-1${h}T10:00:00Z`; // 11…19 May 2034, all in May
    const zed = await member("Zed Early");
    const amy = await member("Amy Late");
    const bob = await member("Bob Same");
    const abe = await member("Abe Same");
    const cat = await member("Cat Three");
    const dan = await member("Dan Two");
    const eve = await member("Eve One");
    // Zed and Amy both have 3; Zed reached 3 first, so Zed is listed first although Amy sorts first.
    await referMany(zed.id, 3, day(1));
    await referMany(amy.id, 2, day(1));
    await refer(amy.id, day(5));
    // Abe and Bob reached 2 at the same moment: by name.
    await referMany(bob.id, 2, day(2));
    await referMany(abe.id, 2, day(2));
    await refer(cat.id, day(3));
    await refer(dan.id, day(3));
    await refer(eve.id, day(4));

    const board = await referralLeaderboard(db, "month", eve.id, now);
    expect(board.rows).toHaveLength(LEADERBOARD_SIZE);
    expect(board.rows).toEqual([
      { rank: 1, name: "Zed E.", approvedReferrals: 3, isMe: false },
      { rank: 1, name: "Amy L.", approvedReferrals: 3, isMe: false },
      { rank: 3, name: "Abe S.", approvedReferrals: 2, isMe: false },
      { rank: 3, name: "Bob S.", approvedReferrals: 2, isMe: false },
      { rank: 5, name: "Cat T.", approvedReferrals: 1, isMe: false },
    ]);
    // Outside the top five: their own place, sharing rank 5 with Cat and Dan.
    expect(board.me).toEqual({ rank: 5, approvedReferrals: 1, listed: false });
    expect(board.rankedMembers).toBe(7);
    expect((await referralLeaderboard(db, "month", dan.id, now)).me).toEqual({
      rank: 5,
      approvedReferrals: 1,
      listed: false,
    });
    const asBob = await referralLeaderboard(db, "month", bob.id, now);
    expect(asBob.rows.filter((r) => r.isMe)).toEqual([{ rank: 3, name: "Bob S.", approvedReferrals: 2, isMe: true }]);
    expect(asBob.me).toEqual({ rank: 3, approvedReferrals: 2, listed: true });
  });

  it("is empty for a period without approved referrals", async () => {
    const nobody = await member("Nobody");
    const board = await referralLeaderboard(db, "year", nobody.id, new Date("2040-01-01T00:00:00Z"));
    expect(board).toMatchObject({
      rows: [],
      me: { rank: null, approvedReferrals: 0, listed: false },
      rankedMembers: 0,
    });
  });

  it("gives the dashboard's Weekly Rank the week leaderboard's place", async () => {
    const now = new Date("2035-08-15T12:00:00Z"); // Wednesday
    const people = await Promise.all(["W1", "W2", "W3", "W4", "W5", "W6", "W7"].map((n) => member(`Weekly ${n}`)));
    const counts = [4, 3, 3, 2, 2, 1, 0];
    for (const [i, person] of people.entries()) await referMany(person.id, counts[i]!, "2035-08-13T10:00:00Z");
    for (const person of people) {
      const board = await referralLeaderboard(db, "week", person.id, now);
      const weekly = await weeklyReferralRank(db, person.id, now);
      expect(weekly).toEqual({
        rank: board.me.rank,
        referrals: board.me.approvedReferrals,
        rankedMembers: board.rankedMembers,
      });
    }
    expect((await weeklyReferralRank(db, people[5]!.id, now)).rank).toBe(6);
    expect((await weeklyReferralRank(db, people[6]!.id, now)).rank).toBeNull();
  });
});
