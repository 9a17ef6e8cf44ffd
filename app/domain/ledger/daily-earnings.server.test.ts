import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { ensureUserAccounts, platformAccountId } from "~/domain/ledger/accounts.server";
import type { Kobo } from "~/domain/shared/money";
import { openTestDatabase } from "~test/database";
import { member } from "~test/factories";
import { expectLedgerReconciled, postTransferAt } from "~test/ledger";
import { dailyEarnings, dailyEarningsSql } from "./daily-earnings.server";

const { db } = await openTestDatabase();

// 26 Nov 2026, 11:00 in Lagos: the window is 13 Nov to 26 Nov, and starts at 23:00 UTC on 12 Nov.
const NOW = new Date("2026-11-26T10:00:00Z");

async function rewardAt(userId: string, amountKobo: Kobo, at: string, kind: "advert_reward" | "referral_reward") {
  const { availableId } = await ensureUserAccounts(db, userId);
  const platform = await platformAccountId(db, kind === "advert_reward" ? "advert_rewards" : "referral_rewards");
  await postTransferAt(db, {
    kind,
    debitAccountId: platform,
    creditAccountId: availableId,
    amountKobo,
    at: new Date(at),
  });
}

const day = (rows: Awaited<ReturnType<typeof dailyEarnings>>, d: string) => rows.find((r) => r.day === d);

describe("dailyEarnings", () => {
  it("is fourteen zero days, oldest first and ending today, for a member who earned nothing", async () => {
    const nobody = await member(db);
    const rows = await dailyEarnings(db, nobody.id, 14, NOW);
    expect(rows).toHaveLength(14);
    expect(rows[0]?.day).toBe("2026-11-13");
    expect(rows[13]?.day).toBe("2026-11-26");
    expect(rows.every((r) => r.totalKobo === 0n && r.advertKobo === 0n && r.referralKobo === 0n)).toBe(true);
  });

  it("puts each reward on its Lagos day: a day changes at 23:00 UTC", async () => {
    const earner = await member(db);
    await rewardAt(earner.id, 100n, "2026-11-25T22:59:59.999Z", "advert_reward"); // 25 Nov, 23:59 Lagos
    await rewardAt(earner.id, 2_000n, "2026-11-25T23:00:00.000Z", "advert_reward"); // 26 Nov, 00:00 Lagos
    await rewardAt(earner.id, 30_000n, "2026-11-26T09:59:00.000Z", "referral_reward"); // today, before now
    const rows = await dailyEarnings(db, earner.id, 14, NOW);
    expect(day(rows, "2026-11-25")).toEqual({ day: "2026-11-25", advertKobo: 100n, referralKobo: 0n, totalKobo: 100n });
    expect(day(rows, "2026-11-26")).toEqual({
      day: "2026-11-26",
      advertKobo: 2_000n,
      referralKobo: 30_000n,
      totalKobo: 32_000n,
    });
    expect(rows.filter((r) => r.totalKobo > 0n).map((r) => r.day)).toEqual(["2026-11-25", "2026-11-26"]);
  });

  it("keeps to the window: from the first day's Lagos midnight to the end of today", async () => {
    const earner = await member(db);
    await rewardAt(earner.id, 1n, "2026-11-12T22:59:59.999Z", "advert_reward"); // 12 Nov: the 15th day back
    await rewardAt(earner.id, 7n, "2026-11-12T23:00:00.000Z", "advert_reward"); // 13 Nov, 00:00: the first day
    await rewardAt(earner.id, 9n, "2026-11-26T23:00:00.000Z", "advert_reward"); // 27 Nov: tomorrow
    const rows = await dailyEarnings(db, earner.id, 14, NOW);
    expect(rows[0]).toEqual({ day: "2026-11-13", advertKobo: 7n, referralKobo: 0n, totalKobo: 7n });
    expect(rows.reduce((sum, r) => sum + r.totalKobo, 0n)).toBe(7n);
    // A shorter window.
    const three = await dailyEarnings(db, earner.id, 3, NOW);
    expect(three.map((r) => r.day)).toEqual(["2026-11-24", "2026-11-25", "2026-11-26"]);
    expect(three.every((r) => r.totalKobo === 0n)).toBe(true);
  });

  it("adds up several rewards on one day, and counts only the member's own", async () => {
    const earner = await member(db);
    const other = await member(db);
    await rewardAt(earner.id, 1_234n, "2026-11-20T08:00:00Z", "advert_reward");
    await rewardAt(earner.id, 766n, "2026-11-20T21:00:00Z", "advert_reward");
    await rewardAt(earner.id, 5_000n, "2026-11-20T12:00:00Z", "referral_reward");
    await rewardAt(other.id, 99_999n, "2026-11-20T12:00:00Z", "advert_reward");
    const rows = await dailyEarnings(db, earner.id, 14, NOW);
    expect(day(rows, "2026-11-20")).toEqual({
      day: "2026-11-20",
      advertKobo: 2_000n,
      referralKobo: 5_000n,
      totalKobo: 7_000n,
    });
    expect(rows.reduce((sum, r) => sum + r.totalKobo, 0n)).toBe(7_000n);
    expect(day(await dailyEarnings(db, other.id, 14, NOW), "2026-11-20")?.totalKobo).toBe(99_999n);
  });

  it("counts only rewards: money coming back to the available account is not earned", async () => {
    const earner = await member(db);
    const { availableId, heldId } = await ensureUserAccounts(db, earner.id);
    await rewardAt(earner.id, 10_000n, "2026-11-21T10:00:00Z", "advert_reward");
    // A withdrawal held and then released: both move the member's money, neither is earned.
    await postTransferAt(db, {
      kind: "withdrawal_hold",
      debitAccountId: availableId,
      creditAccountId: heldId,
      amountKobo: 4_000n,
      at: new Date("2026-11-22T10:00:00Z"),
    });
    await postTransferAt(db, {
      kind: "withdrawal_release",
      debitAccountId: heldId,
      creditAccountId: availableId,
      amountKobo: 4_000n,
      at: new Date("2026-11-23T10:00:00Z"),
    });
    // A reward to the member's held account is not theirs to spend: not counted either.
    const advertRewards = await platformAccountId(db, "advert_rewards");
    await postTransferAt(db, {
      kind: "advert_reward",
      debitAccountId: advertRewards,
      creditAccountId: heldId,
      amountKobo: 1n,
      at: new Date("2026-11-23T10:00:00Z"),
    });
    const rows = await dailyEarnings(db, earner.id, 14, NOW);
    expect(rows.filter((r) => r.totalKobo > 0n)).toEqual([
      { day: "2026-11-21", advertKobo: 10_000n, referralKobo: 0n, totalKobo: 10_000n },
    ]);
    await expectLedgerReconciled(db);
  });

  it("reads the window through an index, not by scanning every transfer", async () => {
    const earner = await member(db);
    await rewardAt(earner.id, 10n, "2026-11-21T10:00:00Z", "advert_reward");
    const plan = await db.transaction(async (tx) => {
      // Tiny test tables make a sequential scan the cheapest plan; forbid it to see what the
      // query allows.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain ${dailyEarningsSql(tx, earner.id, new Date("2026-11-12T23:00:00Z"), NOW)}`,
      );
      return rowsOf<{ "QUERY PLAN": string }>(result)
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    });
    expect(plan).toMatch(/Index (Only )?Scan (using|on) ledger_transfers_(credit_kind|created_at)_idx/);
    expect(plan).not.toMatch(/Seq Scan on ledger_transfers/);
  });
});
