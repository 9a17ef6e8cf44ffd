import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf, type Database } from "~/db/client.server";
import { seedDefaultTiers } from "~/domain/memberships/default-tiers";
import { newDisplayId, newId, newReferralCode } from "~/domain/shared/ids";
import { openDatabaseToMigrate } from "~test/database";

// Migration 0037 on a database with conversations in it: an advertiser only ever wrote to
// support (its form was addressed to an admin on support's behalf), so those messages move to
// support's inbox; every other message keeps its recipient.
const { handle, migrateBefore, migrateAll } = await openDatabaseToMigrate();

async function userBefore(db: Database, role: "user" | "admin" | "advertiser") {
  const id = newId();
  await db.execute(sql`
    insert into users (id, display_id, name, email, password_hash, role, is_approved, referral_code)
    values (${id}, ${newDisplayId(role === "user" ? "U" : role === "admin" ? "A" : "AD")}, ${`Someone ${id.slice(0, 6)}`},
            ${`s.${id.slice(0, 8).toLowerCase()}@example.ng`}, 'not-a-hash', ${role}, true, ${newReferralCode()})`);
  return id;
}

describe("migration 0037 (support's inbox)", () => {
  it("moves advertisers' messages to support, read or not, and leaves every other message as it was", async () => {
    await migrateBefore(37);
    const { db } = handle;
    await seedDefaultTiers(db);
    const [admin, shop, member] = [
      await userBefore(db, "admin"),
      await userBefore(db, "advertiser"),
      await userBefore(db, "user"),
    ];
    const write = (id: string, from: string, to: string, read: boolean) =>
      db.execute(sql`insert into messages (id, sender_id, recipient_id, content, read_at)
        values (${id}, ${from}, ${to}, 'hello', ${read ? sql`now()` : sql`null`})`);
    await write("shop-asked", shop, admin, true);
    await write("shop-asked-again", shop, admin, false);
    await write("admin-answered", admin, shop, false);
    await write("member-wrote", member, admin, false);

    await migrateAll();

    const rows = rowsOf<{ id: string; recipient_id: string | null; read: boolean; campaign_id: string | null }>(
      await db.execute(
        sql`select id, recipient_id, read_at is not null as read, campaign_id from messages order by id`,
      ),
    );
    expect(rows).toEqual([
      { id: "admin-answered", recipient_id: shop, read: false, campaign_id: null },
      { id: "member-wrote", recipient_id: admin, read: false, campaign_id: null },
      { id: "shop-asked", recipient_id: null, read: true, campaign_id: null },
      { id: "shop-asked-again", recipient_id: null, read: false, campaign_id: null },
    ]);
  });
});
