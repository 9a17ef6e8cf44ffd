import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { seedDefaultTiers } from "~/domain/memberships/default-tiers";
import { openDatabaseToMigrate } from "~test/database";

// Migration 0020 on a database with members in it: the one last sign-in address each kept
// becomes the first of their recent ones, and the old column goes.
const { handle, migrateBefore, migrateAll } = await openDatabaseToMigrate();

describe("migration 0020 (recent sign-in addresses)", () => {
  it("keeps each member's last sign-in address as their first recent one", async () => {
    await migrateBefore(20);
    const { db } = handle;
    await seedDefaultTiers(db);
    // Written in SQL: the app's schema no longer has last_login_ip.
    await db.execute(sql`
      insert into users (id, display_id, name, email, password_hash, referral_code, signup_ip, last_login_ip)
      values ('signed-in', 'U00000001', 'Ada', 'ada@example.ng', 'x', 'CODE000001', '41.58.1.1', '2c0f:f5c0:440:1a2b::9'),
             ('never', 'U00000002', 'Bola', 'bola@example.ng', 'x', 'CODE000002', '41.58.1.2', null)`);

    await migrateAll();

    const rows = rowsOf<{ id: string; signup_ip: string | null; recent_login_ips: string[] }>(
      await db.execute(sql`select id, signup_ip, recent_login_ips from users order by id`),
    );
    expect(rows).toEqual([
      { id: "never", signup_ip: "41.58.1.2", recent_login_ips: [] },
      { id: "signed-in", signup_ip: "41.58.1.1", recent_login_ips: ["2c0f:f5c0:440:1a2b::9"] },
    ]);
    const columns = rowsOf<{ column_name: string }>(
      await db.execute(sql`select column_name from information_schema.columns
        where table_name = 'users' and column_name like '%login_ip%'`),
    );
    expect(columns.map((c) => c.column_name)).toEqual(["recent_login_ips"]);
  });
});
