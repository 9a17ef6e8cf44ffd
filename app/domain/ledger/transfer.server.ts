import { eq, type SQL, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { type Database, rowsOf } from "~/db/client.server";
import { isCheckViolation } from "~/db/errors.server";
import { ledgerTransferKind, ledgerTransfers } from "~/db/schema";
import { newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import { type AccountRef, ensureUserAccounts, UnknownLedgerAccountError } from "./accounts.server";

export const TRANSFER_KINDS = ledgerTransferKind.enumValues;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export type TransferInput = {
  /** The account debited (its balance goes down by the amount). */
  from: AccountRef;
  /** The account credited (its balance goes up by the amount). */
  to: AccountRef;
  amountKobo: Kobo;
  kind: TransferKind;
  /**
   * Names this movement uniquely and stably, derived from what is being paid for
   * (e.g. `advert-reward:<viewId>`, `withdrawal:<id>:hold`): a retry, double click or race with
   * the same key moves the money at most once.
   */
  idempotencyKey: string;
  /** What the money is for, e.g. `{ type: "withdrawal", id }`. */
  reference?: { type: string; id: string };
};

export type TransferResult = { status: "posted" | "duplicate"; transferId: string };

/**
 * For a movement whose key belongs to one record and one step alone (a new request's hold, a
 * decision guarded by a status change): found posted already means the guard failed, a broken
 * invariant, so the caller's transaction rolls back.
 */
export function expectPosted(result: TransferResult, idempotencyKey: string): void {
  if (result.status !== "posted") throw new Error(`ledger: ${idempotencyKey} was already posted`);
}

/** The debit would take a user account below zero. Nothing was written. */
export class InsufficientFundsError extends Error {
  constructor(
    readonly accountId: string,
    readonly amountKobo: Kobo,
    /** The account's balance when the transfer was refused (read under the row lock). */
    readonly balanceKobo: Kobo,
  ) {
    super(`Insufficient funds: account ${accountId} holds ${balanceKobo} kobo, ${amountKobo} kobo requested`);
    this.name = "InsufficientFundsError";
  }
}

/** The idempotency key was already used for a different movement: a bug in the caller. */
export class IdempotencyKeyReusedError extends Error {
  constructor(
    readonly idempotencyKey: string,
    readonly existingTransferId: string,
  ) {
    super(`Idempotency key ${idempotencyKey} already names another transfer (${existingTransferId})`);
    this.name = "IdempotencyKeyReusedError";
  }
}

const MAX_KEY_LENGTH = 200;
const BALANCE_CHECK = "ledger_accounts_user_balance_non_negative";

function validate(input: TransferInput) {
  if (typeof input.amountKobo !== "bigint") throw new TypeError("transfer: amountKobo must be a bigint (kobo)");
  if (input.amountKobo <= 0n) throw new RangeError(`transfer: amount must be positive (got ${input.amountKobo})`);
  if (input.idempotencyKey.length === 0 || input.idempotencyKey.length > MAX_KEY_LENGTH) {
    throw new RangeError(`transfer: the idempotency key must be 1–${MAX_KEY_LENGTH} characters`);
  }
  if (!(TRANSFER_KINDS as readonly string[]).includes(input.kind)) {
    throw new RangeError(`transfer: unknown kind ${input.kind}`);
  }
}

/** Compares a stored transfer with a new request for the same key. */
function sameMovement(
  row: typeof ledgerTransfers.$inferSelect,
  debitAccountId: string,
  creditAccountId: string,
  input: TransferInput,
): boolean {
  return (
    row.debitAccountId === debitAccountId &&
    row.creditAccountId === creditAccountId &&
    row.amountKobo === input.amountKobo &&
    row.kind === input.kind &&
    row.referenceType === (input.reference?.type ?? null) &&
    row.referenceId === (input.reference?.id ?? null)
  );
}

/**
 * Moves `amountKobo` from one ledger account to another: one transfer row, two entries
 * (−amount on `from`, +amount on `to`); the database trigger moves the cached balance of the user
 * accounts among them (platform accounts keep none, decision 009).
 *
 * - Runs inside the caller's transaction when given one, otherwise in its own. The transfer and
 *   both entries are written by one statement, so it is all or nothing by itself.
 * - User accounts are locked (`SELECT … FOR UPDATE`) in id order, so opposite transfers between
 *   two users cannot deadlock; platform accounts are never locked. A caller posting several
 *   transfers in one transaction locks all their accounts first with {@link lockAccounts}.
 * - A platform → user payment (an advert or referral reward) takes no lock of its own at all: it
 *   is one statement, whose trigger updates (and so locks) the one user account it credits.
 * - The idempotency key is unique in the database: a repeat returns `{ status: "duplicate" }`
 *   with the first transfer's id and moves nothing, also when the calls race; a repeat that
 *   differs (accounts, amount, kind, reference) throws {@link IdempotencyKeyReusedError}.
 * - A debit that would take a user account below zero is refused before anything is written
 *   (the balance is read under the row lock) and surfaces as {@link InsufficientFundsError}; the
 *   database CHECK stays as the last line of defence. No refusal leaves the caller's transaction
 *   unusable: refusals are decided before writing, and a user debit posted inside a caller's
 *   transaction still runs in a savepoint in case the CHECK ever fires.
 */
export async function transfer(db: Database, input: TransferInput): Promise<TransferResult> {
  validate(input);
  const { from, to } = input;
  if ("platform" in from && ("platform" in to || "userId" in to)) {
    if ("platform" in to && to.platform === from.platform) {
      throw new RangeError("transfer: from and to are the same account");
    }
    return payFromPlatform(db, input, from.platform, to);
  }
  if (isTransaction(db)) return transferLocked(db, input, { inCallerTransaction: true });
  return db.transaction((tx) => transferLocked(tx, input, { inCallerTransaction: false }));
}

const isTransaction = (db: Database) => db instanceof PgTransaction;

/**
 * Platform → user (or platform → platform): nothing to lock and no balance to check, so one
 * statement finds both accounts and writes the transfer with its entries. Opens the user's
 * accounts when it finds none, then tries once more.
 */
async function payFromPlatform(
  db: Database,
  input: TransferInput,
  code: string,
  to: Extract<AccountRef, { platform: string } | { userId: string }>,
): Promise<TransferResult> {
  const debit = sql`(select id from ledger_accounts where kind = 'platform' and code = ${code})`;
  const credit =
    "platform" in to
      ? sql`(select id from ledger_accounts where kind = 'platform' and code = ${to.platform})`
      : sql`(select id from ledger_accounts where user_id = ${to.userId} and kind = ${`user_${to.kind}`})`;
  let written = await writeTransfer(db, input, debit, credit);
  if (written.debitId === null) throw new UnknownLedgerAccountError(input.from);
  if (written.creditId === null) {
    if (!("userId" in to)) throw new UnknownLedgerAccountError(to);
    // The member's first money: open their accounts and post in one transaction, so that a
    // refusal (a reused key) leaves nothing behind.
    if (!isTransaction(db)) return db.transaction((tx) => payFromPlatform(tx, input, code, to));
    await ensureUserAccounts(db, to.userId);
    written = await writeTransfer(db, input, debit, credit);
    if (written.creditId === null) throw new Error("transfer: could not open the ledger accounts");
  }
  return settled(db, input, written as Written & { debitId: string; creditId: string });
}

/**
 * Any transfer that debits a user account (or names accounts by id): lock the user accounts in id
 * order, check the debited balance under the lock, then write.
 */
async function transferLocked(
  tx: Database,
  input: TransferInput,
  { inCallerTransaction }: { inCallerTransaction: boolean },
): Promise<TransferResult> {
  const [debit, credit] = (await lockAndResolve(tx, [input.from, input.to])) as [Resolved, Resolved];
  if (debit.id === credit.id) throw new RangeError("transfer: from and to are the same account");
  if (debit.balanceKobo !== null && debit.balanceKobo < input.amountKobo) {
    // Refused unless this exact movement was already posted (a retry after the money moved).
    const earlier = await findByKey(tx, input.idempotencyKey);
    if (earlier) return duplicateOf(earlier, debit.id, credit.id, input);
    throw new InsufficientFundsError(debit.id, input.amountKobo, debit.balanceKobo);
  }
  const write = async (db: Database) => {
    try {
      return await writeTransfer(db, input, sql`${debit.id}::text`, sql`${credit.id}::text`);
    } catch (err) {
      // Cannot happen with the balance read under the lock; kept as the database's last word.
      if (isCheckViolation(err, BALANCE_CHECK)) {
        throw new InsufficientFundsError(debit.id, input.amountKobo, debit.balanceKobo ?? 0n);
      }
      throw err;
    }
  };
  const debitsUser = debit.balanceKobo !== null;
  const written = debitsUser && inCallerTransaction ? await tx.transaction((sp) => write(sp)) : await write(tx);
  return settled(tx, input, written as Written & { debitId: string; creditId: string });
}

type Written = { debitId: string | null; creditId: string | null; posted: boolean; transferId: string };

/**
 * One statement: the transfer (unless its idempotency key is taken) and both of its entries,
 * written by the database function `ledger_write_transfer` (migration 0010; the advert claim
 * uses it too). `debit` and `credit` are SQL expressions for the two account ids; when either is
 * null nothing is written. The entry trigger checks the legs and moves the user accounts' cached
 * balances.
 */
async function writeTransfer(db: Database, input: TransferInput, debit: SQL, credit: SQL): Promise<Written> {
  const transferId = newId();
  const result = await db.execute(sql`
    select debit_id, credit_id,
           case when debit_id is not null and credit_id is not null
                then ledger_write_transfer(${transferId}, ${input.kind}::ledger_transfer_kind, debit_id, credit_id,
                                           ${input.amountKobo.toString()}::bigint, ${input.idempotencyKey},
                                           ${input.reference?.type ?? null}::text, ${input.reference?.id ?? null}::text,
                                           ${newId()}, ${newId()})
                else false end as posted
      from (select ${debit} as debit_id, ${credit} as credit_id) accounts`);
  const [row] = rowsOf<{ debit_id: string | null; credit_id: string | null; posted: boolean }>(result);
  if (!row) throw new Error("transfer: the write returned no row");
  return { debitId: row.debit_id, creditId: row.credit_id, posted: row.posted === true, transferId };
}

/** Posted, or — when the key was taken (if by a transaction still running, after its commit) — a duplicate. */
async function settled(
  db: Database,
  input: TransferInput,
  written: Written & { debitId: string; creditId: string },
): Promise<TransferResult> {
  if (written.posted) return { status: "posted", transferId: written.transferId };
  const earlier = await findByKey(db, input.idempotencyKey);
  if (!earlier) throw new Error(`transfer: key ${input.idempotencyKey} conflicted but no transfer is visible`);
  return duplicateOf(earlier, written.debitId, written.creditId, input);
}

async function findByKey(db: Database, idempotencyKey: string) {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
  return row;
}

function duplicateOf(
  earlier: typeof ledgerTransfers.$inferSelect,
  debitAccountId: string,
  creditAccountId: string,
  input: TransferInput,
): TransferResult {
  if (!sameMovement(earlier, debitAccountId, creditAccountId, input)) {
    throw new IdempotencyKeyReusedError(input.idempotencyKey, earlier.id);
  }
  return { status: "duplicate", transferId: earlier.id };
}

/**
 * Locks every user account a caller's transaction is about to move money on, in one go and in
 * the global (id) order, and checks that the platform accounts named exist (they are never
 * locked: decision 009). A caller that posts several transfers in one transaction calls this
 * first with all of their accounts (e.g. withdrawal completion: held, bank payouts, withdrawal
 * fees); otherwise two such transactions touching the same users' accounts in different orders
 * can deadlock. Opens users' accounts when missing. Must run inside a transaction (the locks last
 * until it ends).
 */
export async function lockAccounts(tx: Database, refs: AccountRef[]): Promise<void> {
  await lockAndResolve(tx, refs);
}

/** A resolved account; `balanceKobo` is null for a platform account (never locked, no cached balance). */
type Resolved = { id: string; kind: string; userId: string | null; code: string | null; balanceKobo: Kobo | null };
type ResolvedRow = { id: string; kind: string; user_id: string | null; code: string | null; balance: string | null };

const matches = (ref: AccountRef, row: ResolvedRow) =>
  "accountId" in ref
    ? row.id === ref.accountId
    : "platform" in ref
      ? row.kind === "platform" && row.code === ref.platform
      : row.user_id === ref.userId && row.kind === `user_${ref.kind}`;

/**
 * The accounts named (same order), in one statement: user accounts locked `FOR UPDATE` in id
 * order with their balances read under the lock; platform accounts only looked up. Opens users'
 * accounts when missing, then locks again.
 */
async function lockAndResolve(tx: Database, refs: AccountRef[]): Promise<Resolved[]> {
  const userConditions: SQL[] = [];
  const platformConditions: SQL[] = [];
  for (const ref of refs) {
    if ("accountId" in ref) {
      userConditions.push(sql`id = ${ref.accountId}`);
      platformConditions.push(sql`id = ${ref.accountId}`);
    } else if ("platform" in ref) {
      platformConditions.push(sql`code = ${ref.platform}`);
    } else {
      userConditions.push(sql`(user_id = ${ref.userId} and kind = ${`user_${ref.kind}`})`);
    }
  }
  const any = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` or `) : sql`false`);
  const find = async () => {
    const result = await tx.execute(sql`
      with locked as (
        select id, kind, user_id, code, balance_kobo from ledger_accounts
         where kind <> 'platform' and (${any(userConditions)})
         order by id
           for update
      )
      select id, kind::text, user_id, code, balance_kobo::text as balance from locked
      union all
      select id, kind::text, user_id, code, null from ledger_accounts
       where kind = 'platform' and (${any(platformConditions)})`);
    const rows = rowsOf<ResolvedRow>(result);
    return refs.map((ref) => rows.find((row) => matches(ref, row)));
  };
  let found = await find();
  if (found.some((row) => row === undefined)) {
    const missingUsers = new Set<string>();
    for (const [i, ref] of refs.entries()) {
      if (found[i] !== undefined) continue;
      if (!("userId" in ref)) throw new UnknownLedgerAccountError(ref);
      missingUsers.add(ref.userId);
    }
    for (const userId of [...missingUsers].sort()) await ensureUserAccounts(tx, userId);
    found = await find();
  }
  return found.map((row) => {
    if (row === undefined) throw new Error("transfer: could not open the ledger accounts");
    return {
      id: row.id,
      kind: row.kind,
      userId: row.user_id,
      code: row.code,
      balanceKobo: row.kind === "platform" ? null : BigInt(row.balance ?? "0"),
    };
  });
}
