import { and, gte, inArray, lte, sql } from "drizzle-orm";
import { type Database, rowsOf } from "~/db/client.server";
import { ledgerDailyTotals } from "~/db/schema";
import { type Actor, recordAudit } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import type { Kobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import { csvCell, koboToPlainNaira } from "~/domain/shared/csv";
import { DAY_MS, lagosDay, lagosMonth } from "~/lib/lagos-time";
import { counterByDay } from "./rollups.server";

/**
 * The accountant's daily figures: one CSV row per Africa/Lagos day of a chosen range (From and
 * To included, at most 366 days), then a totals row.
 *
 * Money is read from the ledger's rollup (ledger_daily_totals, migration 0016: each transfer's
 * count and amount added per Lagos day and kind by a trigger in its own transaction, checked
 * against the ledger by reconcile), by the Lagos day of the transfer:
 *   advert / referral rewards paid     advert_reward / referral_reward transfers
 *   withdrawals requested              withdrawal_hold (one per request: the amount put on hold)
 *   withdrawals completed              what left members' balances for their banks, net of what the
 *                                      banks sent back: withdrawal_payout (one per completion or paid
 *                                      transfer; amount − fee) plus withdrawal_fee, the amount payout +
 *                                      fee, the fees the fee; less each paid transfer the bank
 *                                      reversed (withdrawal_reversal: its payout and its fee back to
 *                                      held, counted −1 with its amount and fee on its payout's day)
 *   withdrawals rejected               withdrawal_release (one per rejection: the amount returned)
 *   upgrades approved                  upgrade_payment (one per approval: the price, the revenue)
 *   payments refunded                  provider_refund (one per refund Paystack processed: what went
 *                                      back to the payer, beside the payments it undoes)
 *   disputes lost                      dispute_loss (one per card dispute lost: what the bank took back)
 * A reversal takes its payout out of the Lagos day that payout was booked on (the reversal's key
 * names the paid attempt's): a day counts the completions that stayed paid, never a negative
 * figure, and a withdrawal paid by transfer, reversed and paid again counts once, on the day of the
 * payment that stayed (its amount once); one reversed and not paid again counts nothing. A day's
 * row can therefore fall after a reversal, when the bank sends money back days later. The reversals are read from the ledger itself (the rollup keeps a kind's total,
 * which mixes a reversal's payout and fee and counts two transfers for one withdrawal), through the
 * reversed transfer attempts (provider_transfers, few) and the ledger's reference index.
 * New members are members (role `user`) by the Lagos day they registered: the `members` counter
 * of daily_counts (migration 0017, the same predicate and day).
 *
 * Both rollups are read by their primary keys (kind or counter, then day): a year's report reads a
 * few rows per day and kind, however many transfers and members those days hold. Days without
 * activity are rows of zeros.
 * Every download is audited (`report.export_daily`, with the range).
 */

export const MAX_REPORT_DAYS = 366;

export const DAILY_REPORT_HEADER = [
  "date",
  "advert_rewards_paid",
  "referral_rewards_paid",
  "withdrawals_requested_count",
  "withdrawals_requested_amount",
  "withdrawals_completed_count",
  "withdrawals_completed_amount",
  "withdrawals_completed_fees",
  "withdrawals_rejected_count",
  "withdrawals_rejected_amount",
  "upgrades_approved_count",
  "upgrades_approved_revenue",
  "payments_refunded_count",
  "payments_refunded_amount",
  "disputes_lost_count",
  "disputes_lost_amount",
  "new_members",
] as const;

export type DailyFigures = {
  advertRewardsKobo: Kobo;
  referralRewardsKobo: Kobo;
  withdrawalsRequested: number;
  withdrawalsRequestedKobo: Kobo;
  withdrawalsCompleted: number;
  withdrawalsCompletedKobo: Kobo;
  withdrawalFeesKobo: Kobo;
  withdrawalsRejected: number;
  withdrawalsRejectedKobo: Kobo;
  upgradesApproved: number;
  upgradeRevenueKobo: Kobo;
  /** Online payments given back: refunds Paystack processed (provider_refund). */
  refunds: number;
  refundsKobo: Kobo;
  /** Card disputes lost: what payers' banks took back (dispute_loss). */
  disputesLost: number;
  disputesLostKobo: Kobo;
  newMembers: number;
};

export type DailyReportRange = { from: string; to: string };

export type DailyReportResult =
  | { status: "ok"; csv: string; filename: string; days: ({ day: string } & DailyFigures)[]; totals: DailyFigures }
  | Forbidden
  | { status: "invalid-range" };

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written "YYYY-MM-DD" (not 2026-02-30). */
function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The Lagos days From..To, both included; null when the range is not a valid one. */
export function reportDays(range: DailyReportRange): string[] | null {
  if (!isDay(range.from) || !isDay(range.to)) return null;
  const first = Date.parse(`${range.from}T00:00:00Z`);
  const last = Date.parse(`${range.to}T00:00:00Z`);
  const count = (last - first) / DAY_MS + 1;
  if (count < 1 || count > MAX_REPORT_DAYS) return null;
  return Array.from({ length: count }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
}

/** The form's defaults: the current Lagos month, from its first day to today. */
export function defaultReportRange(now: Date = new Date()): DailyReportRange {
  return { from: lagosDay(lagosMonth(now).start), to: lagosDay(now) };
}

const zero = (): DailyFigures => ({
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
});

function add(into: DailyFigures, more: DailyFigures) {
  into.advertRewardsKobo += more.advertRewardsKobo;
  into.referralRewardsKobo += more.referralRewardsKobo;
  into.withdrawalsRequested += more.withdrawalsRequested;
  into.withdrawalsRequestedKobo += more.withdrawalsRequestedKobo;
  into.withdrawalsCompleted += more.withdrawalsCompleted;
  into.withdrawalsCompletedKobo += more.withdrawalsCompletedKobo;
  into.withdrawalFeesKobo += more.withdrawalFeesKobo;
  into.withdrawalsRejected += more.withdrawalsRejected;
  into.withdrawalsRejectedKobo += more.withdrawalsRejectedKobo;
  into.upgradesApproved += more.upgradesApproved;
  into.upgradeRevenueKobo += more.upgradeRevenueKobo;
  into.refunds += more.refunds;
  into.refundsKobo += more.refundsKobo;
  into.disputesLost += more.disputesLost;
  into.disputesLostKobo += more.disputesLostKobo;
  into.newMembers += more.newMembers;
}

function row(label: string, f: DailyFigures): string {
  return [
    label,
    koboToPlainNaira(f.advertRewardsKobo),
    koboToPlainNaira(f.referralRewardsKobo),
    String(f.withdrawalsRequested),
    koboToPlainNaira(f.withdrawalsRequestedKobo),
    String(f.withdrawalsCompleted),
    koboToPlainNaira(f.withdrawalsCompletedKobo),
    koboToPlainNaira(f.withdrawalFeesKobo),
    String(f.withdrawalsRejected),
    koboToPlainNaira(f.withdrawalsRejectedKobo),
    String(f.upgradesApproved),
    koboToPlainNaira(f.upgradeRevenueKobo),
    String(f.refunds),
    koboToPlainNaira(f.refundsKobo),
    String(f.disputesLost),
    koboToPlainNaira(f.disputesLostKobo),
    String(f.newMembers),
  ]
    .map(csvCell)
    .join(",");
}

/** RFC 4180 (CRLF after every record), cells written by the payout file's writer. */
export function dailyReportCsv(days: readonly ({ day: string } & DailyFigures)[], totals: DailyFigures): string {
  const lines = [DAILY_REPORT_HEADER.join(","), ...days.map((d) => row(d.day, d)), row("total", totals)];
  return lines.map((line) => `${line}\r\n`).join("");
}

const REPORT_KINDS = [
  "advert_reward",
  "referral_reward",
  "withdrawal_hold",
  "withdrawal_payout",
  "withdrawal_fee",
  "withdrawal_release",
  "upgrade_payment",
  "provider_refund",
  "dispute_loss",
] as const;

/**
 * Transfers the banks sent back after they were paid, per Lagos day of the payout they reversed:
 * how many, and the payout and fee each returned to the member's held balance (withdrawal_reversal
 * transfers, debiting bank payouts and withdrawal fees, keyed `…:transfer:<n>:reversal:payout|fee`
 * after the attempt's payout `…:transfer:<n>:payout`). Only a reversed transfer attempt books one,
 * so the ledger is read for those withdrawals only.
 */
async function reversalsByDay(db: Database, range: DailyReportRange) {
  const rows = rowsOf<{ day: string; reversals: string; payout: string; fee: string }>(
    await db.execute(sql`
      select lagos_day(paid.created_at)::text as day,
             count(*) filter (where a.code = 'bank_payouts')::text as reversals,
             coalesce(sum(t.amount_kobo) filter (where a.code = 'bank_payouts'), 0)::text as payout,
             coalesce(sum(t.amount_kobo) filter (where a.code = 'withdrawal_fees'), 0)::text as fee
        from ledger_transfers t
        join ledger_accounts a on a.id = t.debit_account_id
        join ledger_transfers paid
          on paid.idempotency_key = regexp_replace(t.idempotency_key, ':reversal:(payout|fee)$', ':payout')
       where t.reference_type = 'withdrawal'
         and t.reference_id in (select p.withdrawal_id from provider_transfers p where p.status = 'reversed')
         and t.kind = 'withdrawal_reversal'
         and lagos_day(paid.created_at) between ${range.from}::date and ${range.to}::date
       group by 1`),
  );
  return rows.map((r) => ({
    day: r.day,
    reversals: Number(r.reversals),
    payoutKobo: BigInt(r.payout),
    feeKobo: BigInt(r.fee),
  }));
}

/** The report for From..To (Lagos days, both included), audited; refused without view_reports. */
export async function dailyReport(db: Database, actor: Actor, range: DailyReportRange): Promise<DailyReportResult> {
  if (!hasPermission(actor, "view_reports")) return FORBIDDEN;
  const dayList = reportDays(range);
  if (!dayList) return { status: "invalid-range" };

  return db.transaction(async (tx) => {
    const transfers = await tx
      .select({
        day: sql<string>`${ledgerDailyTotals.day}::text`,
        kind: ledgerDailyTotals.kind,
        n: sql<string>`sum(${ledgerDailyTotals.transfers})::text`,
        total: sql<string>`sum(${ledgerDailyTotals.amountKobo})::text`,
      })
      .from(ledgerDailyTotals)
      .where(
        and(
          inArray(ledgerDailyTotals.kind, [...REPORT_KINDS]),
          gte(ledgerDailyTotals.day, range.from),
          lte(ledgerDailyTotals.day, range.to),
        ),
      )
      .groupBy(ledgerDailyTotals.day, ledgerDailyTotals.kind);
    const members = await counterByDay(tx, "members", range.from, range.to);
    const reversals = await reversalsByDay(tx, range);

    const byDay = new Map(dayList.map((day) => [day, zero()]));
    for (const t of transfers) {
      const f = byDay.get(t.day);
      if (!f) continue;
      const n = Number(t.n);
      const total = BigInt(t.total);
      switch (t.kind) {
        case "advert_reward":
          f.advertRewardsKobo += total;
          break;
        case "referral_reward":
          f.referralRewardsKobo += total;
          break;
        case "withdrawal_hold":
          f.withdrawalsRequested += n;
          f.withdrawalsRequestedKobo += total;
          break;
        case "withdrawal_payout":
          f.withdrawalsCompleted += n;
          f.withdrawalsCompletedKobo += total;
          break;
        case "withdrawal_fee":
          f.withdrawalsCompletedKobo += total;
          f.withdrawalFeesKobo += total;
          break;
        case "withdrawal_release":
          f.withdrawalsRejected += n;
          f.withdrawalsRejectedKobo += total;
          break;
        case "upgrade_payment":
          f.upgradesApproved += n;
          f.upgradeRevenueKobo += total;
          break;
        case "provider_refund":
          f.refunds += n;
          f.refundsKobo += total;
          break;
        case "dispute_loss":
          f.disputesLost += n;
          f.disputesLostKobo += total;
          break;
      }
    }
    for (const r of reversals) {
      const f = byDay.get(r.day);
      if (!f) continue;
      f.withdrawalsCompleted -= r.reversals;
      f.withdrawalsCompletedKobo -= r.payoutKobo + r.feeKobo;
      f.withdrawalFeesKobo -= r.feeKobo;
    }
    for (const m of members) {
      const f = byDay.get(m.day);
      if (f) f.newMembers += Number(m.count);
    }

    const days = dayList.map((day) => ({ day, ...byDay.get(day)! }));
    const totals = zero();
    for (const d of days) add(totals, d);

    await recordAudit(tx, {
      actor,
      action: "report.export_daily",
      targetType: "report",
      after: { from: range.from, to: range.to, days: days.length },
    });
    return {
      status: "ok" as const,
      csv: dailyReportCsv(days, totals),
      filename: `adnaira-daily-report-${range.from}-to-${range.to}.csv`,
      days,
      totals,
    };
  });
}
