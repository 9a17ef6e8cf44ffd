import type { Role } from "~/domain/permissions/permissions";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { users } from "~/db/schema";
import { ensureUserAccounts, platformAccountId } from "~/domain/ledger/accounts.server";
import type { Kobo } from "~/domain/shared/money";
import { openTestDatabase } from "~test/database";
import { createUser, member } from "~test/factories";
import { backdatedTransfer, backdatedTransfers, expectLedgerReconciled, postTransferAt } from "~test/ledger";
import { dailyPlatformFigures, dailyPlatformFiguresSql } from "./daily-platform-figures.server";

const { db } = await openTestDatabase();

// The figures are the whole platform's, and the file shares one database: each test keeps to its
// own 30-day window, far from the others' and from the real clock (members are created now).
// 15 Jun 2025, 11:00 in Lagos: the window is 17 May to 15 Jun, and starts at 23:00 UTC on 16 May.
const JUNE = new Date("2025-06-15T10:00:00Z");
const MARCH = new Date("2025-03-20T10:00:00Z");
const JANUARY = new Date("2025-01-20T10:00:00Z");
const SEPTEMBER = new Date("2025-09-20T10:00:00Z");

const ZERO = { advertRewardsKobo: 0n, referralRewardsKobo: 0n, withdrawalsCompletedKobo: 0n, newMembers: 0 };

/** A user of `role` who registered at `at`. */
async function registeredAt(at: string, role: Role = "user") {
  const user = await createUser(db, { role });
  await db
    .update(users)
    .set({ createdAt: new Date(at) })
    .where(eq(users.id, user.id));
  return user;
}

/** A withdrawal paid out at `at`: the money earned and held long before the window, then paid. */
async function payoutAt(amountKobo: Kobo, at: string) {
  const earner = await member(db);
  const long = new Date("2024-01-01T12:00:00Z");
  await backdatedTransfer(db, { userId: earner.id, amountKobo, at: long });
  await backdatedTransfer(db, { userId: earner.id, amountKobo, at: long, kind: "withdrawal_hold" });
  const { heldId } = await ensureUserAccounts(db, earner.id);
  await postTransferAt(db, {
    kind: "withdrawal_payout",
    debitAccountId: heldId,
    creditAccountId: await platformAccountId(db, "bank_payouts"),
    amountKobo,
    at: new Date(at),
  });
}

const day = (rows: Awaited<ReturnType<typeof dailyPlatformFigures>>, d: string) => rows.find((r) => r.day === d);

describe("dailyPlatformFigures", () => {
  it("is thirty zero days, oldest first and ending today, when nothing happened", async () => {
    const rows = await dailyPlatformFigures(db, 30, JUNE);
    expect(rows).toHaveLength(30);
    expect(rows[0]?.day).toBe("2025-05-17");
    expect(rows[29]?.day).toBe("2025-06-15");
    expect(rows.every((r) => r.advertRewardsKobo === 0n && r.newMembers === 0)).toBe(true);
    expect(rows.map(({ day: _d, ...figures }) => figures)).toEqual(Array(30).fill(ZERO));
  });

  it("puts each kind in its own series, on its Lagos day: a day changes at 23:00 UTC", async () => {
    const earner = await member(db);
    await backdatedTransfers(db, [
      [earner.id, 100n, "2025-03-18T22:59:59.999Z"],
      [earner.id, 2_000n, "2025-03-18T23:00:00Z"],
      [earner.id, 30_000n, "2025-03-19T12:00:00Z", "referral_reward"],
    ]);
    await payoutAt(45_000n, "2025-03-19T22:30:00Z"); // 19 Mar, 23:30 Lagos
    await registeredAt("2025-03-18T22:59:00Z"); // 18 Mar, 23:59 Lagos
    await registeredAt("2025-03-18T23:01:00Z"); // 19 Mar, 00:01 Lagos
    await registeredAt("2025-03-19T09:00:00Z");
    const rows = await dailyPlatformFigures(db, 30, MARCH);
    expect(day(rows, "2025-03-18")).toEqual({ day: "2025-03-18", ...ZERO, advertRewardsKobo: 100n, newMembers: 1 });
    expect(day(rows, "2025-03-19")).toEqual({
      day: "2025-03-19",
      advertRewardsKobo: 2_000n,
      referralRewardsKobo: 30_000n,
      withdrawalsCompletedKobo: 45_000n,
      newMembers: 2,
    });
    expect(rows.filter((r) => r.day !== "2025-03-18" && r.day !== "2025-03-19").every((r) => r.newMembers === 0)).toBe(
      true,
    );
    // The hold and the earlier reward of each payout are outside the window, and not a series.
    expect(rows.reduce((s, r) => s + r.advertRewardsKobo, 0n)).toBe(2_100n);
    await expectLedgerReconciled(db);
  });

  it("counts members only: staff who joined are not new members", async () => {
    await registeredAt("2025-01-10T10:00:00Z", "admin");
    await registeredAt("2025-01-10T11:00:00Z", "super_admin");
    await registeredAt("2025-01-10T12:00:00Z", "user");
    const rows = await dailyPlatformFigures(db, 30, JANUARY);
    expect(rows.reduce((s, r) => s + r.newMembers, 0)).toBe(1);
    expect(day(rows, "2025-01-10")?.newMembers).toBe(1);
  });

  it("keeps to the window: from the first day's Lagos midnight to the end of today", async () => {
    // The window of SEPTEMBER is 22 Aug to 20 Sep; it starts at 23:00 UTC on 21 Aug.
    const earner = await member(db);
    const reward = (amountKobo: Kobo, at: string) =>
      backdatedTransfer(db, { userId: earner.id, amountKobo, at: new Date(at) });
    await reward(1n, "2025-08-21T22:59:59.999Z"); // 21 Aug: the 31st day back
    await reward(7n, "2025-08-21T23:00:00Z"); // 22 Aug, 00:00: the first day
    await reward(11n, "2025-09-20T22:59:59.999Z"); // 20 Sep, 23:59: today's last instant
    await reward(9n, "2025-09-20T23:00:00Z"); // 21 Sep: tomorrow
    await registeredAt("2025-08-21T22:59:00Z");
    await registeredAt("2025-08-21T23:00:00Z");
    await registeredAt("2025-09-20T23:00:00Z");
    await payoutAt(5n, "2025-08-21T22:00:00Z");
    await payoutAt(6n, "2025-09-20T23:30:00Z");
    const rows = await dailyPlatformFigures(db, 30, SEPTEMBER);
    expect(rows[0]).toEqual({ day: "2025-08-22", ...ZERO, advertRewardsKobo: 7n, newMembers: 1 });
    expect(rows[29]).toEqual({ day: "2025-09-20", ...ZERO, advertRewardsKobo: 11n });
    expect(rows.reduce((s, r) => s + r.advertRewardsKobo, 0n)).toBe(18n);
    expect(rows.reduce((s, r) => s + r.withdrawalsCompletedKobo, 0n)).toBe(0n);
    expect(rows.reduce((s, r) => s + r.newMembers, 0)).toBe(1);
    // A shorter window.
    const three = await dailyPlatformFigures(db, 3, SEPTEMBER);
    expect(three.map((r) => r.day)).toEqual(["2025-09-18", "2025-09-19", "2025-09-20"]);
    await expect(dailyPlatformFigures(db, 0, SEPTEMBER)).rejects.toThrow(RangeError);
  });

  it("reads the window through the rollups' keys, never the ledger or the users table", async () => {
    const statements = dailyPlatformFiguresSql(db, 30, new Date("2025-06-15T12:00:00Z"));
    for (const [statement, table, index] of [
      [statements.transfers, "ledger_daily_totals", "ledger_daily_totals_kind_day_shard_pk"],
      [statements.newMembers, "daily_counts", "daily_counts_counter_day_shard_pk"],
    ] as const) {
      const plan = await db.transaction(async (tx) => {
        // Tiny test tables make a sequential scan the cheapest plan; forbid it to see what the
        // query allows.
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(sql`explain ${statement}`);
        return rowsOf<{ "QUERY PLAN": string }>(result)
          .map((r) => r["QUERY PLAN"])
          .join("\n");
      });
      expect(plan).toMatch(new RegExp(`(Index|Bitmap Index) (Only )?Scan (using|on) ${index}`));
      expect(plan).not.toMatch(new RegExp(`Seq Scan on ${table}`));
      expect(plan).not.toMatch(/ledger_transfers|ledger_entries/);
    }
  });
});
