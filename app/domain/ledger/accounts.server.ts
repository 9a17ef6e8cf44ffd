import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ledgerAccounts } from "~/db/schema";
import { newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";

/**
 * The platform's own accounts. They may go below zero: advert and referral rewards are expense
 * accounts whose balance is minus what has been paid out; bank payouts and withdrawal fees count
 * what left to banks and what the platform earned in fees; bank receipts counts (as minus) the money
 * that came in from outside, e.g. upgrades paid by bank transfer.
 *
 * They keep no cached balance (`balance_kobo` is null) and are never locked: every reward would
 * otherwise queue on one row (decision 009). Read a platform balance with {@link platformBalance}.
 */
export const PLATFORM_ACCOUNT_CODES = [
  "advert_rewards",
  "referral_rewards",
  "membership_revenue",
  "withdrawal_fees",
  "campaign_fees",
  "bank_payouts",
  "bank_receipts",
  /** Money the payment provider collected for us and has not settled to our bank (minus, as bank receipts). */
  "provider_clearing",
  /** The payment provider's fees on what it collected (an expense). */
  "provider_fees",
  /**
   * Payments held for an admin (paid, not as asked) whose refund was asked for: money the provider
   * holds that is owed back to the payer until the refund is processed.
   */
  "payments_held",
  /** Card disputes the platform lost: what the provider took back for the payer (an expense). */
  "dispute_losses",
] as const;
export type PlatformAccountCode = (typeof PLATFORM_ACCOUNT_CODES)[number];

export type UserAccountKind = "available" | "held";

/** Names an account: by id, as a user's available/held account, or as a platform account. */
export type AccountRef =
  { accountId: string } | { userId: string; kind: UserAccountKind } | { platform: PlatformAccountCode };

export class UnknownLedgerAccountError extends Error {
  constructor(readonly ref: AccountRef) {
    super(`No ledger account ${JSON.stringify(ref)}`);
    this.name = "UnknownLedgerAccountError";
  }
}

/** Creates the platform accounts that do not exist yet. Idempotent; run at every start. */
export async function seedPlatformAccounts(db: Database): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(PLATFORM_ACCOUNT_CODES.map((code) => ({ id: newId(), kind: "platform" as const, code, balanceKobo: null })))
    .onConflictDoNothing({ target: ledgerAccounts.code });
}

export async function platformAccountId(db: Database, code: PlatformAccountCode): Promise<string> {
  const [row] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  if (!row) throw new UnknownLedgerAccountError({ platform: code });
  return row.id;
}

/**
 * A platform account's balance: the sum of its entries (platform accounts keep no cached balance).
 * An aggregate over the account's entries through the (account_id, created_at) index — cheap for
 * an admin page or a report, not meant for a per-request path.
 */
export async function platformBalance(db: Database, code: PlatformAccountCode): Promise<Kobo> {
  const result = await db.execute(sql`
    select (select coalesce(sum(e.amount_kobo), 0) from ledger_entries e where e.account_id = a.id)::text as balance
      from ledger_accounts a
     where a.kind = 'platform' and a.code = ${code}`);
  const [row] = (result as unknown as { rows: { balance: string }[] }).rows;
  if (!row) throw new UnknownLedgerAccountError({ platform: code });
  return BigInt(row.balance);
}

export type UserAccountIds = { availableId: string; heldId: string };

async function findUserAccounts(db: Database, userId: string): Promise<Partial<UserAccountIds>> {
  const rows = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  return {
    availableId: rows.find((r) => r.kind === "user_available")?.id,
    heldId: rows.find((r) => r.kind === "user_held")?.id,
  };
}

/**
 * A user's available and held accounts, opened on first use (safe to call concurrently: the
 * unique (user_id, kind) index decides, the loser reads the winner's rows). Call it in the
 * transaction that creates the user so later money movements find the accounts in place.
 */
export async function ensureUserAccounts(db: Database, userId: string): Promise<UserAccountIds> {
  const found = await findUserAccounts(db, userId);
  if (found.availableId && found.heldId) return { availableId: found.availableId, heldId: found.heldId };
  await db
    .insert(ledgerAccounts)
    .values([
      { id: newId(), kind: "user_available", userId },
      { id: newId(), kind: "user_held", userId },
    ])
    .onConflictDoNothing({ target: [ledgerAccounts.userId, ledgerAccounts.kind] });
  const opened = await findUserAccounts(db, userId);
  if (!opened.availableId || !opened.heldId) {
    throw new Error(`Could not open ledger accounts for user ${userId}`);
  }
  return { availableId: opened.availableId, heldId: opened.heldId };
}

/** A user's balances (zero when no money has ever moved for them). Opens nothing. */
export async function balances(db: Database, userId: string): Promise<{ availableKobo: Kobo; heldKobo: Kobo }> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balanceKobo: ledgerAccounts.balanceKobo })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  return {
    availableKobo: rows.find((r) => r.kind === "user_available")?.balanceKobo ?? 0n,
    heldKobo: rows.find((r) => r.kind === "user_held")?.balanceKobo ?? 0n,
  };
}
