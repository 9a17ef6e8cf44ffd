import type { Database } from "~/db/client.server";
import { databaseErrorOf } from "~/db/errors.server";
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from "~/db/schema";
import { newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import { transfer } from "./transfer.server";

/**
 * Test helper: gives a user `amountKobo` of available balance the only way money ever moves —
 * a transfer, here an advert reward from the platform's advert-rewards account.
 */
export async function creditUser(db: Database, userId: string, amountKobo: Kobo): Promise<string> {
  const result = await transfer(db, {
    from: { platform: "advert_rewards" },
    to: { userId, kind: "available" },
    amountKobo,
    kind: "advert_reward",
    idempotencyKey: `test-credit:${newId()}`,
  });
  return result.transferId;
}

/** Resolves with the database error a statement failed with (fails the test if it succeeded). */
export async function databaseError(query: Promise<unknown>): Promise<{ code?: string; message: string }> {
  const err = await query.then(
    () => {
      throw new Error("the statement succeeded but should have been refused");
    },
    (e: unknown) => e,
  );
  return databaseErrorOf(err) ?? { message: String((err as Error).message) };
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
