import { and, eq, gte, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, ledgerTransfers, users, withdrawals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { completeWithdrawal, startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { lagosDay } from "~/lib/lagos-time";
import { createPaystackProvider } from "~/server/paystack.server";
import { openTestDatabase } from "~test/database";
import { createUser, formKey, member, payee, setWithdrawalSettings, withdrawalAdmin } from "~test/factories";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { withdrawalByTransfer, type ProviderFlows } from "~test/provider-flows";
import {
  backdatedTransfer,
  backdatedTransfers,
  backdatedWithdrawalCompletion,
  expectLedgerReconciled,
} from "~test/ledger";
import { DAILY_REPORT_HEADER, dailyReport, defaultReportRange, reportDays } from "./daily-report.server";

const { db } = await openTestDatabase();
let standin: PaystackStandin;
let flows: ProviderFlows;
beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY });
  const provider = createPaystackProvider({ secretKey: TEST_PAYSTACK_SECRET_KEY, baseUrl: standin.baseUrl });
  flows = { db, provider, standin };
});
afterAll(async () => standin.close());

// Africa/Lagos is UTC+1: a Lagos day starts at 23:00 UTC the day before. Each test uses its own
// calendar year, so one test's rows never fall in another's range.
const at = (iso: string) => new Date(iso);

async function reporter(permissions: Actor["permissions"] = ["view_reports"], role: Actor["role"] = "admin") {
  const user = await createUser(db, { role, permissions: [...permissions] as never });
  return { id: user.id, role, permissions: user.permissions, ip: "203.0.113.9" } satisfies Actor;
}

/** A completed withdrawal as the ledger books it: the hold, then payout (amount − fee) and fee. */
async function completedWithdrawal(userId: string, amount: bigint, fee: bigint, requested: string, completed: string) {
  await backdatedTransfer(db, { userId, amountKobo: amount, at: at(requested), kind: "withdrawal_hold" });
  await backdatedWithdrawalCompletion(db, { userId, amountKobo: amount, feeKobo: fee, at: at(completed) });
}

const lines = (csv: string) => csv.split("\r\n").filter(Boolean);
const cells = (csv: string, label: string) =>
  lines(csv)
    .find((l) => l.startsWith(`${label},`))
    ?.split(",");

async function okReport(actor: Actor, from: string, to: string) {
  const result = await dailyReport(db, actor, { from, to });
  if (result.status !== "ok") throw new Error(`expected a report, got ${result.status}`);
  return result;
}

async function ledgerSum(kind: (typeof ledgerTransfers.$inferSelect)["kind"], from: Date, to: Date) {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${ledgerTransfers.amountKobo}), 0)::text`,
      n: sql<number>`count(*)::int`,
    })
    .from(ledgerTransfers)
    .where(
      and(eq(ledgerTransfers.kind, kind), gte(ledgerTransfers.createdAt, from), lt(ledgerTransfers.createdAt, to)),
    );
  return { total: BigInt(row!.total), n: Number(row!.n) };
}

describe("dailyReport", () => {
  it("puts money and members on either side of Lagos midnight in the right day", async () => {
    const actor = await reporter();
    const m = await member(db);
    await backdatedTransfers(db, [
      [m.id, 100n, "2031-03-01T22:59:59Z"], // 1 Mar 23:59:59 Lagos
      [m.id, 250n, "2031-03-01T23:00:00Z"], // 2 Mar 00:00 Lagos
      [m.id, 7n, "2031-02-28T22:59:59Z", "referral_reward"], // 28 Feb, outside
    ]);
    await db
      .update(users)
      .set({ createdAt: at("2031-03-02T22:30:00Z") })
      .where(eq(users.id, m.id)); // 2 Mar 23:30 Lagos

    const report = await okReport(actor, "2031-03-01", "2031-03-03");
    expect(lines(report.csv)[0]).toBe(DAILY_REPORT_HEADER.join(","));
    expect(lines(report.csv)).toHaveLength(1 + 3 + 1);
    expect(cells(report.csv, "2031-03-01")?.join(",")).toBe(
      "2031-03-01,1.00,0.00,0,0.00,0,0.00,0.00,0,0.00,0,0.00,0,0.00,0,0.00,0",
    );
    expect(cells(report.csv, "2031-03-02")?.slice(1, 3)).toEqual(["2.50", "0.00"]);
    expect(cells(report.csv, "2031-03-02")?.at(-1)).toBe("1");
    expect(cells(report.csv, "2031-03-03")?.join(",")).toBe(
      "2031-03-03,0.00,0.00,0,0.00,0,0.00,0.00,0,0.00,0,0.00,0,0.00,0,0.00,0",
    );
    expect(cells(report.csv, "total")?.slice(1, 3)).toEqual(["3.50", "0.00"]);
    expect(report.csv.endsWith("\r\n")).toBe(true);
    expect(report.filename).toBe("adnaira-daily-report-2031-03-01-to-2031-03-03.csv");
  });

  it("has totals that tie to the ledger for a known seed, and the books still reconcile", async () => {
    const actor = await reporter([], "super_admin");
    const a = await member(db);
    const b = await member(db);
    await backdatedTransfers(db, [
      [a.id, 500_000n, "2032-05-01T08:00:00Z"],
      [b.id, 300_000n, "2032-05-01T23:30:00Z"],
      [a.id, 12_345n, "2032-05-02T10:00:00Z", "referral_reward"],
    ]);
    await completedWithdrawal(a.id, 200_000n, 4_000n, "2032-05-02T11:00:00Z", "2032-05-03T09:00:00Z");
    await backdatedTransfers(db, [
      [b.id, 50_000n, "2032-05-02T12:00:00Z", "withdrawal_hold"],
      [b.id, 50_000n, "2032-05-03T12:00:00Z", "withdrawal_release"],
      [b.id, 150_000n, "2032-05-03T13:00:00Z", "upgrade_payment"],
      // Outside the range (the next Lagos day): not counted.
      [a.id, 999n, "2032-05-03T23:00:00Z"],
    ]);

    const report = await okReport(actor, "2032-05-01", "2032-05-03");
    const from = at("2032-04-30T23:00:00Z");
    const to = at("2032-05-03T23:00:00Z");
    const advert = await ledgerSum("advert_reward", from, to);
    const referral = await ledgerSum("referral_reward", from, to);
    const hold = await ledgerSum("withdrawal_hold", from, to);
    const payout = await ledgerSum("withdrawal_payout", from, to);
    const fee = await ledgerSum("withdrawal_fee", from, to);
    const release = await ledgerSum("withdrawal_release", from, to);
    const upgrade = await ledgerSum("upgrade_payment", from, to);

    expect(report.totals).toMatchObject({
      advertRewardsKobo: advert.total,
      referralRewardsKobo: referral.total,
      withdrawalsRequested: hold.n,
      withdrawalsRequestedKobo: hold.total,
      withdrawalsCompleted: payout.n,
      withdrawalsCompletedKobo: payout.total + fee.total,
      withdrawalFeesKobo: fee.total,
      withdrawalsRejected: release.n,
      withdrawalsRejectedKobo: release.total,
      upgradesApproved: upgrade.n,
      upgradeRevenueKobo: upgrade.total,
    });
    // The seed, written out: a wrong grouping could not match these by chance.
    expect(cells(report.csv, "total")?.slice(1, 12).join(",")).toBe(
      "8000.00,123.45,2,2500.00,1,2000.00,40.00,1,500.00,1,1500.00",
    );
    expect(cells(report.csv, "2032-05-02")?.slice(1, 5)).toEqual(["3000.00", "123.45", "2", "2500.00"]);
    expect(cells(report.csv, "2032-05-03")?.slice(5, 12).join(",")).toBe("1,2000.00,40.00,1,500.00,1,1500.00");
    await expectLedgerReconciled(db);
  });

  it("counts a withdrawal once, and what left once, when its transfer came back and was paid again", async () => {
    const actor = await reporter();
    const cashier = await withdrawalAdmin(db);
    await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 });
    // Paid by transfer, returned by the bank, paid again: ₦20.00 left once (₦19.60 to the bank, ₦0.40 fee).
    const repaid = await withdrawalByTransfer(flows, cashier, 2_000n, ["success", "reversed", "success"]);
    // Paid, returned, not paid again yet: nothing left; it is processing, its money held again.
    const returned = await withdrawalByTransfer(flows, cashier, 3_000n, ["success", "reversed"]);
    // Refused by the bank, then paid: ₦40.00 left once (fee ₦0.80).
    const retried = await withdrawalByTransfer(flows, cashier, 4_000n, ["failed", "success"]);
    // Paid from the bank's payout file and marked completed by an admin: ₦10.00 (fee ₦0.20).
    const filed = await payee(db, { balanceKobo: 5_000n });
    const request = await requestWithdrawal(db, { userId: filed.id, amountKobo: 1_000n, idempotencyKey: formKey() });
    if (request.status !== "ok") throw new Error(request.status);
    await startProcessing(db, cashier, request.withdrawal.id);
    expect(await completeWithdrawal(db, cashier, request.withdrawal.id)).toMatchObject({ status: "ok" });

    const status = async (id: string) => (await db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!.status;
    expect(await status(repaid.withdrawal.id)).toBe("completed");
    expect(await status(returned.withdrawal.id)).toBe("processing");
    expect(await status(retried.withdrawal.id)).toBe("completed");

    // The ledger booked a payout four times (once per paid transfer and the file's) and two reversals.
    const today = lagosDay(new Date());
    const dayAround = (days: number) => lagosDay(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
    const report = await okReport(actor, dayAround(-1), dayAround(1));
    expect(report.totals).toMatchObject({
      withdrawalsRequested: 4,
      withdrawalsRequestedKobo: 10_000n,
      withdrawalsCompleted: 3,
      withdrawalsCompletedKobo: 2_000n + 4_000n + 1_000n,
      withdrawalFeesKobo: 40n + 80n + 20n,
      withdrawalsRejected: 0,
    });
    expect(cells(report.csv, "total")?.slice(3, 10).join(",")).toBe("4,100.00,3,70.00,1.40,0,0.00");
    // Everything happened today (Lagos), unless the test ran across midnight.
    if (lagosDay(new Date()) === today) {
      expect(cells(report.csv, today)?.slice(5, 8).join(",")).toBe("3,70.00,1.40");
    }
    await expectLedgerReconciled(db);
  });

  it("refuses an invalid range and writes no audit row", async () => {
    const actor = await reporter();
    for (const [from, to] of [
      ["2033-01-10", "2033-01-09"], // To before From
      ["2033-01-01", "2034-01-02"], // 367 days
      ["2033-02-30", "2033-03-01"], // not a date
      ["", "2033-03-01"],
      ["2033-1-1", "2033-01-02"],
    ] as const) {
      expect(await dailyReport(db, actor, { from, to }), `${from}..${to}`).toEqual({ status: "invalid-range" });
    }
    expect(await db.$count(auditLog, eq(auditLog.actorId, actor.id))).toBe(0);
    // 366 days (a leap year) and a single day are allowed.
    expect(reportDays({ from: "2032-01-01", to: "2032-12-31" })).toHaveLength(366);
    expect(reportDays({ from: "2033-06-01", to: "2033-06-01" })).toEqual(["2033-06-01"]);
  });

  it("audits each download once, with its range", async () => {
    const actor = await reporter();
    await okReport(actor, "2034-01-01", "2034-01-31");
    const rows = await db.select().from(auditLog).where(eq(auditLog.actorId, actor.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "report.export_daily",
      targetType: "report",
      ip: "203.0.113.9",
      after: { from: "2034-01-01", to: "2034-01-31", days: 31 },
    });
    await okReport(actor, "2034-01-01", "2034-01-31");
    expect(await db.$count(auditLog, eq(auditLog.actorId, actor.id))).toBe(2);
  });

  it("is forbidden without view_reports (members and other admins), and audits nothing", async () => {
    const admin = await reporter(["manage_withdrawals", "manage_users"]);
    const m = await member(db);
    const asMember: Actor = { id: m.id, role: "user", permissions: [] };
    for (const actor of [admin, asMember]) {
      expect(await dailyReport(db, actor, { from: "2035-01-01", to: "2035-01-02" })).toEqual({ status: "forbidden" });
      expect(await db.$count(auditLog, eq(auditLog.actorId, actor.id))).toBe(0);
    }
  });

  it("defaults to the current Lagos month up to today", () => {
    expect(defaultReportRange(at("2026-11-30T23:30:00Z"))).toEqual({ from: "2026-12-01", to: "2026-12-01" });
    expect(defaultReportRange(at("2026-11-26T12:00:00Z"))).toEqual({ from: "2026-11-01", to: "2026-11-26" });
  });
});
