import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import { newId } from "~/domain/shared/ids";
import { openTestDatabase } from "~test/database";
import { advertAdmin, longAgo, member, postAdvert } from "~test/factories";
import { backdatedTransfers, expectLedgerReconciled } from "~test/ledger";
import { earnedTotals, membersEarnedTotals, membersEarnedTotalsSql } from "./earned-totals.server";
import { transfer } from "./transfer.server";
import { claimAnswering } from "~test/claims";

const { db } = await openTestDatabase();

describe("earnedTotals", () => {
  it("is zero for a member who has earned nothing", async () => {
    const nobody = await member(db);
    expect(await earnedTotals(db, nobody.id)).toEqual({ advertKobo: 0n, referralKobo: 0n, totalKobo: 0n });
  });

  it("adds the member's advert and referral rewards from the ledger, and nobody else's", async () => {
    const admin = await advertAdmin(db);
    const earner = await member(db);
    const other = await member(db);
    const first = await postAdvert(db, admin, { rewardKobo: 1_234n });
    const second = await postAdvert(db, admin, { rewardKobo: 50_00n });
    for (const advertId of [first, second]) {
      await startAdvertView(db, earner.id, advertId, longAgo());
      expect(await claimAnswering(db, earner.id, advertId)).toMatchObject({ status: "ok" });
    }
    await startAdvertView(db, other.id, first, longAgo());
    await claimAnswering(db, other.id, first);
    await transfer(db, {
      from: { platform: "referral_rewards" },
      to: { userId: earner.id, kind: "available" },
      amountKobo: 200_00n,
      kind: "referral_reward",
      idempotencyKey: `test-referral:${newId()}`,
    });
    // Money moved on (held for a withdrawal) still counts as earned.
    await transfer(db, {
      from: { userId: earner.id, kind: "available" },
      to: { userId: earner.id, kind: "held" },
      amountKobo: 100_00n,
      kind: "withdrawal_hold",
      idempotencyKey: `test-hold:${newId()}`,
    });

    expect(await earnedTotals(db, earner.id)).toEqual({
      advertKobo: 6_234n,
      referralKobo: 200_00n,
      totalKobo: 26_234n,
    });
    expect(await earnedTotals(db, other.id)).toEqual({ advertKobo: 1_234n, referralKobo: 0n, totalKobo: 1_234n });
    await expectLedgerReconciled(db);
  });
});

describe("membersEarnedTotals", () => {
  it("gives each listed member the total earnedTotals reads from the ledger, over every year", async () => {
    const across = await member(db);
    const referrer = await member(db);
    const nothing = await member(db);
    const unlisted = await member(db);
    // Years apart, one of them with no earnings at all, and money moved on that still counts.
    await backdatedTransfers(db, [
      [across.id, 1_50n, "2027-03-01T10:00:00Z"],
      [across.id, 2_00n, "2029-12-31T22:59:00Z"],
      [across.id, 1_00n, "2029-12-31T23:30:00Z", "referral_reward"], // already 2030 in Lagos
      [across.id, 4_00n, "2030-01-02T10:00:00Z", "withdrawal_hold"],
      [referrer.id, 300_00n, "2028-06-01T10:00:00Z", "referral_reward"],
      [unlisted.id, 9_99n, "2028-06-01T10:00:00Z"],
    ]);

    const listed = [across.id, referrer.id, nothing.id];
    const totals = await membersEarnedTotals(db, listed);
    for (const id of listed) {
      expect(totals.get(id) ?? 0n).toBe((await earnedTotals(db, id)).totalKobo);
    }
    expect(totals.get(across.id)).toBe(4_50n);
    expect(totals.get(referrer.id)).toBe(300_00n);
    expect(totals.has(nothing.id)).toBe(false);
    expect(totals.has(unlisted.id)).toBe(false);
    expect(await membersEarnedTotals(db, [])).toEqual(new Map());
    await expectLedgerReconciled(db);
  });

  it("probes the rollup's key for the listed members only, never the ledger", async () => {
    // The plan at scale: many members earning in the same years, and the planner told so
    // (analyze). Written straight into the tables and rolled back, to keep the books untouched.
    const rolledBack = new Error("rolled back");
    let plan = "";
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into users (id, display_id, name, email, password_hash, referral_code)
          select 'plan-' || i, 'UPLAN' || i, 'Plan ' || i, 'plan' || i || '@example.com', 'x', 'PLAN' || i
            from generate_series(1, 5000) i`);
        await tx.execute(sql`
          insert into member_period_earnings (period, period_start, user_id, amount_kobo, reached_at)
          select 'year', make_date(y, 1, 1), 'plan-' || i, 100, make_date(y, 6, 1)
            from generate_series(1, 5000) i cross join generate_series(2036, 2038) y`);
        await tx.execute(sql`analyze member_period_earnings`);
        const result = await tx.execute(sql`explain ${membersEarnedTotalsSql(["plan-1", "plan-2"])}`);
        plan = rowsOf<{ "QUERY PLAN": string }>(result)
          .map((r) => r["QUERY PLAN"])
          .join("\n");
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    // The main scan: every key column bound (period, the years, the members), not a range of a period.
    expect(plan).toMatch(
      /Index (Only )?Scan using member_period_earnings_period_period_start_user_id_pk on member_period_earnings e[\s\S]*Index Cond: \(\(period = 'year'::earnings_period\) AND \(period_start = ANY \(.+\)\) AND \(user_id = ANY/,
    );
    expect(plan).not.toMatch(/Filter:.*user_id/);
    expect(plan).not.toMatch(/ledger_transfers|ledger_entries|users/);
  });
});
