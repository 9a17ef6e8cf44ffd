import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pageWindow, type PageInfo } from "~/domain/shared/paging";
import type { WithdrawalStatus } from "~/domain/withdrawals/lifecycle";
import type {
  StatementEffect,
  StatementKind,
  StatementLine,
  StatementSummary,
  UpgradePayment,
} from "./statement-lines";
import type { StatementPeriod } from "./statement-period";

/** Lines per page of the statement. */
export const STATEMENT_PAGE_SIZE = 25;

/**
 * Every line of a member's statement, oldest first, with the running balances computed by the
 * database (window sums over the whole history, so page 7 shows the right balance without the
 * app reading pages 1 to 6):
 *
 * - each ledger transfer touching the member's available or held account, with what it did to
 *   each (entries summed per transfer) — except that a withdrawal's payout and its fee, booked as
 *   two transfers, are one line (as are the two of a reversal): one payment, under the keys
 *   `…:payout` and `…:fee` of the same settlement;
 * - each referral reward on hold or voided (no transfer: the amount is shown, nothing moves);
 * - each upgrade paid outside the balance, by bank transfer or online (its money never passed
 *   through the member's accounts).
 */
function linesQuery(userId: string): SQL {
  return sql`
    with accounts as (
      select id, kind from ledger_accounts where user_id = ${userId} and kind in ('user_available', 'user_held')
    ),
    transfers as (
      select t.id, t.kind::text as kind, t.created_at as at, t.reference_type, t.reference_id,
             case when t.kind in ('withdrawal_payout', 'withdrawal_fee', 'withdrawal_reversal')
                  then regexp_replace(t.idempotency_key, ':(payout|fee)$', '') else t.id end as line_id,
             coalesce(sum(e.amount_kobo) filter (where a.kind = 'user_available'), 0) as available,
             coalesce(sum(e.amount_kobo) filter (where a.kind = 'user_held'), 0) as held
        from ledger_entries e
        join accounts a on a.id = e.account_id
        join ledger_transfers t on t.id = e.transfer_id
       group by t.id
    ),
    moves as (
      select line_id as id,
             case when bool_or(kind = 'withdrawal_payout') then 'withdrawal_payout' else min(kind) end as kind,
             min(at) as at, min(reference_type) as reference_type, min(reference_id) as reference_id,
             sum(available) as available, sum(held) as held, null::bigint as shown
        from transfers
       group by line_id
      union all
      select 'referral:' || r.id, 'referral_' || r.status::text, coalesce(r.reviewed_at, r.updated_at),
             'referral', r.id, 0, 0, coalesce(r.reward_kobo, 0)
        from referrals r
       where r.referrer_id = ${userId} and r.status in ('held', 'voided')
      union all
      select 'upgrade:' || u.id, 'upgrade_' || u.method::text, u.created_at,
             'upgrade_request', u.id, 0, 0, -u.price_kobo
        from upgrade_requests u
       where u.user_id = ${userId} and u.method in ('bank_transfer', 'online')
      union all
      -- a payment made online given back (processed refunds), beside the payment it undoes
      select 'refund:' || rf.id, 'payment_refund', coalesce(rf.settled_at, rf.updated_at),
             'provider_refund', rf.id, 0, 0, rf.amount_kobo
        from provider_refunds rf
        join provider_payments rp on rp.id = rf.payment_id
       where rp.user_id = ${userId} and rf.status = 'processed'
      union all
      select 'dispute:' || pd.id, 'payment_dispute_' || pd.outcome::text, coalesce(pd.resolved_at, pd.created_at),
             'provider_dispute', pd.id, 0, 0,
             -- money back to the payer only when the dispute was lost; open or won moved nothing
             case when pd.outcome = 'lost' then pd.amount_kobo else 0 end
        from provider_disputes pd
       where pd.user_id = ${userId}
    )
    select m.*,
           sum(m.available) over running as balance,
           sum(m.held) over running as held_balance
      from moves m
    window running as (order by m.at, m.id rows between unbounded preceding and current row)`;
}

const inPeriod = (period: StatementPeriod) =>
  period ? sql`at >= ${period.start.toISOString()} and at < ${period.end.toISOString()}` : sql`true`;

/** The page of lines (newest first), with what each line is about. */
function pageQuery(userId: string, period: StatementPeriod, window: { offset: number; limit: number } | null): SQL {
  const paging = window ? sql`limit ${window.limit} offset ${window.offset}` : sql``;
  return sql`
    with lines as (${linesQuery(userId)}),
    page as (select * from lines where ${inPeriod(period)} order by at desc, id desc ${paging})
    select p.id, p.kind, to_json(p.at) #>> '{}' as at,
           (case when p.shown is not null then p.shown when p.available <> 0 then p.available else p.held end)::text as amount,
           case when p.available <> 0 then 'available' when p.held <> 0 then 'held' else 'none' end as effect,
           p.balance::text as balance, p.held_balance::text as held_balance,
           ad.title as advert_title,
           referred.name as referred_name,
           w.reference as w_reference, w.status::text as w_status,
           w.amount_kobo::text as w_amount, w.fee_kobo::text as w_fee,
           to_json(w.requested_at) #>> '{}' as w_requested_at, to_json(w.processing_at) #>> '{}' as w_processing_at,
           to_json(w.sent_at) #>> '{}' as w_sent_at, w.transfer_code as w_transfer_code,
           w.payout_batch as w_payout_batch, to_json(w.exported_at) #>> '{}' as w_exported_at,
           to_json(w.processed_at) #>> '{}' as w_paid_at, to_json(w.rejected_at) #>> '{}' as w_rejected_at,
           w.bank_name as w_bank_name, right(w.account_number, 4) as w_last4,
           u.reference as u_reference, u.method::text as u_method, u.status::text as u_status, tier.name as u_tier,
           pp.reference as pp_reference, pp.status::text as pp_status,
           coalesce(refunded.reference, disputed.transaction_reference) as undone_reference
      from page p
      left join provider_refunds rf on p.reference_type = 'provider_refund' and rf.id = p.reference_id
      left join provider_payments refunded on refunded.id = rf.payment_id
      left join provider_disputes disputed on p.reference_type = 'provider_dispute' and disputed.id = p.reference_id
      left join advert_views av on p.reference_type = 'advert_view' and av.id = p.reference_id
      left join adverts ad on ad.id = av.advert_id
      left join referrals r on p.reference_type = 'referral' and r.id = p.reference_id
      left join users referred on referred.id = r.referred_id
      left join withdrawals w on p.reference_type = 'withdrawal' and w.id = p.reference_id
      left join upgrade_requests u on p.reference_type = 'upgrade_request' and u.id = p.reference_id
      left join membership_tiers tier on tier.id = u.tier_id
      left join lateral (
        select reference, status from provider_payments
         where upgrade_request_id = u.id order by created_at desc limit 1
      ) pp on true
     order by p.at desc, p.id desc`;
}

type Row = Partial<Record<string, string | null>>;

const date = (value: string | null | undefined) => (value ? new Date(value) : null);
const text = (value: string | null | undefined) => value ?? null;

function toLine(row: Row): StatementLine {
  return {
    id: row.id!,
    kind: row.kind as StatementKind,
    at: new Date(row.at!),
    amountKobo: BigInt(row.amount!),
    effect: row.effect as StatementEffect,
    balanceKobo: BigInt(row.balance!),
    heldKobo: BigInt(row.held_balance!),
    advertTitle: row.advert_title ?? null,
    referredName: row.referred_name ?? null,
    paymentReference: row.undone_reference ?? null,
    withdrawal: row.w_reference
      ? {
          reference: row.w_reference,
          status: row.w_status as WithdrawalStatus,
          amountKobo: BigInt(row.w_amount!),
          feeKobo: BigInt(row.w_fee!),
          requestedAt: new Date(row.w_requested_at!),
          processingAt: date(row.w_processing_at),
          sentAt: date(row.w_sent_at),
          transferCode: text(row.w_transfer_code),
          payoutBatch: text(row.w_payout_batch),
          exportedAt: date(row.w_exported_at),
          paidAt: date(row.w_paid_at),
          rejectedAt: date(row.w_rejected_at),
          bankName: row.w_bank_name ?? "",
          accountNumberLast4: row.w_last4 ?? "",
        }
      : null,
    upgrade: row.u_reference
      ? {
          reference: row.u_reference,
          tierName: row.u_tier ?? "",
          method: row.u_method as UpgradePayment["method"],
          status: row.u_status as UpgradePayment["status"],
          providerReference: text(row.pp_reference),
          providerStatus: text(row.pp_status) as UpgradePayment["providerStatus"],
        }
      : null,
  };
}

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

export type StatementPage = PageInfo & { lines: StatementLine[] };

/** One page of the member's statement (of a period, or all of it), newest first, with running balances right on every page. */
export async function memberStatement(
  db: Database,
  userId: string,
  options: { page?: number; period?: StatementPeriod } = {},
): Promise<StatementPage> {
  const period = options.period ?? null;
  const [count] = rowsOf(
    await db.execute(sql`select count(*)::text as total from (${linesQuery(userId)}) lines where ${inPeriod(period)}`),
  );
  const window = pageWindow(Number(count?.total ?? 0), options.page, STATEMENT_PAGE_SIZE);
  const lines = rowsOf(await db.execute(pageQuery(userId, period, window))).map(toLine);
  return { page: window.page, pageCount: window.pageCount, total: window.total, lines };
}

/** Every line of the member's statement (of a period, or all of it), newest first: the CSV download. */
export async function fullStatement(
  db: Database,
  userId: string,
  period: StatementPeriod = null,
): Promise<StatementLine[]> {
  return rowsOf(await db.execute(pageQuery(userId, period, null))).map(toLine);
}

/**
 * The period's figures: the available balance before it, what came into and left the balance in
 * it (the In and Out columns), and the balance after it — opening + in − out = closing.
 */
export async function statementSummary(
  db: Database,
  userId: string,
  period: StatementPeriod = null,
): Promise<StatementSummary & { firstAt: Date | null }> {
  const before = period ? sql`at < ${period.start.toISOString()}` : sql`false`;
  const until = period ? sql`at < ${period.end.toISOString()}` : sql`true`;
  const [row] = rowsOf(
    await db.execute(sql`
      select coalesce(sum(available) filter (where ${before}), 0)::text as opening,
             coalesce(sum(available) filter (where available > 0 and ${inPeriod(period)}), 0)::text as money_in,
             coalesce(-sum(available) filter (where available < 0 and ${inPeriod(period)}), 0)::text as money_out,
             coalesce(sum(available) filter (where ${until}), 0)::text as closing,
             to_json(min(at)) #>> '{}' as first_at
        from (${linesQuery(userId)}) lines`),
  );
  return {
    openingKobo: BigInt(row?.opening ?? "0"),
    inKobo: BigInt(row?.money_in ?? "0"),
    outKobo: BigInt(row?.money_out ?? "0"),
    closingKobo: BigInt(row?.closing ?? "0"),
    firstAt: date(row?.first_at),
  };
}
