import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { openTestDatabase } from "~test/database";
import { createUser, member } from "~test/factories";
import { backdatedTransfer, expectLedgerReconciled } from "~test/ledger";
import { topPerformers, topPerformersSql } from "./top-performers.server";

const { db } = await openTestDatabase();

// Africa/Lagos is UTC+1: a Lagos day starts at 23:00 UTC the day before. Each test uses its own
// calendar year, so the members of one test never appear in another's period.
const at = (iso: string) => new Date(iso);

async function earner(name: string, rewards: [iso: string, kobo: bigint][] = []) {
  const user = await member(db, { name });
  for (const [iso, amountKobo] of rewards) await backdatedTransfer(db, { userId: user.id, amountKobo, at: at(iso) });
  return user;
}

const listed = async (period: "week" | "month" | "year", now: string) =>
  (await topPerformers(db, period, at(now))).rows.map((r) => [r.name, r.amountKobo]);

describe("topPerformers", () => {
  it("puts rewards on either side of a Lagos week boundary (Saturday 23:59:59 / Sunday 00:00) in the right week", async () => {
    await earner("Week Sat Last Second", [["2026-11-21T22:59:59Z", 100n]]); // Sat 21 Nov 23:59:59 Lagos
    await earner("Week Sun First Second", [["2026-11-21T23:00:00Z", 200n]]); // Sun 22 Nov 00:00:00 Lagos
    await earner("Week Next Sat Last Second", [["2026-11-28T22:59:59Z", 300n]]); // Sat 28 Nov 23:59:59
    await earner("Week Next Sun First Second", [["2026-11-28T23:00:00Z", 400n]]); // Sun 29 Nov 00:00:00

    const week = await topPerformers(db, "week", at("2026-11-26T12:00:00Z"));
    expect(week.start).toEqual(at("2026-11-21T23:00:00Z"));
    expect(week.end).toEqual(at("2026-11-28T23:00:00Z"));
    expect(week.rows.map((r) => [r.name, r.amountKobo])).toEqual([
      ["Week Next Sat Last Second", 300n],
      ["Week Sun First Second", 200n],
    ]);
    // The very first and last instants of the week belong to it.
    expect(await listed("week", "2026-11-21T23:00:00Z")).toEqual(week.rows.map((r) => [r.name, r.amountKobo]));
    expect(await listed("week", "2026-11-28T22:59:59Z")).toEqual(week.rows.map((r) => [r.name, r.amountKobo]));
    expect(await listed("week", "2026-11-21T22:59:59Z")).toEqual([["Week Sat Last Second", 100n]]);
    expect(await listed("week", "2026-11-30T08:00:00Z")).toEqual([["Week Next Sun First Second", 400n]]);
  });

  it("puts rewards on the last second of a month and the first of the next in the right month", async () => {
    await earner("Month Jan Last Second", [["2028-01-31T22:59:59Z", 500n]]); // 31 Jan 23:59:59 Lagos
    await earner("Month Feb First Second", [["2028-01-31T23:00:00Z", 900n]]); // 1 Feb 00:00:00 Lagos
    expect(await listed("month", "2028-01-15T12:00:00Z")).toEqual([["Month Jan Last Second", 500n]]);
    expect(await listed("month", "2028-02-10T12:00:00Z")).toEqual([["Month Feb First Second", 900n]]);
    // 23:30 UTC on 31 January is already February in Lagos.
    expect(await listed("month", "2028-01-31T23:30:00Z")).toEqual([["Month Feb First Second", 900n]]);
  });

  it("puts rewards on the last second of a year and the first of the next in the right year", async () => {
    await earner("Year 2027 Last Second", [["2027-12-31T22:59:59Z", 700n]]); // 31 Dec 2027 23:59:59 Lagos
    await earner("Year 2028 First Second", [["2027-12-31T23:00:00Z", 800n]]); // 1 Jan 2028 00:00:00 Lagos
    expect(await listed("year", "2027-06-01T12:00:00Z")).toEqual([["Year 2027 Last Second", 700n]]);
    const year2028 = await listed("year", "2028-06-01T12:00:00Z");
    expect(year2028).toContainEqual(["Year 2028 First Second", 800n]);
    expect(year2028.map(([name]) => name)).not.toContain("Year 2027 Last Second");
  });

  it("counts only what was earned within the period, not lifetime earnings", async () => {
    await earner("Early Big Earner", [
      ["2030-03-10T10:00:00Z", 1_000_00n],
      ["2030-06-10T10:00:00Z", 100n],
    ]);
    await earner("June Earner", [["2030-06-11T10:00:00Z", 500n]]);
    expect(await listed("month", "2030-06-20T10:00:00Z")).toEqual([
      ["June Earner", 500n],
      ["Early Big Earner", 100n],
    ]);
    expect(await listed("year", "2030-06-20T10:00:00Z")).toEqual([
      ["Early Big Earner", 1_001_00n],
      ["June Earner", 500n],
    ]);
  });

  it("adds advert and referral rewards; withdrawals, released withdrawals and upgrade payments do not count", async () => {
    const both = await member(db, { name: "Advert And Referral" });
    await backdatedTransfer(db, { userId: both.id, amountKobo: 300n, at: at("2031-04-01T10:00:00Z") });
    await backdatedTransfer(db, {
      userId: both.id,
      amountKobo: 400n,
      at: at("2031-04-02T10:00:00Z"),
      kind: "referral_reward",
    });
    const spender = await member(db, { name: "Spender" });
    const on = (iso: string, kind: Parameters<typeof backdatedTransfer>[1]["kind"], amountKobo: bigint) =>
      backdatedTransfer(db, { userId: spender.id, amountKobo, at: at(iso), kind });
    await on("2031-04-01T09:00:00Z", "advert_reward", 600n);
    await on("2031-04-03T09:00:00Z", "withdrawal_hold", 500n);
    // A rejected withdrawal comes back into the available account: not an earning.
    await on("2031-04-04T09:00:00Z", "withdrawal_release", 500n);
    await on("2031-04-05T09:00:00Z", "upgrade_payment", 100n);
    expect(await listed("month", "2031-04-15T10:00:00Z")).toEqual([
      ["Advert And Referral", 700n],
      ["Spender", 600n],
    ]);
    await expectLedgerReconciled(db);
  });

  it("never lists staff, even with rewards on their accounts", async () => {
    for (const role of ["admin", "super_admin"] as const) {
      const staff = await createUser(db, { role, name: `Staff ${role}` });
      await backdatedTransfer(db, { userId: staff.id, amountKobo: 1_000_000n, at: at("2032-02-02T10:00:00Z") });
    }
    await earner("Only Member", [["2032-02-03T10:00:00Z", 100n]]);
    for (const period of ["week", "month", "year"] as const) {
      expect(await listed(period, "2032-02-03T12:00:00Z")).toEqual([["Only Member", 100n]]);
    }
  });

  it("breaks ties by who reached the amount first, then by display ID", async () => {
    const late = await earner("Tie Reached Late", [
      ["2033-05-05T08:00:00Z", 200n],
      ["2033-05-05T11:00:00Z", 300n],
    ]);
    const first = await earner("Tie Reached First", [["2033-05-05T10:00:00Z", 500n]]);
    const twin = await earner("Tie Reached First Too", [["2033-05-05T10:00:00Z", 500n]]);
    const rows = (await topPerformers(db, "week", at("2033-05-06T10:00:00Z"))).rows;
    const sameTime = [first, twin].sort((a, b) => (a.displayId < b.displayId ? -1 : 1));
    expect(rows.map((r) => r.displayId)).toEqual([sameTime[0]!.displayId, sameTime[1]!.displayId, late.displayId]);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3]);
  });

  it("lists at most five, ranked 1 to 5 by amount", async () => {
    for (let i = 1; i <= 7; i++) await earner(`Ranked ${i}`, [["2034-09-09T10:00:00Z", BigInt(i * 100)]]);
    const rows = (await topPerformers(db, "year", at("2034-12-31T22:00:00Z"))).rows;
    expect(rows).toEqual(
      [7, 6, 5, 4, 3].map((i, index) => ({
        rank: index + 1,
        name: `Ranked ${i}`,
        displayId: expect.stringMatching(/^U/),
        amountKobo: BigInt(i * 100),
      })),
    );
  });

  it("is empty for a period with no earnings", async () => {
    expect((await topPerformers(db, "month", at("2035-03-03T10:00:00Z"))).rows).toEqual([]);
  });

  it("reads a period's first rows by the rank index, without sorting the period", async () => {
    const plan = await db.transaction(async (tx) => {
      // Tiny test tables make a sequential scan and a full sort the cheapest plan; rule both out
      // to see whether the query allows reading the index in its order (a full sort stays in
      // the plan, at a penalty, when the index cannot give that order).
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const result = await tx.execute(sql`explain ${topPerformersSql("year", at("2025-12-31T23:00:00Z"))}`);
      return rowsOf<{ "QUERY PLAN": string }>(result)
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    });
    expect(plan).toMatch(/Index Scan using member_period_earnings_rank_idx/);
    // At most an incremental sort of the ties (display ID), never a full sort by amount.
    expect(plan).not.toMatch(/(^|->\s+)Sort\s+\(/m);
    expect(plan).not.toMatch(/ledger_transfers|ledger_entries/);
  });
});
