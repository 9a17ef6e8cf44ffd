import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "~/db/client.server";
import type { Kobo } from "~/domain/shared/money";

/**
 * The money the payment provider (Paystack) holds for AdNaira, as the ledger has it, term by term,
 * so an admin can check the sum against Paystack's dashboard (/admin/reconciliation):
 *
 *   collected          what Paystack took for us and we booked: the payments out of provider
 *                      clearing (upgrades paid online to membership revenue, campaigns to the
 *                      advertiser's balance)
 *   − provider fees    what Paystack kept of them (provider fees → provider clearing)
 *   − transfers out    what Paystack paid to members' banks: the payout of each transfer attempt
 *                      it reported paid (`withdrawal:<id>:transfer:<n>:payout`, held → bank payouts:
 *                      the amount less the withdrawal fee, which stays the platform's)
 *   + reversals        what the banks sent back to Paystack: the payout of each paid attempt later
 *                      reversed (`…:transfer:<n>:reversal:payout`, bank payouts → held; the fee's
 *                      reversal moves no money at Paystack)
 *   − settled          what Paystack paid out to AdNaira's bank account: each settlement it
 *                      reported successful (`provider-settlement:<id>`, bank receipts → provider
 *                      clearing)
 *   − refunds          what Paystack gave back to payers: each refund it reported processed
 *                      (`provider-refund:<id>`, payments held → provider clearing; a held payment is
 *                      in `collected` from when its refund was asked for, `held_payment`)
 *   − disputes lost    what payers' banks took back (`dispute:<id>:loss`, dispute losses → clearing)
 *   = at provider
 *
 * Beside it, `inSettlementKobo`: the settlements Paystack has started (pending or processing) and
 * not yet paid; that money is still at Paystack, in the sum, on its way to the bank.
 *
 * Not in it, because AdNaira does not record them yet: money AdNaira adds to its Paystack balance
 * to fund transfers, and Paystack's charges on transfers. Nor payments held for review (paid, but
 * not as asked): Paystack has that money, but nothing was booked (the reconciliation page lists
 * them); as Paystack settles them to the bank with the rest, a settlement can take out more than
 * the sum had for it. Withdrawals an admin marked completed after paying them from the bank's
 * payout file never went through Paystack, and are not counted.
 *
 * `providerRecordsKobo` is the same figure from the provider's records as AdNaira keeps them: the
 * settled payments (paid − fee) less the transfers whose last word was success, less the
 * settlements booked (provider_settlements). The two differ only if something was booked outside
 * a settled payment, transfer or settlement.
 *
 * The transfer keys are the ones withdrawals/money.server.ts books (payOutWithdrawal,
 * reverseWithdrawalPayout). One SQL statement, so every term is read from one snapshot. It sums
 * every entry of provider clearing and looks up one ledger key per paid transfer attempt: an admin
 * page's figure, not a request path's.
 */
export type MoneyAtProvider = {
  collectedKobo: Kobo;
  providerFeesKobo: Kobo;
  transfersOutKobo: Kobo;
  reversalsKobo: Kobo;
  /** Paid out to AdNaira's bank: the settlements booked. */
  settledKobo: Kobo;
  /** Gone back to payers: the refunds Paystack processed (`provider-refund:<id>`). */
  refundsKobo: Kobo;
  /** Taken back by payers' banks: the card disputes lost (`dispute:<id>:loss`). */
  disputeLossesKobo: Kobo;
  /** collected − provider fees − transfers out + reversals − settled. */
  atProviderKobo: Kobo;
  /** Of the money at the provider, what it is settling now (pending or processing). */
  inSettlementKobo: Kobo;
  providerRecordsKobo: Kobo;
};

export async function moneyAtProvider(db: Database): Promise<MoneyAtProvider> {
  const [row] = rowsOf<
    Record<
      | "collected"
      | "fees"
      | "out"
      | "back"
      | "settled"
      | "in_settlement"
      | "payments"
      | "transfers"
      | "settlements"
      | "refunds"
      | "disputes"
      | "gone_back",
      string
    >
  >(
    await db.execute(sql`
      with clearing as (
        select t.kind, e.amount_kobo
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.kind = 'platform' and a.code = 'provider_clearing'
          join ledger_transfers t on t.id = e.transfer_id
      ), paid_attempts as (
        -- Only an attempt Paystack reported paid books a payout (and only a paid one a reversal).
        select 'withdrawal:' || p.withdrawal_id || ':transfer:' || p.attempt as key_prefix
          from provider_transfers p
         where p.status in ('success', 'reversed')
      )
      select
        (select coalesce(-sum(amount_kobo), 0) from clearing
          where kind not in ('provider_fee', 'provider_settlement', 'provider_refund', 'dispute_loss'))::text as collected,
        (select coalesce(sum(amount_kobo), 0) from clearing where kind = 'provider_refund')::text as refunds,
        (select coalesce(sum(amount_kobo), 0) from clearing where kind = 'dispute_loss')::text as disputes,
        ((select coalesce(sum(p.paid_kobo), 0) from provider_payments p
           where p.status = 'held' and exists (select 1 from provider_refunds r where r.payment_id = p.id))
         - (select coalesce(sum(r.amount_kobo), 0) from provider_refunds r where r.status = 'processed')
         - (select coalesce(sum(d.amount_kobo), 0) from provider_disputes d where d.booked_at is not null))::text as gone_back,
        (select coalesce(sum(amount_kobo), 0) from clearing where kind = 'provider_fee')::text as fees,
        (select coalesce(sum(t.amount_kobo), 0) from paid_attempts x
           join ledger_transfers t on t.idempotency_key = x.key_prefix || ':payout')::text as out,
        (select coalesce(sum(t.amount_kobo), 0) from paid_attempts x
           join ledger_transfers t on t.idempotency_key = x.key_prefix || ':reversal:payout')::text as back,
        (select coalesce(sum(amount_kobo), 0) from clearing where kind = 'provider_settlement')::text as settled,
        (select coalesce(sum(s.amount_kobo), 0) from provider_settlements s
          where s.status in ('pending', 'processing'))::text as in_settlement,
        (select coalesce(sum(s.amount_kobo), 0) from provider_settlements s
          where s.booked_at is not null)::text as settlements,
        (select coalesce(sum(p.paid_kobo - coalesce(p.fee_kobo, 0)), 0) from provider_payments p
          where p.status = 'succeeded')::text as payments,
        (select coalesce(sum(p.amount_kobo), 0) from provider_transfers p where p.status = 'success')::text as transfers`),
  );
  const collectedKobo = BigInt(row!.collected);
  const providerFeesKobo = BigInt(row!.fees);
  const transfersOutKobo = BigInt(row!.out);
  const reversalsKobo = BigInt(row!.back);
  const settledKobo = BigInt(row!.settled);
  const refundsKobo = BigInt(row!.refunds);
  const disputeLossesKobo = BigInt(row!.disputes);
  return {
    collectedKobo,
    providerFeesKobo,
    transfersOutKobo,
    reversalsKobo,
    settledKobo,
    refundsKobo,
    disputeLossesKobo,
    atProviderKobo:
      collectedKobo -
      providerFeesKobo -
      transfersOutKobo +
      reversalsKobo -
      settledKobo -
      refundsKobo -
      disputeLossesKobo,
    inSettlementKobo: BigInt(row!.in_settlement),
    providerRecordsKobo:
      BigInt(row!.payments) - BigInt(row!.transfers) - BigInt(row!.settlements) + BigInt(row!.gone_back),
  };
}
