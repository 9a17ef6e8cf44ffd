import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseErrorOf } from "~/db/errors.server";
import { auditLog } from "~/db/schema";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { dailyCountsDrift } from "~/domain/stats/rollups.server";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { AUDIT_PAGE_SIZE, listAudit, listAuditActors, recordAudit, type Actor } from "./audit.server";

const { db } = await openTestDatabase();

/** Who reads the whole log on /admin/audit: an admin allowed to read reports. */
const REPORTS_READER = { role: "admin", permissions: ["view_reports"] } as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function newAdmin(name?: string) {
  const user = await createUser(db, { role: "admin", name });
  const actor: Actor = { id: user.id, role: "admin", permissions: user.permissions, ip: "102.89.34.7" };
  return { user, actor };
}

/** The database error behind a rejected query (drizzle wraps it). */
async function databaseError(query: Promise<unknown>): Promise<{ message: string; code?: string }> {
  const err = await query.then(
    () => {
      throw new Error("the statement succeeded but should have been refused");
    },
    (e: unknown) => e,
  );
  return databaseErrorOf(err) ?? { message: String((err as Error).message) };
}

describe("recordAudit", () => {
  it("writes actor, action, target, before/after JSON, IP and time", async () => {
    const { user: admin, actor } = await newAdmin("Auditor Ngozi");
    const member = await createUser(db, { name: "Member Tunde" });
    const t0 = Date.now();
    await recordAudit(db, {
      actor,
      action: "user.restrict",
      targetType: "user",
      targetId: member.id,
      before: { isApproved: true, isRestricted: false, nested: { list: [1, "two", null] } },
      after: { isApproved: true, isRestricted: true },
    });
    const rows = await db.select().from(auditLog).where(eq(auditLog.targetId, member.id));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      actorId: admin.id,
      action: "user.restrict",
      targetType: "user",
      targetId: member.id,
      before: { isApproved: true, isRestricted: false, nested: { list: [1, "two", null] } },
      after: { isApproved: true, isRestricted: true },
      ip: "102.89.34.7",
    });
    expect(row.id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    // Database time, so allow a little clock skew between the test and the server.
    expect(Math.abs(row.createdAt.getTime() - t0)).toBeLessThan(60_000);

    const { entries } = await listAudit(db, REPORTS_READER, { actorId: admin.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "user.restrict",
      actorId: admin.id,
      actorName: "Auditor Ngozi",
      actorDisplayId: admin.displayId,
      targetId: member.id,
      targetName: "Member Tunde",
      ip: "102.89.34.7",
    });
  });

  it("names an upgrade's tier, and gives a queued payout's job (only a payout's) for its progress", async () => {
    const { user: admin, actor } = await newAdmin();
    // The rows as those actions write them (their targets need not exist for the log to list them).
    await recordAudit(db, {
      actor,
      action: "upgrade.approve",
      targetType: "upgrade_request",
      targetId: "upgrade-1",
      after: { status: "approved", tier: "gold", method: "balance" },
    });
    for (const action of ["withdrawal.transfer", "withdrawal.auto_pay", "withdrawal.reexport_payouts"] as const) {
      await recordAudit(db, {
        actor,
        action,
        targetType: "withdrawal",
        targetId: "w-1",
        after: { job: `job-${action}` },
      });
    }
    const { entries } = await listAudit(db, REPORTS_READER, { actorId: admin.id });
    const of = (action: string) => entries.find((e) => e.action === action);
    expect(of("upgrade.approve")).toMatchObject({ tierName: "Advert Gold", payoutJobId: null });
    expect(of("withdrawal.transfer")).toMatchObject({ payoutJobId: "job-withdrawal.transfer", tierName: null });
    expect(of("withdrawal.auto_pay")).toMatchObject({ payoutJobId: "job-withdrawal.auto_pay" });
    expect(of("withdrawal.reexport_payouts")).toMatchObject({ payoutJobId: null });
  });

  it("stores null before/after/IP/target when not given and caps the IP at 64 characters", async () => {
    const { user: admin, actor } = await newAdmin();
    await recordAudit(db, { actor: { ...actor, ip: undefined }, action: "settings.update", targetType: "settings" });
    await recordAudit(db, {
      actor: { ...actor, ip: "x".repeat(200) },
      action: "settings.update",
      targetType: "settings",
    });
    const rows = await db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(rows).toHaveLength(2);
    const noIp = rows.find((r) => r.ip === null)!;
    expect(noIp).toMatchObject({ targetId: null, before: null, after: null, targetType: "settings" });
    const longIp = rows.find((r) => r.ip !== null)!;
    expect(longIp.ip).toBe("x".repeat(64));
    // A settings row has no user target: its name is null in the listing.
    const { entries } = await listAudit(db, REPORTS_READER, { actorId: admin.id });
    expect(entries.map((e) => e.targetName)).toEqual([null, null]);
  });

  it("inside a rolled-back transaction leaves nothing behind", async () => {
    const { user: admin, actor } = await newAdmin();
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { actor, action: "settings.update", targetType: "settings" });
        throw new Error("change failed");
      }),
    ).rejects.toThrow("change failed");
    expect(await db.select().from(auditLog).where(eq(auditLog.actorId, admin.id))).toEqual([]);
  });
});

describe("listAudit", () => {
  it("lists newest first and filters by actor and by action", async () => {
    const a = await newAdmin("Filter Admin One");
    const b = await newAdmin("Filter Admin Two");
    const target = await createUser(db);
    const written: { actor: string; action: string }[] = [];
    const plan = [
      [a, "user.approve"],
      [b, "user.restrict"],
      [a, "user.restrict"],
      [b, "user.unrestrict"],
      [a, "user.approve"],
    ] as const;
    for (const [who, action] of plan) {
      await recordAudit(db, { actor: who.actor, action, targetType: "user", targetId: target.id });
      written.push({ actor: who.user.id, action });
      await pause(5); // distinct timestamps, so "newest first" is observable
    }
    const newestFirst = [...written].reverse();

    const byA = await listAudit(db, REPORTS_READER, { actorId: a.user.id });
    expect(byA.entries.map((e) => [e.actorId, e.action])).toEqual(
      newestFirst.filter((w) => w.actor === a.user.id).map((w) => [w.actor, w.action]),
    );
    const times = byA.entries.map((e) => e.createdAt.getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(byA).toMatchObject({ page: 1, pageCount: 1 });

    const byB = await listAudit(db, REPORTS_READER, { actorId: b.user.id });
    expect(byB.entries.map((e) => e.action)).toEqual(["user.unrestrict", "user.restrict"]);

    const aApprovals = await listAudit(db, REPORTS_READER, { actorId: a.user.id, action: "user.approve" });
    expect(aApprovals.entries).toHaveLength(2);
    expect(aApprovals.entries.every((e) => e.actorId === a.user.id && e.action === "user.approve")).toBe(true);

    // By action alone: every row with that action, whoever wrote it, and only those.
    const restricts = await listAudit(db, REPORTS_READER, { action: "user.restrict" });
    expect(restricts.entries.length).toBeGreaterThanOrEqual(2);
    expect(restricts.entries.every((e) => e.action === "user.restrict")).toBe(true);
    expect(new Set(restricts.entries.filter((e) => e.targetId === target.id).map((e) => e.actorId))).toEqual(
      new Set([a.user.id, b.user.id]),
    );

    // Unfiltered: the newest row overall is the last one written.
    const all = await listAudit(db, REPORTS_READER);
    expect(all.entries[0]).toMatchObject({ actorId: a.user.id, action: "user.approve", targetId: target.id });

    expect((await listAudit(db, REPORTS_READER, { actorId: "nobody" })).entries).toEqual([]);
    expect((await listAudit(db, REPORTS_READER, { actorId: b.user.id, action: "user.approve" })).entries).toEqual([]);
  });

  it("pages 50 at a time with the page count, without gaps or repeats", async () => {
    expect(AUDIT_PAGE_SIZE).toBe(50);
    const { user: admin, actor } = await newAdmin();
    const ids: string[] = [];
    const target = await createUser(db);
    for (let i = 0; i < 2 * AUDIT_PAGE_SIZE + 7; i++) {
      await recordAudit(db, { actor, action: "user.approve", targetType: "user", targetId: target.id, after: { i } });
    }
    for (const row of await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.actorId, admin.id))) {
      ids.push(row.id);
    }
    expect(ids).toHaveLength(107);

    const p1 = await listAudit(db, REPORTS_READER, { actorId: admin.id });
    const p2 = await listAudit(db, REPORTS_READER, { actorId: admin.id, page: 2 });
    const p3 = await listAudit(db, REPORTS_READER, { actorId: admin.id, page: 3 });
    const p4 = await listAudit(db, REPORTS_READER, { actorId: admin.id, page: 4 });
    // A page beyond the last is the last.
    expect([p1.entries.length, p2.entries.length, p3.entries.length, p4.entries.length]).toEqual([50, 50, 7, 7]);
    expect([p1.page, p2.page, p3.page, p4.page]).toEqual([1, 2, 3, 3]);
    expect(p1).toMatchObject({ pageCount: 3, total: 107 });

    const seen = [...p1.entries, ...p2.entries, ...p3.entries].map((e) => e.id);
    expect(new Set(seen).size).toBe(107);
    expect(new Set(seen)).toEqual(new Set(ids));
    // Newest first across page boundaries.
    const times = [...p1.entries, ...p2.entries, ...p3.entries].map((e) => e.createdAt.getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
    // The last row written (highest i) is on page 1; the first on page 3.
    const iOf = (e: { after: unknown }) => (e.after as { i: number }).i;
    expect(Math.max(...p1.entries.map(iOf))).toBe(106);
    expect(p3.entries.map(iOf)).toContain(0);

    // Exactly one full page: one page.
    const { user: fifty, actor: fiftyActor } = await newAdmin();
    for (let i = 0; i < AUDIT_PAGE_SIZE; i++) {
      await recordAudit(db, { actor: fiftyActor, action: "settings.update", targetType: "settings" });
    }
    const full = await listAudit(db, REPORTS_READER, { actorId: fifty.id });
    expect(full.entries).toHaveLength(50);
    expect(full.pageCount).toBe(1);
    expect((await listAudit(db, REPORTS_READER, { actorId: fifty.id, page: 2 })).page).toBe(1);

    // Page numbers below 1 mean page 1.
    const p0 = await listAudit(db, REPORTS_READER, { actorId: admin.id, page: 0 });
    expect(p0.page).toBe(1);
    expect(p0.entries.map((e) => e.id)).toEqual(p1.entries.map((e) => e.id));
  });
});

describe("the addresses in the audit log", () => {
  it("are staff's only for a reader of reports: an admin who manages members sees a member's own, never an admin's", async () => {
    const member = await createUser(db, { name: "Addressed Ada" });
    const advertiser = await createUser(db, { role: "advertiser", name: "Addressed Adverts Ltd" });
    const { user: admin, actor } = await newAdmin("Restricting Remi");
    const root = await createUser(db, { role: "super_admin", permissions: [] });
    const rootActor: Actor = { id: root.id, role: "super_admin", permissions: [], ip: "105.112.9.9" };
    const own = (id: string, role: "user" | "advertiser", ip: string): Actor => ({ id, role, permissions: [], ip });
    await recordAudit(db, { actor, action: "user.restrict", targetType: "user", targetId: member.id });
    await recordAudit(db, { actor: rootActor, action: "user.unrestrict", targetType: "user", targetId: member.id });
    await recordAudit(db, {
      actor: own(member.id, "user", "41.184.7.7"),
      action: "bank_details.update",
      targetType: "bank_details",
      targetId: member.id,
    });
    await recordAudit(db, {
      actor: own(advertiser.id, "advertiser", "41.184.8.8"),
      action: "bank_details.update",
      targetType: "bank_details",
      targetId: advertiser.id,
    });
    const ipsSeenBy = async (viewer: { role: "admin" | "super_admin"; permissions: readonly string[] }) => {
      const about = [
        ...(await listAudit(db, viewer, { targetId: member.id })).entries,
        ...(await listAudit(db, viewer, { targetId: advertiser.id })).entries,
      ];
      return Object.fromEntries(about.map((e) => [`${e.actorName} ${e.action}`, e.ip]));
    };
    const all = {
      "Restricting Remi user.restrict": "102.89.34.7",
      [`${root.name} user.unrestrict`]: "105.112.9.9",
      "Addressed Ada bank_details.update": "41.184.7.7",
      "Addressed Adverts Ltd bank_details.update": "41.184.8.8",
    };

    const ownOnly = { ...all, "Restricting Remi user.restrict": null, [`${root.name} user.unrestrict`]: null };
    // Manage Users alone (the member's page): the member's and the advertiser's own addresses, no staff's.
    expect(await ipsSeenBy({ role: "admin", permissions: ["manage_users"] })).toEqual(ownOnly);
    // Every permission but view_reports: the same.
    const allButReports = PERMISSIONS.filter((p) => p !== "view_reports");
    expect(await ipsSeenBy({ role: "admin", permissions: allButReports })).toEqual(ownOnly);
    // A reader of reports, and the super admin (who holds every permission), see them all.
    expect(await ipsSeenBy({ role: "admin", permissions: ["manage_users", "view_reports"] })).toEqual(all);
    expect(await ipsSeenBy({ role: "super_admin", permissions: [] })).toEqual(all);
    // Not only a member's page: the same rule over the whole log, by actor.
    const byAdmin = await listAudit(db, { role: "admin", permissions: ["manage_users"] }, { actorId: admin.id });
    expect(byAdmin.entries.map((e) => e.ip)).toEqual([null]);
    // A permission list naming view_reports does not make a member a reader.
    const asMember = await listAudit(db, { role: "user", permissions: ["view_reports"] }, { actorId: admin.id });
    expect(asMember.entries.map((e) => e.ip)).toEqual([null]);
  });
});

describe("the addresses of staff who are no longer staff", () => {
  it("stay hidden: the role is the one the actor had when the entry was written", async () => {
    const member = await createUser(db, { name: "Watched Wale" });
    const { user: admin, actor } = await newAdmin("Demoted Dayo");
    await recordAudit(db, { actor, action: "user.restrict", targetType: "user", targetId: member.id });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(entry!.actorRole).toBe("admin");
    // Demoted to a member (or the role changed any other way) after the entry was written.
    await db.execute(sql`update users set role = 'user' where id = ${admin.id}`);
    const manager = { role: "admin" as const, permissions: ["manage_users"] };
    const seen = await listAudit(db, manager, { targetId: member.id });
    expect(seen.entries.map((e) => [e.actorName, e.ip])).toEqual([["Demoted Dayo", null]]);
  });
});

describe("the audit log's total", () => {
  const counted = async () => (await db.$count(auditLog)) as number;

  it("is the kept counter, equal to the rows there are after audited actions, one of them rolled back", async () => {
    const { actor } = await newAdmin();
    const before = await listAudit(db, REPORTS_READER);
    expect(before.total).toBe(await counted());
    const target = await createUser(db);
    await recordAudit(db, { actor, action: "user.approve", targetType: "user", targetId: target.id });
    // Several in one transaction, and one in a transaction that rolls back.
    await db.transaction(async (tx) => {
      await recordAudit(tx, { actor, action: "user.restrict", targetType: "user", targetId: target.id });
      await recordAudit(tx, { actor, action: "user.unrestrict", targetType: "user", targetId: target.id });
    });
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { actor, action: "settings.update", targetType: "settings" });
        throw new Error("change failed");
      }),
    ).rejects.toThrow("change failed");
    // And several at once, from as many connections.
    await Promise.all(
      Array.from({ length: 8 }, () => recordAudit(db, { actor, action: "settings.update", targetType: "settings" })),
    );

    const after = await listAudit(db, REPORTS_READER);
    expect(after.total).toBe(before.total + 11);
    expect(after.total).toBe(await counted());
    expect(after.pageCount).toBe(Math.max(1, Math.ceil(after.total / AUDIT_PAGE_SIZE)));
    expect((await dailyCountsDrift(db)).filter((d) => d.counter === "audit_entries")).toEqual([]);
  });

  it("follows the counter: a drift shows in the total and is caught by daily_counts_drift()", async () => {
    const total = (await listAudit(db, REPORTS_READER)).total;
    await db.execute(sql`
      insert into daily_counts (counter, day, shard, change) values ('audit_entries', '2020-01-01', 0, 1)
      on conflict (counter, day, shard) do update set change = daily_counts.change + 1`);
    expect((await listAudit(db, REPORTS_READER)).total).toBe(total + 1);
    expect(await dailyCountsDrift(db)).toEqual([{ counter: "audit_entries", day: "2020-01-01", counted: 0, kept: 1 }]);
    await db.execute(sql`select daily_counts_rebuild()`);
    expect(await dailyCountsDrift(db)).toEqual([]);
    expect((await listAudit(db, REPORTS_READER)).total).toBe(total);
    expect(total).toBe(await counted());
  });
});

describe("listAuditActors", () => {
  it("lists each actor with audit rows once, by name, and nobody else", async () => {
    const zed = await newAdmin("Zainab Actor");
    const abe = await newAdmin("Abel Actor");
    const silent = await newAdmin("Silent Admin");
    for (let i = 0; i < 3; i++)
      await recordAudit(db, { actor: zed.actor, action: "settings.update", targetType: "settings" });
    await recordAudit(db, { actor: abe.actor, action: "settings.update", targetType: "settings" });

    const actors = await listAuditActors(db);
    const ids = actors.map((a) => a.id);
    expect(ids.filter((id) => id === zed.user.id)).toHaveLength(1);
    expect(ids).toContain(abe.user.id);
    expect(ids).not.toContain(silent.user.id);
    expect(actors.find((a) => a.id === zed.user.id)).toEqual({
      id: zed.user.id,
      name: "Zainab Actor",
      displayId: zed.user.displayId,
    });
    const names = actors.map((a) => a.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });
});

describe("the audit log is append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE, even from the application's own connection", async () => {
    const { user: admin, actor } = await newAdmin();
    await recordAudit(db, { actor, action: "settings.update", targetType: "settings", after: { appName: "Original" } });
    const snapshot = await db.select().from(auditLog).orderBy(auditLog.id);
    expect(snapshot.length).toBeGreaterThan(0);

    for (const statement of [
      sql`update audit_log set action = 'tampered' where actor_id = ${admin.id}`,
      sql`update audit_log set after = null`,
      sql`delete from audit_log where actor_id = ${admin.id}`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
      sql`truncate table audit_log cascade`,
    ]) {
      const err = await databaseError(db.execute(statement));
      expect(err.message).toMatch(/append-only/);
      expect(err.code).toBe("42501");
    }
    // The same inside a transaction (the refusal aborts it).
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`delete from audit_log where actor_id = ${admin.id}`);
      }),
    ).rejects.toThrow();

    expect(await db.select().from(auditLog).orderBy(auditLog.id)).toEqual(snapshot);
    // Appending still works.
    await recordAudit(db, { actor, action: "settings.update", targetType: "settings" });
    expect(await db.select().from(auditLog).where(eq(auditLog.actorId, admin.id))).toHaveLength(2);
  });
});
