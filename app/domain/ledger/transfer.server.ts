import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ledgerAccounts, ledgerEntries, ledgerTransferKind, ledgerTransfers } from "~/db/schema";
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

function isCheckViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { code, constraint: name, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === "23514") return name === constraint || (typeof message === "string" && message.includes(constraint));
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

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
 * (−amount on `from`, +amount on `to`); the database trigger moves both cached balances.
 *
 * - Runs inside the caller's transaction when given one (in a savepoint, so a refusal leaves the
 *   caller's transaction usable), otherwise in its own transaction.
 * - Both accounts are locked (`SELECT … FOR UPDATE`) in id order, so opposite transfers between
 *   two accounts cannot deadlock. A caller posting several transfers in one transaction locks
 *   all their accounts first with {@link lockAccounts}.
 * - The idempotency key is unique in the database: a repeat returns `{ status: "duplicate" }`
 *   with the first transfer's id and moves nothing, also when the calls race; a repeat that
 *   differs (accounts, amount, kind, reference) throws {@link IdempotencyKeyReusedError}.
 * - A debit that would take a user account below zero is refused by the database CHECK and
 *   surfaces as {@link InsufficientFundsError}, with nothing written.
 */
export async function transfer(db: Database, input: TransferInput): Promise<TransferResult> {
  validate(input);
  return db.transaction(async (tx) => {
    // Find both accounts (no lock yet), opening a user's accounts on their first movement; then
    // lock them. Locks are taken only after that, all in one statement, in id order.
    const [debitAccountId, creditAccountId] = (await resolveAccounts(tx, [input.from, input.to])) as [string, string];
    if (debitAccountId === creditAccountId) throw new RangeError("transfer: from and to are the same account");
    const locked = await lockAccountIds(tx, [debitAccountId, creditAccountId]);
    const debitBalance = locked.get(debitAccountId) ?? 0n;

    const transferId = newId();
    const inserted = await tx
      .insert(ledgerTransfers)
      .values({
        id: transferId,
        kind: input.kind,
        debitAccountId,
        creditAccountId,
        amountKobo: input.amountKobo,
        idempotencyKey: input.idempotencyKey,
        referenceType: input.reference?.type ?? null,
        referenceId: input.reference?.id ?? null,
      })
      .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
      .returning({ id: ledgerTransfers.id });
    if (inserted.length === 0) {
      // The key is taken (if by a transaction still running, the insert waited for its commit).
      const [earlier] = await tx
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey));
      if (!earlier) throw new Error(`transfer: key ${input.idempotencyKey} conflicted but no transfer is visible`);
      if (!sameMovement(earlier, debitAccountId, creditAccountId, input)) {
        throw new IdempotencyKeyReusedError(input.idempotencyKey, earlier.id);
      }
      return { status: "duplicate", transferId: earlier.id };
    }

    try {
      await tx.insert(ledgerEntries).values([
        { id: newId(), transferId, accountId: debitAccountId, amountKobo: -input.amountKobo },
        { id: newId(), transferId, accountId: creditAccountId, amountKobo: input.amountKobo },
      ]);
    } catch (err) {
      if (isCheckViolation(err, BALANCE_CHECK)) {
        throw new InsufficientFundsError(debitAccountId, input.amountKobo, debitBalance);
      }
      throw err;
    }
    return { status: "posted", transferId };
  });
}

type FoundAccount = { id: string; kind: string; userId: string | null; code: string | null };

const refCondition = (ref: AccountRef) =>
  "accountId" in ref
    ? eq(ledgerAccounts.id, ref.accountId)
    : "platform" in ref
      ? eq(ledgerAccounts.code, ref.platform)
      : and(eq(ledgerAccounts.userId, ref.userId), eq(ledgerAccounts.kind, `user_${ref.kind}` as const));

const matches = (ref: AccountRef, row: FoundAccount) =>
  "accountId" in ref
    ? row.id === ref.accountId
    : "platform" in ref
      ? row.code === ref.platform
      : row.userId === ref.userId && row.kind === `user_${ref.kind}`;

/**
 * Locks every account a caller's transaction is about to move money on, in one go and in the
 * global (id) order. A caller that posts several transfers in one transaction calls this first
 * with all of their accounts (e.g. withdrawal completion: held, bank payouts, withdrawal fees);
 * otherwise two such transactions touching the same accounts in different orders can deadlock.
 * Must run inside a transaction (the locks last until it ends).
 */
export async function lockAccounts(tx: Database, refs: AccountRef[]): Promise<void> {
  await lockAccountIds(tx, await resolveAccounts(tx, refs));
}

/** The ids of the accounts named (same order), opening users' accounts when missing. */
async function resolveAccounts(tx: Database, refs: AccountRef[]): Promise<string[]> {
  const find = async () => {
    const rows: FoundAccount[] = await tx
      .select({
        id: ledgerAccounts.id,
        kind: ledgerAccounts.kind,
        userId: ledgerAccounts.userId,
        code: ledgerAccounts.code,
      })
      .from(ledgerAccounts)
      .where(or(...refs.map(refCondition)));
    return refs.map((ref) => rows.find((row) => matches(ref, row))?.id);
  };
  let ids = await find();
  if (ids.some((id) => id === undefined)) {
    const missingUsers = new Set<string>();
    for (const [i, ref] of refs.entries()) {
      if (ids[i] !== undefined) continue;
      if (!("userId" in ref)) throw new UnknownLedgerAccountError(ref);
      missingUsers.add(ref.userId);
    }
    for (const userId of [...missingUsers].sort()) await ensureUserAccounts(tx, userId);
    ids = await find();
  }
  return ids.map((id) => {
    if (id === undefined) throw new Error("transfer: could not open the ledger accounts");
    return id;
  });
}

/** SELECT … FOR UPDATE in id order (rows are locked in the order the statement returns them). */
async function lockAccountIds(tx: Database, ids: string[]): Promise<Map<string, Kobo>> {
  const rows = await tx
    .select({ id: ledgerAccounts.id, balanceKobo: ledgerAccounts.balanceKobo })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...new Set(ids)]))
    .orderBy(asc(ledgerAccounts.id))
    .for("update");
  return new Map(rows.map((r) => [r.id, r.balanceKobo]));
}
