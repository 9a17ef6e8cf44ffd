import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedDefaultTiers } from "~/domain/memberships/default-tiers";
import { openDatabaseToMigrate } from "~test/database";
import { expectLedgerReconciled } from "~test/ledger";
import { balances, platformBalance } from "./accounts.server";
import { transfer } from "./transfer.server";

// Migration 0008 on a database that already has money in it: platform accounts that carried a
// cached balance lose it (their balance is the sum of their entries from then on), user balances
// are untouched, and the books still reconcile.
const { handle, migrateBefore, migrateAll } = await openDatabaseToMigrate();

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe("migration 0008 (platform accounts keep no cached balance)", () => {
  it("drops the platform accounts' cached balances, keeps the users' and the books", async () => {
    await migrateBefore(8);
    const { db } = handle;
    // Tiers only: the settings row has columns that later migrations add.
    await seedDefaultTiers(db);
    // Before 0008: platform accounts with cached balances, moved by the old entry trigger.
    await db.execute(sql`
      insert into ledger_accounts (id, kind, code)
      values ('p-rewards', 'platform', 'advert_rewards'), ('p-payouts', 'platform', 'bank_payouts')`);
    // Raw SQL: the users table as it was then (the factory writes columns later migrations add).
    const user = { id: "u-1" };
    await db.execute(sql`
      insert into users (id, display_id, name, email, password_hash, referral_code)
      values (${user.id}, 'U00000001', 'Ada Obi', 'ada@example.ng', 'not-a-hash', 'ADA00001')`);
    await db.execute(sql`
      insert into ledger_accounts (id, kind, user_id) values ('u-available', 'user_available', ${user.id})`);
    const post = async (id: string, from: string, to: string, amount: number) => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into ledger_transfers (id, kind, debit_account_id, credit_account_id, amount_kobo, idempotency_key)
          values (${id}, 'advert_reward', ${from}, ${to}, ${amount}, ${id})`);
        await tx.execute(sql`
          insert into ledger_entries (id, transfer_id, account_id, amount_kobo)
          values (${`${id}-d`}, ${id}, ${from}, ${-amount}), (${`${id}-c`}, ${id}, ${to}, ${amount})`);
      });
    };
    await post("t1", "p-rewards", "u-available", 5_000);
    await post("t2", "p-rewards", "u-available", 2_500);
    await post("t3", "u-available", "p-payouts", 1_000);
    const cached = rowsOf<{ id: string; balance_kobo: string }>(
      await db.execute(sql`select id, balance_kobo::text from ledger_accounts order by id`),
    );
    expect(cached).toEqual([
      { id: "p-payouts", balance_kobo: "1000" },
      { id: "p-rewards", balance_kobo: "-7500" },
      { id: "u-available", balance_kobo: "6500" },
    ]);

    await migrateAll();

    const after = rowsOf<{ id: string; balance_kobo: string | null }>(
      await db.execute(sql`select id, balance_kobo::text from ledger_accounts order by id`),
    );
    expect(after).toEqual([
      { id: "p-payouts", balance_kobo: null },
      { id: "p-rewards", balance_kobo: null },
      { id: "u-available", balance_kobo: "6500" },
    ]);
    expect(await platformBalance(db, "advert_rewards")).toBe(-7_500n);
    expect(await platformBalance(db, "bank_payouts")).toBe(1_000n);
    expect(await balances(db, user.id)).toEqual({ availableKobo: 6_500n, heldKobo: 0n });
    expect((await expectLedgerReconciled(db)).cachedTotalKobo).toBe(0n);

    // The new trigger: later payments move the user's cached balance, never the platform row's.
    await transfer(db, {
      from: { platform: "advert_rewards" },
      to: { userId: user.id, kind: "available" },
      amountKobo: 500n,
      kind: "advert_reward",
      idempotencyKey: "after-0008",
    });
    expect(await platformBalance(db, "advert_rewards")).toBe(-8_000n);
    expect((await balances(db, user.id)).availableKobo).toBe(7_000n);
    const rewards = rowsOf<{ balance_kobo: string | null }>(
      await db.execute(sql`select balance_kobo::text from ledger_accounts where id = 'p-rewards'`),
    );
    expect(rewards).toEqual([{ balance_kobo: null }]);
    await expectLedgerReconciled(db);
    // The guard trigger is back on: no direct balance write, on any account.
    await expect(
      db.execute(sql`update ledger_accounts set balance_kobo = 1 where id = 'u-available'`),
    ).rejects.toThrow();
  });
});
