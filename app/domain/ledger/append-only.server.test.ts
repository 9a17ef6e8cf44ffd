import { asc, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from "~/db/schema";
import { newId } from "~/domain/shared/ids";
import { openTestDatabase, databaseError } from "~test/database";
import { createUser, creditUser } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { balances, ensureUserAccounts, platformAccountId } from "./accounts.server";
import { transfer } from "./transfer.server";

const { db } = await openTestDatabase();
let userId: string;
let accounts: { availableId: string; heldId: string };
beforeAll(async () => {
  userId = (await createUser(db)).id;
  accounts = await ensureUserAccounts(db, userId);
  await creditUser(db, userId, 10_000n);
  await transfer(db, {
    from: { userId, kind: "available" },
    to: { userId, kind: "held" },
    amountKobo: 4_000n,
    kind: "withdrawal_hold",
    idempotencyKey: "append-only:hold",
  });
});

const snapshot = async () => ({
  accounts: await db.select().from(ledgerAccounts).orderBy(asc(ledgerAccounts.id)),
  transfers: await db.select().from(ledgerTransfers).orderBy(asc(ledgerTransfers.id)),
  entries: await db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id)),
});

async function expectRefused(statement: ReturnType<typeof sql>, message: RegExp, code = "42501") {
  const err = await databaseError(db.execute(statement));
  expect(err.message).toMatch(message);
  expect(err.code).toBe(code);
}

describe("the ledger is append-only, enforced by the database", () => {
  it("refuses UPDATE, DELETE and TRUNCATE of entries and transfers", async () => {
    const before = await snapshot();
    for (const table of ["ledger_entries", "ledger_transfers"]) {
      const t = sql.raw(table);
      await expectRefused(sql`update ${t} set created_at = now()`, /append-only: UPDATE/);
      await expectRefused(sql`delete from ${t}`, /append-only: DELETE/);
      await expectRefused(sql`truncate table ${t} cascade`, /append-only: TRUNCATE/);
    }
    await expectRefused(sql`truncate ledger_entries`, /ledger_entries is append-only: TRUNCATE/);
    // ledger_transfers is referenced by entries: a plain TRUNCATE is refused even before the trigger.
    await expectRefused(sql`truncate ledger_transfers`, /foreign key|append-only/, "0A000");
    await expectRefused(sql`update ledger_entries set amount_kobo = amount_kobo * 2`, /append-only: UPDATE/);
    await expectRefused(
      sql`update ledger_entries set amount_kobo = 1 where account_id = ${accounts.availableId}`,
      /append-only/,
    );
    await expectRefused(sql`update ledger_transfers set amount_kobo = 1`, /append-only/);
    await expectRefused(sql`update ledger_transfers set idempotency_key = 'other'`, /append-only/);
    await expectRefused(sql`delete from ledger_entries where account_id = ${accounts.heldId}`, /append-only/);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses deleting accounts, changing their identity and writing a balance directly", async () => {
    const other = await createUser(db);
    const before = await snapshot();
    await expectRefused(sql`delete from ledger_accounts where id = ${accounts.availableId}`, /append-only: DELETE/);
    await expectRefused(sql`truncate ledger_accounts cascade`, /append-only: TRUNCATE/);
    await expectRefused(
      sql`update ledger_accounts set balance_kobo = 1000000 where id = ${accounts.availableId}`,
      /balance changes only through ledger entries/,
    );
    await expectRefused(sql`update ledger_accounts set balance_kobo = balance_kobo + 1`, /only through ledger entries/);
    await expectRefused(
      sql`update ledger_accounts set balance_kobo = 0 where kind = 'platform'`,
      /only through ledger entries/,
    );
    // An account opens at zero: opening one with money in it would be a balance without entries.
    await expectRefused(
      sql`insert into ledger_accounts (id, kind, user_id, balance_kobo) values (${newId()}, 'user_available', ${other.id}, 1000000)`,
      /an account opens with a balance of 0/,
    );
    await expectRefused(
      sql`update ledger_accounts set user_id = null, code = 'stolen' where id = ${accounts.availableId}`,
      /only the balance of an account can change/,
    );
    await expectRefused(
      sql`update ledger_accounts set kind = 'platform' where id = ${accounts.heldId}`,
      /only the balance of an account can change/,
    );
    await expectRefused(
      sql`update ledger_accounts set user_id = ${other.id} where id = ${accounts.heldId}`,
      /only the balance of an account can change/,
    );
    // The same inside a transaction: the refusal aborts it.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`delete from ledger_entries where account_id = ${accounts.availableId}`);
      }),
    ).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
    expect(await balances(db, userId)).toEqual({ availableKobo: 6_000n, heldKobo: 4_000n });
  });

  it("refuses entries that are not exactly the two legs of their transfer", async () => {
    const before = await snapshot();
    const bankPayouts = await platformAccountId(db, "bank_payouts");
    const [existing] = await db.select().from(ledgerTransfers).limit(1);

    // An extra entry on an existing transfer, on another account or with another amount.
    await expectRefused(
      sql`insert into ledger_entries (id, transfer_id, account_id, amount_kobo)
          values (${newId()}, ${existing!.id}, ${bankPayouts}, 5)`,
      /is not a leg of transfer/,
      "23000",
    );
    /** A ₦50.00 reward written by hand with `legs` as its only entries; resolves with the database's refusal. */
    const handWritten = (label: string, legs: { accountId: string; amountKobo: bigint }[]) =>
      databaseError(
        db.transaction(async (tx) => {
          const id = newId();
          await tx.insert(ledgerTransfers).values({
            id,
            kind: "advert_reward",
            debitAccountId: bankPayouts,
            creditAccountId: accounts.availableId,
            amountKobo: 5_000n,
            idempotencyKey: `${label}:${id}`,
          });
          if (legs.length)
            await tx.insert(ledgerEntries).values(legs.map((leg) => ({ id: newId(), transferId: id, ...leg })));
        }),
      );
    // Money out of nowhere: a transfer with only its credit leg (refused when the transaction commits).
    const err = await handWritten("one-legged", [{ accountId: accounts.availableId, amountKobo: 5_000n }]);
    expect(err).toMatchObject({
      code: "23000",
      message: expect.stringMatching(/does not have exactly its two entries/),
    });
    // A transfer with no entries at all.
    const bare = await handWritten("bare", []);
    expect(bare.code).toBe("23000");
    // Legs with mismatched amounts.
    const lopsided = await handWritten("lopsided", [
      { accountId: bankPayouts, amountKobo: -1n },
      { accountId: accounts.availableId, amountKobo: 5_000n },
    ]);
    expect(lopsided).toMatchObject({ code: "23000", message: expect.stringMatching(/is not a leg of transfer/) });
    expect(await snapshot()).toEqual(before);
    await expectLedgerReconciled(db);
  });

  it("keeps the CHECK on user balances as the last line of defence", async () => {
    // Even a hand-written transfer with both legs cannot overdraw a user.
    const bankPayouts = await platformAccountId(db, "bank_payouts");
    const err = await databaseError(
      db.transaction(async (tx) => {
        const id = newId();
        await tx.insert(ledgerTransfers).values({
          id,
          kind: "withdrawal_payout",
          debitAccountId: accounts.availableId,
          creditAccountId: bankPayouts,
          amountKobo: 6_001n,
          idempotencyKey: `by-hand:${id}`,
        });
        await tx.insert(ledgerEntries).values([
          { id: newId(), transferId: id, accountId: accounts.availableId, amountKobo: -6_001n },
          { id: newId(), transferId: id, accountId: bankPayouts, amountKobo: 6_001n },
        ]);
      }),
    );
    expect(err).toMatchObject({
      code: "23514",
      message: expect.stringMatching(/ledger_accounts_user_balance_non_negative/),
    });
    expect(await balances(db, userId)).toEqual({ availableKobo: 6_000n, heldKobo: 4_000n });
  });
});
