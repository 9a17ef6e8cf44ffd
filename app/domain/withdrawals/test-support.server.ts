import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "~/db/client.server";
import { appSettings, bankAccounts, ledgerAccounts, ledgerEntries } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { creditUser } from "~/domain/ledger/test-support.server";
import type { Permission } from "~/domain/permissions/permissions";
import { newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import { createUser, type UserOverrides } from "~test/factories";

/** A bank on the CBN list (app/domain/banks), for members' payout accounts in tests. */
export const TEST_BANK_CODE = "058";

/** Test helper: an admin actor (by default holding only manage_withdrawals). */
export async function withdrawalAdmin(
  db: Database,
  permissions: readonly Permission[] = ["manage_withdrawals"],
  role: "admin" | "super_admin" = "admin",
): Promise<Actor> {
  const user = await createUser(db, { role, permissions });
  return { id: user.id, role, permissions: user.permissions, ip: "102.89.7.7" };
}

/** Test helper: a member's payout account, as the profile stores it (written directly here). */
export async function setBankDetails(
  db: Database,
  userId: string,
  details: { accountHolderName?: string; bankCode?: string; accountNumber?: string } = {},
) {
  const values = {
    userId,
    accountHolderName: details.accountHolderName ?? "Adaeze Okafor",
    bankCode: details.bankCode ?? TEST_BANK_CODE,
    accountNumber: details.accountNumber ?? "0123456789",
  };
  await db
    .insert(bankAccounts)
    .values(values)
    .onConflictDoUpdate({ target: bankAccounts.userId, set: { ...values, updatedAt: new Date() } });
}

/**
 * Test helper: an approved member with bank details (unless `bank: false`) and, when given, an
 * available balance credited through the ledger.
 */
export type PayeeOptions = UserOverrides & {
  balanceKobo?: Kobo;
  /** The payout account (defaults when omitted), or false for none. */
  bank?: false | Parameters<typeof setBankDetails>[2];
};
// Two signatures so that `Parameters<typeof payee>[1]` names the options type itself.
export async function payee(db: Database): Promise<Awaited<ReturnType<typeof createUser>>>;
export async function payee(db: Database, options: PayeeOptions): Promise<Awaited<ReturnType<typeof createUser>>>;
export async function payee(db: Database, options: PayeeOptions = {}) {
  const { balanceKobo, bank, ...overrides } = options;
  const user = await createUser(db, { isApproved: true, ...overrides });
  if (bank !== false) await setBankDetails(db, user.id, bank ?? {});
  if (balanceKobo && balanceKobo > 0n) await creditUser(db, user.id, balanceKobo);
  return user;
}

/** Test helper: the withdrawal limits and fee in the app settings. */
export async function setWithdrawalSettings(db: Database, settings: { minKobo?: Kobo; maxKobo?: Kobo; feeBps?: number }) {
  await db
    .update(appSettings)
    .set({
      ...(settings.minKobo === undefined ? {} : { minWithdrawalKobo: settings.minKobo }),
      ...(settings.maxKobo === undefined ? {} : { maxWithdrawalKobo: settings.maxKobo }),
      ...(settings.feeBps === undefined ? {} : { withdrawalFeeBps: settings.feeBps }),
    })
    .where(eq(appSettings.id, 1));
}

/** A fresh form key, as the profile page would render it. */
export const formKey = () => newId();

/**
 * A platform account's balance (bank payouts, withdrawal fees…), as the sum of its entries:
 * right whether or not the ledger keeps a cached balance for platform accounts.
 */
export async function platformBalance(db: Database, code: "bank_payouts" | "withdrawal_fees"): Promise<Kobo> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerAccounts.code, code));
  return BigInt(row?.total ?? "0");
}

/**
 * Users whose held balance differs from the sum of their open (pending + processing)
 * withdrawals: must be none, always.
 */
export async function heldMismatches(db: Database) {
  const result = await db.execute(sql`
    with open as (
      select user_id, sum(amount_kobo) as total from withdrawals
       where status in ('pending', 'processing') group by user_id
    )
    select coalesce(a.user_id, o.user_id) as user_id,
           coalesce(a.balance_kobo, 0)::text as held, coalesce(o.total, 0)::text as open
      from (select user_id, balance_kobo from ledger_accounts where kind = 'user_held') a
      full join open o on o.user_id = a.user_id
     where coalesce(a.balance_kobo, 0) <> coalesce(o.total, 0)`);
  return (result as unknown as { rows: { user_id: string; held: string; open: string }[] }).rows;
}

/** The books balance and every held balance is exactly the member's open withdrawals. */
export async function expectBooksBalanced(db: Database) {
  const report = await reconcile(db);
  expect(report).toMatchObject({ ok: true, totalKobo: 0n, mismatches: [], negativeUserAccounts: [], unbalancedTransfers: [] });
  expect(await heldMismatches(db)).toEqual([]);
}
