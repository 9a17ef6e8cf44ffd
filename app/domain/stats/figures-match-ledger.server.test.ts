import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { users } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { referralStats } from "~/domain/referrals/admin-referrals.server";
import { lagosDay } from "~/lib/lagos-time";
import { openTestDatabase } from "~test/database";
import { createUser, creditUser, member } from "~test/factories";
import {
  backdatedTransfer,
  backdatedTransfers,
  backdatedWithdrawalCompletion,
  expectLedgerReconciled,
} from "~test/ledger";
import { referredMember } from "~test/referrals";
import { type DailyFigures, dailyReport } from "./daily-report.server";
import { compactRollups } from "./rollups.server";

// The figures read the rollups (ledger_daily_totals, daily_counts); this file computes the same
// figures straight from the ledger and the tables and expects them equal, over a seed that spans
// several Lagos days (UTC+1: a Lagos day starts at 23:00 UTC the day before), a month's end, a
// midnight on either side, rows folded into shard 0 and rows added to those days afterwards.
const { db } = await openTestDatabase();

const at = (iso: string) => new Date(iso);

/** Some money on 29 June – 2 July 2025 (Lagos), across midnights and the month's end. */
async function seedDays(a: string, b: string) {
  await Promise.all([
    backdatedTransfer(db, { userId: a, amountKobo: 100_000n, at: at("2025-06-28T23:00:00Z") }), // 29 Jun 00:00
    backdatedTransfer(db, { userId: b, amountKobo: 70_000n, at: at("2025-06-29T22:59:59Z") }), // 29 Jun 23:59:59
    backdatedTransfer(db, { userId: a, amountKobo: 30_000n, at: at("2025-06-29T23:00:00Z") }), // 30 Jun 00:00
  ]);
  await backdatedTransfers(db, [
    [b, 4_321n, "2025-06-30T22:59:59Z", "referral_reward"],
    [a, 60_000n, "2025-06-30T23:00:00Z", "withdrawal_hold"],
    [b, 20_000n, "2025-06-30T23:30:00Z", "withdrawal_hold"],
  ]);
  await backdatedWithdrawalCompletion(db, {
    userId: a,
    amountKobo: 60_000n,
    feeKobo: 1_200n,
    at: at("2025-07-01T22:59:59Z"),
  }); // 1 Jul
  await backdatedTransfers(db, [
    [b, 20_000n, "2025-07-01T23:00:00Z", "withdrawal_release"], // 2 Jul
    [a, 25_000n, "2025-07-02T10:00:00Z", "upgrade_payment"],
  ]);
}

/** The report's figures per Lagos day, computed from ledger_transfers and users directly. */
async function figuresFromTheTables(from: string, to: string): Promise<Map<string, DailyFigures>> {
  const money = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select (t.created_at at time zone 'Africa/Lagos')::date::text as day,
             coalesce(sum(amount_kobo) filter (where kind = 'advert_reward'), 0)::text as advert,
             coalesce(sum(amount_kobo) filter (where kind = 'referral_reward'), 0)::text as referral,
             count(*) filter (where kind = 'withdrawal_hold')::text as requested,
             coalesce(sum(amount_kobo) filter (where kind = 'withdrawal_hold'), 0)::text as requested_amount,
             -- Completed: net of the transfers the banks sent back (a reversal's payout and fee).
             (count(*) filter (where kind = 'withdrawal_payout')
               - count(*) filter (where kind = 'withdrawal_reversal' and d.code = 'bank_payouts'))::text as completed,
             (coalesce(sum(amount_kobo) filter (where kind in ('withdrawal_payout', 'withdrawal_fee')), 0)
               - coalesce(sum(amount_kobo) filter (where kind = 'withdrawal_reversal'), 0))::text as completed_amount,
             (coalesce(sum(amount_kobo) filter (where kind = 'withdrawal_fee'), 0)
               - coalesce(sum(amount_kobo) filter (where kind = 'withdrawal_reversal' and d.code = 'withdrawal_fees'), 0))::text
               as fees,
             count(*) filter (where kind = 'withdrawal_release')::text as rejected,
             coalesce(sum(amount_kobo) filter (where kind = 'withdrawal_release'), 0)::text as rejected_amount,
             count(*) filter (where kind = 'upgrade_payment')::text as upgrades,
             coalesce(sum(amount_kobo) filter (where kind = 'upgrade_payment'), 0)::text as revenue,
             count(*) filter (where kind = 'provider_refund')::text as refunds,
             coalesce(sum(amount_kobo) filter (where kind = 'provider_refund'), 0)::text as refunds_amount,
             count(*) filter (where kind = 'dispute_loss')::text as disputes,
             coalesce(sum(amount_kobo) filter (where kind = 'dispute_loss'), 0)::text as disputes_amount
        from ledger_transfers t
        join (select id, code from ledger_accounts) d on d.id = t.debit_account_id
       where (t.created_at at time zone 'Africa/Lagos')::date between ${from}::date and ${to}::date
       group by 1`),
  );
  const members = rowsOf<{ day: string; n: string }>(
    await db.execute(sql`
      select (created_at at time zone 'Africa/Lagos')::date::text as day, count(*)::text as n
        from users
       where role = 'user' and (created_at at time zone 'Africa/Lagos')::date between ${from}::date and ${to}::date
       group by 1`),
  );
  const days = new Map<string, DailyFigures>();
  for (const r of money)
    days.set(r.day!, {
      advertRewardsKobo: BigInt(r.advert!),
      referralRewardsKobo: BigInt(r.referral!),
      withdrawalsRequested: Number(r.requested),
      withdrawalsRequestedKobo: BigInt(r.requested_amount!),
      withdrawalsCompleted: Number(r.completed),
      withdrawalsCompletedKobo: BigInt(r.completed_amount!),
      withdrawalFeesKobo: BigInt(r.fees!),
      withdrawalsRejected: Number(r.rejected),
      withdrawalsRejectedKobo: BigInt(r.rejected_amount!),
      upgradesApproved: Number(r.upgrades),
      upgradeRevenueKobo: BigInt(r.revenue!),
      refunds: Number(r.refunds),
      refundsKobo: BigInt(r.refunds_amount!),
      disputesLost: Number(r.disputes),
      disputesLostKobo: BigInt(r.disputes_amount!),
      newMembers: 0,
    });
  for (const m of members) {
    const day = days.get(m.day) ?? {
      advertRewardsKobo: 0n,
      referralRewardsKobo: 0n,
      withdrawalsRequested: 0,
      withdrawalsRequestedKobo: 0n,
      withdrawalsCompleted: 0,
      withdrawalsCompletedKobo: 0n,
      withdrawalFeesKobo: 0n,
      withdrawalsRejected: 0,
      withdrawalsRejectedKobo: 0n,
      upgradesApproved: 0,
      upgradeRevenueKobo: 0n,
      refunds: 0,
      refundsKobo: 0n,
      disputesLost: 0,
      disputesLostKobo: 0n,
      newMembers: 0,
    };
    day.newMembers = Number(m.n);
    days.set(m.day, day);
  }
  return days;
}

/** referralStats computed from the referrals table and ledger_transfers directly. */
async function referralStatsFromTheTables() {
  const [row] = rowsOf<{ total: string; paid: string; active: string }>(
    await db.execute(sql`
      select (select count(*) from referrals)::text as total,
             (select coalesce(sum(amount_kobo), 0) from ledger_transfers where kind = 'referral_reward')::text as paid,
             (select count(distinct referrer_id) from referrals where status = 'approved')::text as active`),
  );
  return {
    totalReferrals: Number(row!.total),
    totalRewardsPaidKobo: BigInt(row!.paid),
    activeReferrers: Number(row!.active),
  };
}

async function backdateMember(userId: string, when: string) {
  await db
    .update(users)
    .set({ createdAt: at(when) })
    .where(eq(users.id, userId));
}

describe("figures read from the rollups", () => {
  it("equal the ledger and the tables, day by day, across Lagos midnights and folded days", async () => {
    const admin = await createUser(db, { role: "super_admin" });
    const actor: Actor = { id: admin.id, role: "super_admin", permissions: [] };
    const a = await member(db);
    const b = await member(db);
    await backdateMember(a.id, "2025-06-28T22:59:59Z"); // 28 Jun 23:59:59 Lagos, outside the range
    await backdateMember(b.id, "2025-06-28T23:00:00Z"); // 29 Jun 00:00 Lagos
    await creditUser(db, a.id, 200_000n); // today: room for the holds and the upgrade
    await creditUser(db, b.id, 100_000n);

    await seedDays(a.id, b.id);
    // Fold those (long past) days into shard 0, then add to the same days again: a figure must
    // sum a day's folded row and its new ones.
    expect(await compactRollups(db)).toBeGreaterThan(0);
    await seedDays(a.id, b.id);

    // Referrals: two approved (one referrer twice), one pending; the rewards paid on the ledger.
    const c = await member(db);
    await referredMember(db, a, { approvedRewardKobo: 5_000n });
    await referredMember(db, a, { approvedRewardKobo: 5_000n });
    await referredMember(db, b);
    await referredMember(db, c, { approvedRewardKobo: 2_500n });
    await backdatedTransfers(db, [
      [c.id, 2_500n, "2025-07-02T22:59:59Z", "referral_reward"], // 2 Jul 23:59:59, the range's last instant
      [c.id, 999n, "2025-07-02T23:00:00Z"], // 3 Jul: outside
    ]);

    const from = "2025-06-28";
    const to = "2025-07-02";
    const report = await dailyReport(db, actor, { from, to });
    if (report.status !== "ok") throw new Error(`expected a report, got ${report.status}`);
    const direct = await figuresFromTheTables(from, to);
    for (const { day, ...figures } of report.days) {
      expect(figures, day).toEqual(direct.get(day) ?? zeroOf(figures));
    }
    // The seed reaches every day but the first, and the folded days count twice.
    expect(report.days.map((d) => d.day)).toEqual([
      "2025-06-28",
      "2025-06-29",
      "2025-06-30",
      "2025-07-01",
      "2025-07-02",
    ]);
    expect(report.days[1]).toMatchObject({ advertRewardsKobo: 340_000n, newMembers: 1 });
    expect(report.days[2]).toMatchObject({ advertRewardsKobo: 60_000n, referralRewardsKobo: 8_642n });
    expect(report.days[3]).toMatchObject({
      withdrawalsRequested: 4,
      withdrawalsCompleted: 2,
      withdrawalsCompletedKobo: 120_000n,
      withdrawalFeesKobo: 2_400n,
    });
    expect(report.days[4]).toMatchObject({ withdrawalsRejected: 2, upgradesApproved: 2, referralRewardsKobo: 2_500n });

    expect(await referralStats(db)).toEqual(await referralStatsFromTheTables());
    expect(await referralStats(db)).toEqual({ totalReferrals: 4, totalRewardsPaidKobo: 11_142n, activeReferrers: 2 });

    // Today's figures too (rows not yet folded, written by the ledger's own transfer()).
    const today = lagosDay(new Date());
    const now = await dailyReport(db, actor, { from: today, to: today });
    if (now.status !== "ok") throw new Error(`expected a report, got ${now.status}`);
    expect(now.totals).toEqual((await figuresFromTheTables(today, today)).get(today));
    expect(now.totals.advertRewardsKobo).toBe(300_000n);

    await expectLedgerReconciled(db);
  });
});

/** The same figures, all zero (a day without activity). */
function zeroOf(figures: DailyFigures): DailyFigures {
  return Object.fromEntries(
    Object.entries(figures).map(([k, v]) => [k, typeof v === "bigint" ? 0n : 0]),
  ) as DailyFigures;
}
