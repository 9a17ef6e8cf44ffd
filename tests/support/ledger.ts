import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "~/db/client.server";
import { type LedgerTransfer, ledgerAccounts, ledgerEntries, ledgerTransfers } from "~/db/schema";
import { ensureUserAccounts, platformAccountId } from "~/domain/ledger/accounts.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";

/** Reconciles the ledger and expects it balanced; resolves with the report for further checks. */
export async function expectLedgerReconciled(db: Database) {
  const report = await reconcile(db);
  expect(report).toMatchObject({
    status: "ok",
    totalKobo: 0n,
    mismatches: [],
    negativeUserAccounts: [],
    unbalancedTransfers: [],
    rollupMismatches: [],
    providerClearingMismatch: null,
  });
  return report;
}

/** The books balance and every held balance is exactly the member's open withdrawals and upgrades. */
export async function expectBooksBalanced(db: Database) {
  await expectLedgerReconciled(db);
  expect(await heldMismatches(db)).toEqual([]);
}

/**
 * Users whose held balance differs from the sum of their open (pending + processing)
 * withdrawals and pending upgrades paid from the balance: must be none, always.
 */
export async function heldMismatches(db: Database) {
  const result = await db.execute(sql`
    with open as (
      select user_id, sum(amount) as total from (
        select user_id, amount_kobo as amount from withdrawals where status in ('pending', 'processing', 'sent')
        union all
        select user_id, price_kobo from upgrade_requests where status = 'pending' and method = 'balance'
      ) holds group by user_id
    )
    select coalesce(a.user_id, o.user_id) as user_id,
           coalesce(a.balance_kobo, 0)::text as held, coalesce(o.total, 0)::text as open
      from (select user_id, balance_kobo from ledger_accounts where kind = 'user_held') a
      full join open o on o.user_id = a.user_id
     where coalesce(a.balance_kobo, 0) <> coalesce(o.total, 0)`);
  return (result as unknown as { rows: { user_id: string; held: string; open: string }[] }).rows;
}

/** Row counts of the ledger tables, to prove that a refused operation wrote nothing. */
export async function ledgerRowCounts(db: Database) {
  const [transfers, entries, accounts] = await Promise.all([
    db.$count(ledgerTransfers),
    db.$count(ledgerEntries),
    db.$count(ledgerAccounts),
  ]);
  return { transfers, entries, accounts };
}

type BackdatedKind = "advert_reward" | "referral_reward" | "withdrawal_hold" | "withdrawal_release" | "upgrade_payment";

/**
 * A transfer of one of the kinds that touch a member's accounts, posted at a chosen instant (a
 * fixed clock for period boundaries). The ledger's own `transfer()` stamps `now()`, so this writes
 * the rows `ledger_write_transfer` writes — one transfer and its two legs, in one transaction —
 * with `created_at` given. The database triggers still check the legs, move the cached balances
 * and refuse a debit the member cannot cover.
 *
 *   advert_reward / referral_reward: platform rewards account → member available
 *   withdrawal_hold: available → held; withdrawal_release: held → available
 *   upgrade_payment: available → membership revenue
 */
export async function backdatedTransfer(
  db: Database,
  input: { userId: string; amountKobo: Kobo; at: Date; kind?: BackdatedKind },
): Promise<string> {
  const kind = input.kind ?? "advert_reward";
  const { availableId, heldId } = await ensureUserAccounts(db, input.userId);
  const [debitAccountId, creditAccountId] =
    kind === "advert_reward"
      ? [await platformAccountId(db, "advert_rewards"), availableId]
      : kind === "referral_reward"
        ? [await platformAccountId(db, "referral_rewards"), availableId]
        : kind === "withdrawal_hold"
          ? [availableId, heldId]
          : kind === "withdrawal_release"
            ? [heldId, availableId]
            : [availableId, await platformAccountId(db, "membership_revenue")];
  return postTransferAt(db, { kind, debitAccountId, creditAccountId, amountKobo: input.amountKobo, at: input.at });
}

/** A row of `backdatedTransfers`: the member, the amount, the instant (ISO) and the kind (advert_reward unless given). */
export type Backdated = readonly [userId: string, amountKobo: Kobo, at: string, kind?: BackdatedKind];

/** Posts each row with `backdatedTransfer`, one after another. */
export async function backdatedTransfers(db: Database, rows: readonly Backdated[]): Promise<void> {
  for (const [userId, amountKobo, at, kind] of rows)
    await backdatedTransfer(db, { userId, amountKobo, at: new Date(at), kind });
}

/**
 * Completes a member's withdrawal at `at` as the ledger books it: the payout (amount − fee) to
 * the bank and the fee, both from the member's held account (the hold was posted before).
 */
export async function backdatedWithdrawalCompletion(
  db: Database,
  input: { userId: string; amountKobo: Kobo; feeKobo: Kobo; at: Date },
): Promise<void> {
  const { heldId } = await ensureUserAccounts(db, input.userId);
  await postTransferAt(db, {
    kind: "withdrawal_payout",
    debitAccountId: heldId,
    creditAccountId: await platformAccountId(db, "bank_payouts"),
    amountKobo: input.amountKobo - input.feeKobo,
    at: input.at,
  });
  if (input.feeKobo > 0n)
    await postTransferAt(db, {
      kind: "withdrawal_fee",
      debitAccountId: heldId,
      creditAccountId: await platformAccountId(db, "withdrawal_fees"),
      amountKobo: input.feeKobo,
      at: input.at,
    });
}

/**
 * Posts a transfer as if it had happened at `at` (the ledger stamps `now()`, and a test needs a
 * fixed clock): the transfer and both of its entries, in one transaction, as `transfer()` writes
 * them. The entry trigger still checks the legs and moves the cached balances.
 */
export async function postTransferAt(
  db: Database,
  input: { kind: LedgerTransfer["kind"]; debitAccountId: string; creditAccountId: string; amountKobo: Kobo; at: Date },
): Promise<string> {
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(ledgerTransfers).values({
      id,
      kind: input.kind,
      debitAccountId: input.debitAccountId,
      creditAccountId: input.creditAccountId,
      amountKobo: input.amountKobo,
      idempotencyKey: `test-at:${id}`,
      createdAt: input.at,
    });
    await tx.insert(ledgerEntries).values([
      {
        id: newId(),
        transferId: id,
        accountId: input.debitAccountId,
        amountKobo: -input.amountKobo,
        createdAt: input.at,
      },
      {
        id: newId(),
        transferId: id,
        accountId: input.creditAccountId,
        amountKobo: input.amountKobo,
        createdAt: input.at,
      },
    ]);
  });
  return id;
}
