import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { seedDefaultTiers } from "~/domain/memberships/default-tiers";
import { openDatabaseToMigrate } from "~test/database";
import { backdatedTransfer, backdatedTransfers, expectLedgerReconciled } from "~test/ledger";

// Migration 0016 on a database that already has money in it: the rollups start out equal to the
// ledger (its backfill), and the trigger adds every later transfer to the same rows.
const { handle, migrateBefore, migrateAll } = await openDatabaseToMigrate();

describe("migration 0016 (ledger rollups)", () => {
  it("fills the rollups from the ledger already written, then keeps them", async () => {
    await migrateBefore(16);
    const { db } = handle;
    await seedDefaultTiers(db);
    // The platform accounts of that time, written in SQL: the app's schema has columns added later.
    await db.execute(sql`
      insert into ledger_accounts (id, kind, code, balance_kobo)
      select 'platform-' || code, 'platform', code, null
        from unnest(array['advert_rewards', 'referral_rewards', 'membership_revenue', 'withdrawal_fees',
                          'bank_payouts', 'bank_receipts']) as code`);
    // The member too: later migrations changed the users table the factories write.
    const earner = { id: "earner" };
    await db.execute(sql`
      insert into users (id, display_id, name, email, password_hash, referral_code, is_approved)
      values (${earner.id}, 'U00000001', 'Ada', 'ada@example.ng', 'x', 'CODE000001', true)`);
    await db.execute(sql`
      insert into ledger_accounts (id, kind, user_id)
      values (${"available-" + earner.id}, 'user_available', ${earner.id}), (${"held-" + earner.id}, 'user_held', ${earner.id})`);
    await backdatedTransfers(db, [
      [earner.id, 700n, "2026-10-31T22:30:00Z"],
      [earner.id, 300n, "2026-11-01T09:00:00Z", "referral_reward"],
      [earner.id, 100n, "2026-11-02T09:00:00Z", "withdrawal_hold"],
    ]);

    await migrateAll();

    const periods = async () =>
      rowsOf<{ period: string; period_start: string; amount_kobo: string }>(
        await db.execute(sql`
          select period::text, period_start::text, amount_kobo::text from member_period_earnings e
           where user_id = ${earner.id} order by e.period, e.period_start`),
      ).map((r) => [r.period, r.period_start, r.amount_kobo]);
    expect(await periods()).toEqual([
      ["week", "2026-10-25", "700"], // Sat 31 Oct 23:30 Lagos
      ["week", "2026-11-01", "300"],
      ["month", "2026-10-01", "700"],
      ["month", "2026-11-01", "300"],
      ["year", "2026-01-01", "1000"],
    ]);
    const [days] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ledger_daily_totals`));
    expect(days!.n).toBe(3);
    await expectLedgerReconciled(db);

    await backdatedTransfer(db, { userId: earner.id, amountKobo: 5n, at: new Date("2026-11-03T09:00:00Z") });
    expect((await periods()).filter(([p]) => p !== "week")).toEqual([
      ["month", "2026-10-01", "700"],
      ["month", "2026-11-01", "305"],
      ["year", "2026-01-01", "1005"],
    ]);
    await expectLedgerReconciled(db);
  });
});
