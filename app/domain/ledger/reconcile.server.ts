import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Kobo } from "~/domain/shared/money";

export type ReconcileReport = {
  /** "ok" when every check below passed, "discrepancies" when any failed. */
  status: "ok" | "discrepancies";
  /** Sum of every entry ever posted: must be 0 (money is never created or destroyed). */
  totalKobo: Kobo;
  /**
   * Sum of every account's balance as the application reads it — users' cached balances plus
   * platform accounts' entry sums (they keep no cached balance): must be 0 too.
   */
  cachedTotalKobo: Kobo;
  accounts: number;
  transfers: number;
  entries: number;
  /**
   * User accounts whose cached balance differs from the sum of their entries, and platform
   * accounts that carry a cached balance at all (they must not: decision 009).
   */
  mismatches: { accountId: string; kind: string; cachedKobo: Kobo; entriesKobo: Kobo }[];
  /** User accounts (available or held) below zero. */
  negativeUserAccounts: { accountId: string; kind: string; balanceKobo: Kobo }[];
  /** Transfers that are not exactly −amount on the debit account and +amount on the credit account. */
  unbalancedTransfers: { transferId: string; entries: number; sumKobo: Kobo }[];
  /**
   * Rollup rows (migration 0016) that differ from the ledger they summarise: per day and kind
   * (ledger_daily_totals, shards summed) and per member and period (member_period_earnings).
   * `ledger` and `kept` are "count/amount" or "amount@reached_at"; "none" where a row is missing.
   */
  rollupMismatches: { table: string; key: string; ledger: string; kept: string }[];
  /**
   * Money at the payment provider: what the provider_clearing account holds for us (its entries,
   * negated) against what the provider's records say: the settled payments (paid − the provider's
   * fee, each booked once) less the settlements it paid to the platform's bank (each booked once);
   * null when they agree.
   */
  providerClearingMismatch: { ledgerKobo: Kobo; paymentsKobo: Kobo } | null;
};

type Row = {
  row_type: "summary" | "mismatch" | "negative" | "unbalanced" | "rollup" | "clearing";
  id: string | null;
  kind: string | null;
  a: string | null;
  b: string | null;
  c: string | null;
  d: string | null;
  e: string | null;
};

/**
 * Proves the books: the sum of all entries is zero, every user account's cached balance equals
 * the sum of its entries (platform accounts keep none: their balance is that sum), no user account
 * is below zero, every transfer has exactly its two legs, the rollups the dashboards read
 * equal the ledger, and the money at the payment provider is what its settled payments less its
 * settlements to the bank say.
 * One SQL statement, so it reads one consistent snapshot even while money is moving. It scans
 * the whole ledger: meant for a periodic job, an admin health page and tests, not a request path.
 */
export async function reconcile(db: Database): Promise<ReconcileReport> {
  const result = await db.execute(sql`
    with entry_sums as (
      select account_id, sum(amount_kobo) as total
        from ledger_entries group by account_id
    ), accounts as (
      select a.id, a.kind, a.balance_kobo, coalesce(s.total, 0) as entries_total
        from ledger_accounts a left join entry_sums s on s.account_id = a.id
    ), legs as (
      select t.id,
             count(e.id) as n,
             coalesce(sum(e.amount_kobo), 0) as total,
             coalesce(bool_or(e.account_id = t.debit_account_id and e.amount_kobo = -t.amount_kobo), false) as has_debit,
             coalesce(bool_or(e.account_id = t.credit_account_id and e.amount_kobo = t.amount_kobo), false) as has_credit
        from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
       group by t.id
    ), daily_from_ledger as (
      select kind, lagos_day(created_at) as day, count(*)::text || '/' || sum(amount_kobo)::text as figure
        from ledger_transfers group by 1, 2
    ), daily_kept as (
      select kind, day, sum(transfers)::text || '/' || sum(amount_kobo)::text as figure
        from ledger_daily_totals group by 1, 2
    ), earnings_from_ledger as (
      select p.period, p.period_start, a.user_id,
             sum(t.amount_kobo)::text || '@' || max(t.created_at)::text as figure
        from ledger_transfers t
        join ledger_accounts a on a.id = t.credit_account_id and a.kind = 'user_available'
        cross join lateral earnings_periods(lagos_day(t.created_at)) p
       where t.kind in ('advert_reward', 'referral_reward')
       group by 1, 2, 3
    ), earnings_kept as (
      select period, period_start, user_id, amount_kobo::text || '@' || reached_at::text as figure
        from member_period_earnings
    ), clearing as (
      select -(select coalesce(sum(entries_total), 0) from accounts a
                 join ledger_accounts l on l.id = a.id and l.code = 'provider_clearing') as ledger,
             (select coalesce(sum(paid_kobo - coalesce(fee_kobo, 0)), 0)
                from provider_payments where status = 'succeeded')
             - (select coalesce(sum(amount_kobo), 0)
                  from provider_settlements where booked_at is not null)
             -- held payments taken onto the books when their refund was asked for, less the
             -- refunds processed and the disputes lost (migration 0041)
             + (select coalesce(sum(p.paid_kobo), 0) from provider_payments p
                 where p.status = 'held' and exists (select 1 from provider_refunds r where r.payment_id = p.id))
             - (select coalesce(sum(amount_kobo), 0) from provider_refunds where status = 'processed')
             - (select coalesce(sum(amount_kobo), 0) from provider_disputes where booked_at is not null) as payments
    )
    select 'summary' as row_type, null::text as id, null::text as kind,
           (select coalesce(sum(amount_kobo), 0) from ledger_entries)::text as a,
           (select coalesce(sum(case when kind = 'platform' then entries_total else balance_kobo end), 0)
              from accounts)::text as b,
           (select count(*) from accounts)::text as c,
           (select count(*) from legs)::text as d,
           (select count(*) from ledger_entries)::text as e
    union all
    select 'mismatch', id, kind::text, balance_kobo::text, entries_total::text, null, null, null
      from accounts
     where case when kind = 'platform' then balance_kobo is not null
                else balance_kobo is distinct from entries_total end
    union all
    select 'negative', id, kind::text, balance_kobo::text, null, null, null, null
      from accounts where kind <> 'platform' and balance_kobo < 0
    union all
    select 'unbalanced', id, null, n::text, total::text, null, null, null
      from legs where n <> 2 or total <> 0 or not has_debit or not has_credit
    union all
    select 'rollup', kind::text || ' ' || day::text, 'ledger_daily_totals',
           coalesce(l.figure, 'none'), coalesce(k.figure, 'none'), null, null, null
      from daily_from_ledger l full join daily_kept k using (kind, day)
     where l.figure is distinct from k.figure
    union all
    select 'rollup', period::text || ' ' || period_start::text || ' ' || user_id, 'member_period_earnings',
           coalesce(l.figure, 'none'), coalesce(k.figure, 'none'), null, null, null
      from earnings_from_ledger l full join earnings_kept k using (period, period_start, user_id)
     where l.figure is distinct from k.figure
    union all
    select 'clearing', null, null, ledger::text, payments::text, null, null, null
      from clearing where ledger <> payments
    order by 1, 2`);
  const rows = (result as unknown as { rows: Row[] }).rows;

  const summary = rows.find((r) => r.row_type === "summary")!;
  const report: ReconcileReport = {
    status: "discrepancies",
    totalKobo: BigInt(summary.a!),
    cachedTotalKobo: BigInt(summary.b!),
    accounts: Number(summary.c),
    transfers: Number(summary.d),
    entries: Number(summary.e),
    mismatches: rows
      .filter((r) => r.row_type === "mismatch")
      .map((r) => ({ accountId: r.id!, kind: r.kind!, cachedKobo: BigInt(r.a ?? "0"), entriesKobo: BigInt(r.b!) })),
    negativeUserAccounts: rows
      .filter((r) => r.row_type === "negative")
      .map((r) => ({ accountId: r.id!, kind: r.kind!, balanceKobo: BigInt(r.a!) })),
    unbalancedTransfers: rows
      .filter((r) => r.row_type === "unbalanced")
      .map((r) => ({ transferId: r.id!, entries: Number(r.a), sumKobo: BigInt(r.b!) })),
    rollupMismatches: rows
      .filter((r) => r.row_type === "rollup")
      .map((r) => ({ table: r.kind!, key: r.id!, ledger: r.a!, kept: r.b! })),
    providerClearingMismatch: null,
  };
  const clearing = rows.find((r) => r.row_type === "clearing");
  if (clearing)
    report.providerClearingMismatch = { ledgerKobo: BigInt(clearing.a!), paymentsKobo: BigInt(clearing.b!) };
  const balanced =
    report.totalKobo === 0n &&
    report.cachedTotalKobo === 0n &&
    report.mismatches.length === 0 &&
    report.negativeUserAccounts.length === 0 &&
    report.unbalancedTransfers.length === 0 &&
    report.rollupMismatches.length === 0 &&
    report.providerClearingMismatch === null;
  if (balanced) report.status = "ok";
  return report;
}
