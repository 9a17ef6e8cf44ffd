import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf, type Database } from "~/db/client.server";
import { dailyCounter } from "~/db/schema";
import { listAudit, recordAudit } from "~/domain/audit/audit.server";
import { seedDefaultTiers } from "~/domain/memberships/default-tiers";
import { newDisplayId, newId, newReferralCode } from "~/domain/shared/ids";
import { openDatabaseToMigrate } from "~test/database";
import { createUser } from "~test/factories";
import { counterByDay, counterTotals, dailyCountsDrift } from "./rollups.server";

// Migration 0028 on a database that already has members, referrals, advertisers and an audit log:
// daily_counter is replaced by a type with the new counters (the counters already kept survive
// it), the rows already written are counted by Lagos day, and the triggers count every later one.
const { handle, migrateBefore, migrateAll } = await openDatabaseToMigrate();

/** A users row with only the columns every schema since 0001 has. */
async function userBefore(db: Database, fields: { role?: "user" | "admin" | "advertiser"; isApproved: boolean }) {
  const id = newId();
  await db.execute(sql`
    insert into users (id, display_id, name, email, password_hash, role, is_approved, referral_code)
    values (${id}, ${newDisplayId("U")}, ${`Member ${id.slice(0, 6)}`}, ${`m.${id.slice(0, 8).toLowerCase()}@example.ng`},
            'not-a-hash', ${fields.role ?? "user"}, ${fields.isApproved}, ${newReferralCode()})`);
  return { id };
}

describe("migration 0028 (the audit log's, referrals' and advertisers' counters)", () => {
  it("counts the rows already written, keeps the other counters, then counts each change", async () => {
    await migrateBefore(28);
    const { db } = handle;
    await seedDefaultTiers(db);
    // Rows as the schema before 0028 has them (the factories write today's columns).
    const admin = await userBefore(db, { role: "admin", isApproved: true });
    await userBefore(db, { isApproved: true });
    await userBefore(db, { isApproved: false });
    const referrer = await userBefore(db, { isApproved: true });
    for (const status of ["approved", "held", "pending"] as const) {
      const referred = await userBefore(db, { isApproved: false });
      await db.execute(sql`
        insert into referrals (id, referrer_id, referred_id, referral_code, status, approved_at)
        values (${newId()}, ${referrer.id}, ${referred.id}, 'TESTCODE22', ${status}, ${status === "pending" ? null : new Date().toISOString()})`);
    }
    for (const status of ["approved", "pending"] as const) {
      const business = await userBefore(db, { role: "advertiser", isApproved: false });
      await db.execute(sql`
        insert into advertiser_profiles (user_id, business_name, phone, status, reviewed_at)
        values (${business.id}, ${`Business ${business.id.slice(0, 6)}`}, '08031234567', ${status}, ${status === "pending" ? null : new Date().toISOString()})`);
    }
    await db.execute(sql`
      insert into audit_log (id, actor_id, action, target_type, created_at)
      values ('old-1', ${admin.id}, 'settings.update', 'settings', '2026-10-31T22:30:00Z'),
             ('old-2', ${admin.id}, 'settings.update', 'settings', '2026-10-31T23:30:00Z'),
             ('old-3', ${admin.id}, 'user.approve', 'user', '2026-11-01T09:00:00Z')`);

    await migrateAll();

    const [types] = rowsOf<{ labels: string[] }>(
      await db.execute(sql`select enum_range(null::daily_counter)::text[] as labels`),
    );
    // The database's counters are the schema's, in its order.
    expect(types!.labels).toEqual(dailyCounter.enumValues);
    expect(await counterTotals(db, dailyCounter.enumValues)).toEqual({
      members: 6, // the referrer and the three referred members too
      pending_members: 4,
      messages: 0,
      referrals: 3,
      audit_entries: 3,
      pending_referrals: 1,
      approved_referrals: 1,
      held_referrals: 1,
      voided_referrals: 0,
      pending_advertisers: 1,
      approved_advertisers: 1,
      rejected_advertisers: 0,
    });
    // 23:30 UTC on 31 October is 1 November in Lagos.
    expect(await counterByDay(db, "audit_entries", "2026-10-31", "2026-11-01")).toEqual(
      expect.arrayContaining([
        { day: "2026-10-31", count: 1 },
        { day: "2026-11-01", count: 2 },
      ]),
    );
    expect(await dailyCountsDrift(db)).toEqual([]);

    const actor = { id: admin.id, role: "admin" as const, permissions: [] };
    await recordAudit(db, { actor, action: "settings.update", targetType: "settings" });
    await createUser(db);
    await db.execute(sql`update referrals set status = 'voided' where status = 'held'`);
    const counted = ["members", "audit_entries", "held_referrals", "voided_referrals"] as const;
    const expected = { members: 7, audit_entries: 4, held_referrals: 0, voided_referrals: 1 };
    expect(await counterTotals(db, counted)).toEqual(expected);
    expect((await listAudit(db, { role: "super_admin", permissions: [] })).total).toBe(4);
    expect(await dailyCountsDrift(db)).toEqual([]);
    await db.execute(sql`select daily_counts_rebuild()`);
    expect(await counterTotals(db, counted)).toEqual(expected);
  });
});
