import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "~/db/schema";
import { authenticate } from "~/domain/accounts/authenticate.server";
import { verifyPassword } from "~/domain/accounts/passwords.server";
import type { Actor } from "~/domain/audit/audit.server";
import { PERMISSIONS, type Permission } from "~/domain/permissions/permissions";
import { countUserSessions, createSession, findSessionUser } from "~/domain/sessions/sessions.server";
import { openTestDatabase, usingPostgres } from "~test/database";
import { createUser } from "~test/factories";
import {
  CREATE_ADMIN_REFUSALS,
  createAdmin,
  DEACTIVATE_ADMIN_REFUSALS,
  deactivateAdmin,
  listActiveAdmins,
  normalisePermissions,
  SET_ADMIN_PERMISSIONS_REFUSALS,
  setAdminPermissions,
} from "./admins.server";
import { auditRowsFor, onlyAuditRow } from "~test/audit";

const { db } = await openTestDatabase();
let superAdmin: Awaited<ReturnType<typeof createUser>>;
let root: Actor;
beforeAll(async () => {
  superAdmin = await createUser(db, { role: "super_admin", name: "Super Admin", permissions: PERMISSIONS });
  root = { id: superAdmin.id, role: "super_admin", permissions: PERMISSIONS, ip: "197.210.5.9" };
});

const NOT_SUPER_ADMIN = { status: "forbidden" };
const STRONG = "Lagos-traffic-jam-2030";
let emailCounter = 0;
const freshEmail = () => `new.admin.${++emailCounter}.${Date.now()}@example.ng`;

const actorFor = (
  user: { id: string; role: Actor["role"]; permissions: readonly string[] },
  ip = "105.112.0.1",
): Actor => ({
  id: user.id,
  role: user.role,
  permissions: user.permissions,
  ip,
});

const auditFor = (targetId: string, action?: string) => auditRowsFor(db, targetId, action);

const userRow = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

describe("normalisePermissions", () => {
  it("drops unknown names and duplicates and keeps the canonical order", () => {
    expect(
      normalisePermissions(["view_reports", "bogus", "manage_users", "view_reports", "MANAGE_ADVERTS", ""]),
    ).toEqual(["manage_users", "view_reports"]);
    expect(normalisePermissions([])).toEqual([]);
    expect(normalisePermissions([...PERMISSIONS].reverse())).toEqual([...PERMISSIONS]);
  });
});

describe("the refusals' texts", () => {
  it("are the Super Admin page's, one per refusal", () => {
    const NOT_SUPER = "Only the super admin can manage admins.";
    expect(CREATE_ADMIN_REFUSALS).toEqual({
      forbidden: NOT_SUPER,
      "common-password": "This password is too common. Choose one that is harder to guess.",
      "email-taken": "An account with this email already exists.",
    });
    expect(SET_ADMIN_PERMISSIONS_REFUSALS).toEqual({
      forbidden: NOT_SUPER,
      "not-found": "That admin does not exist or is no longer active.",
    });
    expect(DEACTIVATE_ADMIN_REFUSALS).toEqual({
      forbidden: NOT_SUPER,
      "own-account": "You cannot deactivate your own account.",
      "not-found": "That admin does not exist or is already deactivated.",
    });
  });
});

describe("createAdmin", () => {
  it("only the super admin can create admins: an all-permission admin and a user are refused", async () => {
    const strongAdmin = await createUser(db, { role: "admin", permissions: PERMISSIONS });
    const member = await createUser(db, { isApproved: true, permissions: PERMISSIONS });
    for (const actor of [actorFor(strongAdmin), actorFor(member)]) {
      const email = freshEmail();
      expect(
        await createAdmin(db, actor, { name: "Sneaky", email, password: STRONG, permissions: ["manage_users"] }),
      ).toEqual(NOT_SUPER_ADMIN);
      expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect(await db.select().from(auditLog).where(eq(auditLog.actorId, actor.id))).toEqual([]);
    }
  });

  it("creates an approved, confirmed admin with normalised permissions and one audit row", async () => {
    const email = freshEmail();
    const before = Date.now();
    const result = await createAdmin(db, root, {
      name: "Amaka Admin",
      email: email.toUpperCase(),
      password: STRONG,
      permissions: ["view_reports", "manage_users", "not_a_permission", "manage_users", "manage_referrals"],
    });
    expect(result).toEqual({ status: "ok", adminId: expect.any(String) });
    if (result.status !== "ok") throw new Error("unreachable");

    const admin = (await userRow(result.adminId))!;
    expect(admin).toMatchObject({
      name: "Amaka Admin",
      email,
      role: "admin",
      isApproved: true,
      isRestricted: false,
      deactivatedAt: null,
      permissions: ["manage_users", "manage_referrals", "view_reports"],
    });
    expect(admin.displayId).toMatch(/^A[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/);
    expect(admin.referralCode).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{10}$/);
    expect(admin.emailConfirmedAt).not.toBeNull();
    expect(admin.emailConfirmedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(admin.passwordHash).not.toContain(STRONG);
    expect(await verifyPassword(admin.passwordHash, STRONG)).toBe(true);

    // The new admin can sign in at once with the chosen password, email in any case.
    const signIn = await authenticate(db, { email: email.toUpperCase(), password: STRONG });
    expect(signIn.status).toBe("ok");

    const audit = await onlyAuditRow(db, result.adminId);
    expect(audit).toMatchObject({
      actorId: superAdmin.id,
      action: "admin.create",
      targetType: "user",
      ip: "197.210.5.9",
      before: null,
      after: { name: "Amaka Admin", email, permissions: ["manage_users", "manage_referrals", "view_reports"] },
    });
    // The password (or its hash) never reaches the audit log.
    expect(JSON.stringify(audit)).not.toContain(STRONG);
    expect(JSON.stringify(audit)).not.toContain("argon2");

    expect((await listActiveAdmins(db)).map((a) => a.id)).toContain(result.adminId);
  });

  it("an admin with no permissions is allowed", async () => {
    const result = await createAdmin(db, root, {
      name: "Bare",
      email: freshEmail(),
      password: STRONG,
      permissions: [],
    });
    if (result.status !== "ok") throw new Error(result.status);
    expect((await userRow(result.adminId))!.permissions).toEqual([]);
  });

  it("a duplicate email (any case) is a field error on email and writes nothing", async () => {
    const existing = await createUser(db, { email: "taken.address@example.ng" });
    const auditBefore = (await db.select().from(auditLog)).length;
    const usersBefore = (await db.select().from(users)).length;
    for (const email of ["taken.address@example.ng", "Taken.Address@EXAMPLE.ng"]) {
      const result = await createAdmin(db, root, {
        name: "Dup",
        email,
        password: STRONG,
        permissions: ["manage_users"],
      });
      expect(result).toEqual({ status: "email-taken" });
    }
    expect((await db.select().from(auditLog)).length).toBe(auditBefore);
    expect((await db.select().from(users)).length).toBe(usersBefore);
    // The existing account is untouched.
    const { password: _password, ...existingRow } = existing;
    expect(await userRow(existing.id)).toEqual(existingRow);
  });

  it("refuses a common password, on the password field, and writes nothing", async () => {
    const auditBefore = (await db.select().from(auditLog)).length;
    for (const password of ["password123", "Password123", "qwertyuiop"]) {
      const email = freshEmail();
      const result = await createAdmin(db, root, { name: "Weak", email, password, permissions: [] });
      expect(result).toEqual({ status: "common-password" });
      expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
    expect((await db.select().from(auditLog)).length).toBe(auditBefore);
  });
});

async function newAdmin(permissions: readonly Permission[] = ["manage_users", "view_reports"]) {
  const result = await createAdmin(db, root, {
    name: "Managed Admin",
    email: freshEmail(),
    password: STRONG,
    permissions,
  });
  if (result.status !== "ok") throw new Error(result.status);
  return (await userRow(result.adminId))!;
}

describe("setAdminPermissions", () => {
  it("only the super admin", async () => {
    const target = await newAdmin();
    const strongAdmin = await createUser(db, { role: "admin", permissions: PERMISSIONS });
    const member = await createUser(db, { permissions: PERMISSIONS });
    for (const actor of [actorFor(strongAdmin), actorFor(member), actorFor(target)]) {
      expect(await setAdminPermissions(db, actor, target.id, [...PERMISSIONS])).toEqual(NOT_SUPER_ADMIN);
    }
    expect((await userRow(target.id))!.permissions).toEqual(["manage_users", "view_reports"]);
    expect(await auditFor(target.id, "admin.permissions")).toEqual([]);
  });

  it("refuses an unknown admin, a member, a deactivated admin and the super admin", async () => {
    const member = await createUser(db, { isApproved: true });
    const gone = await newAdmin();
    expect(await deactivateAdmin(db, root, gone.id)).toMatchObject({ status: "ok" });
    const refusal = { status: "not-found" };
    for (const id of ["no-such-id", member.id, gone.id, superAdmin.id]) {
      expect(await setAdminPermissions(db, root, id, ["manage_settings"])).toEqual(refusal);
      expect(await auditFor(id, "admin.permissions")).toEqual([]);
    }
    expect((await userRow(member.id))!.permissions).toEqual([]);
    expect((await userRow(gone.id))!.permissions).toEqual(["manage_users", "view_reports"]);
    expect((await userRow(superAdmin.id))!.permissions).toEqual([...PERMISSIONS]);
  });

  it("a save that changes nothing is changed:false and is not audited", async () => {
    const admin = await newAdmin(["manage_users", "view_reports"]);
    const updatedAt = (await userRow(admin.id))!.updatedAt;
    // Same set in another order, with a duplicate and an unknown name: still no change.
    const sameSet = ["view_reports", "bogus", "manage_users", "view_reports"];
    const result = await setAdminPermissions(db, root, admin.id, sameSet);
    expect(result).toMatchObject({ status: "ok", changed: false, name: "Managed Admin" });
    expect(await auditFor(admin.id, "admin.permissions")).toEqual([]);
    expect((await userRow(admin.id))!.updatedAt).toEqual(updatedAt);
  });

  it("a change is saved normalised, audited with before/after, and applies on the admin's next request", async () => {
    const admin = await newAdmin(["manage_users", "view_reports"]);
    const token = await createSession(db, admin.id);
    expect(await findSessionUser(db, token)).toMatchObject({ permissions: ["manage_users", "view_reports"] });

    const typed = ["manage_settings", "manage_adverts", "x", "manage_settings"];
    const result = await setAdminPermissions(db, root, admin.id, typed);
    expect(result).toMatchObject({ status: "ok", changed: true, name: "Managed Admin" });
    expect((await userRow(admin.id))!.permissions).toEqual(["manage_adverts", "manage_settings"]);

    const audit = await onlyAuditRow(db, admin.id, "admin.permissions");
    expect(audit).toMatchObject({
      actorId: superAdmin.id,
      targetType: "user",
      ip: "197.210.5.9",
      before: { permissions: ["manage_users", "view_reports"] },
      after: { permissions: ["manage_adverts", "manage_settings"] },
    });

    // Same session, no new sign-in: the new permissions are what the guards see.
    expect(await findSessionUser(db, token)).toMatchObject({
      id: admin.id,
      permissions: ["manage_adverts", "manage_settings"],
    });

    // Removing every permission is a change too.
    expect(await setAdminPermissions(db, root, admin.id, [])).toMatchObject({ status: "ok", changed: true });
    expect(await findSessionUser(db, token)).toMatchObject({ permissions: [] });
    const audits = await auditFor(admin.id, "admin.permissions");
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.after)).toContainEqual({ permissions: [] });
    expect(audits.map((a) => a.before)).toContainEqual({ permissions: ["manage_adverts", "manage_settings"] });
  });

  it.runIf(usingPostgres())(
    "two saves at the same moment apply one after the other and the audit rows chain",
    async () => {
      const sets: [Permission[], Permission[]][] = [
        [["manage_settings"], ["manage_adverts", "manage_notices"]],
        [["view_reports", "manage_withdrawals"], ["manage_memberships"]],
        [[...PERMISSIONS], []],
      ];
      for (let round = 0; round < 8; round++) {
        const initial: Permission[] = ["manage_users"];
        const admin = await newAdmin(initial);
        const [first, second] = sets[round % sets.length]!;
        const results = await Promise.all([
          setAdminPermissions(db, root, admin.id, first),
          setAdminPermissions(db, root, admin.id, second),
        ]);
        expect(results).toMatchObject([
          { status: "ok", changed: true },
          { status: "ok", changed: true },
        ]);
        const final = (await userRow(admin.id))!.permissions;
        expect([normalisePermissions(first), normalisePermissions(second)]).toContainEqual(final);

        const audit = (await auditFor(admin.id, "admin.permissions")).map((a) => ({
          before: (a.before as { permissions: string[] }).permissions,
          after: (a.after as { permissions: string[] }).permissions,
        }));
        expect(audit).toHaveLength(2);
        // Whatever order the database chose, one row starts from the initial set, the other
        // starts where the first ended, and the chain ends at the saved state.
        const start = audit.find((a) => a.before.join() === initial.join());
        expect(start, JSON.stringify(audit)).toBeDefined();
        const next = audit.find((a) => a !== start)!;
        expect(next.before).toEqual(start!.after);
        expect(next.after).toEqual(final);
        expect(start!.after).not.toEqual(final);
      }
    },
  );
});

describe("deactivateAdmin", () => {
  it("only the super admin", async () => {
    const target = await newAdmin();
    const strongAdmin = await createUser(db, { role: "admin", permissions: PERMISSIONS });
    const member = await createUser(db, { isApproved: true });
    for (const actor of [actorFor(strongAdmin), actorFor(member)]) {
      expect(await deactivateAdmin(db, actor, target.id)).toEqual(NOT_SUPER_ADMIN);
    }
    expect((await userRow(target.id))!.deactivatedAt).toBeNull();
    expect(await auditFor(target.id, "admin.deactivate")).toEqual([]);
  });

  it("the super admin cannot deactivate themselves, a member or an unknown id", async () => {
    expect(await deactivateAdmin(db, root, superAdmin.id)).toEqual({ status: "own-account" });
    // Even through a different actor object naming another super admin id, the row is not an admin.
    const member = await createUser(db, { isApproved: true });
    const token = await createSession(db, member.id);
    const refusal = { status: "not-found" };
    expect(await deactivateAdmin(db, root, member.id)).toEqual(refusal);
    expect(await deactivateAdmin(db, root, "no-such-id")).toEqual(refusal);
    expect(await deactivateAdmin(db, { ...root, id: "another-id" }, superAdmin.id)).toEqual(refusal);

    expect((await userRow(superAdmin.id))!.deactivatedAt).toBeNull();
    expect((await userRow(member.id))!.deactivatedAt).toBeNull();
    expect(await findSessionUser(db, token)).not.toBeNull();
    expect(await auditFor(member.id)).toEqual([]);
    expect(await auditFor(superAdmin.id)).toEqual([]);
  });

  it("ends the admin's sessions, stops sign-in and is audited; a second deactivation is refused", async () => {
    const admin = await newAdmin();
    const bystander = await newAdmin();
    const phone = await createSession(db, admin.id);
    const laptop = await createSession(db, admin.id);
    const theirs = await createSession(db, bystander.id);
    expect(await findSessionUser(db, phone)).not.toBeNull();

    expect(await deactivateAdmin(db, root, admin.id)).toMatchObject({ status: "ok", name: "Managed Admin" });
    const row = (await userRow(admin.id))!;
    expect(row.deactivatedAt).not.toBeNull();
    // Nothing else about the account changes.
    expect(row).toMatchObject({
      role: "admin",
      isApproved: true,
      isRestricted: false,
      permissions: ["manage_users", "view_reports"],
    });

    expect(await countUserSessions(db, admin.id)).toBe(0);
    expect(await findSessionUser(db, phone)).toBeNull();
    expect(await findSessionUser(db, laptop)).toBeNull();
    expect(await findSessionUser(db, theirs)).not.toBeNull();

    // Deactivation is revealed only to someone who knows the password.
    expect(await authenticate(db, { email: admin.email, password: "wrong-password" })).toEqual({
      status: "wrong-credentials",
    });
    expect(await authenticate(db, { email: admin.email, password: STRONG })).toEqual({ status: "deactivated" });
    expect(row.lastLoginAt).toBeNull();
    expect((await userRow(admin.id))!.lastLoginAt).toBeNull();

    const audit = await onlyAuditRow(db, admin.id, "admin.deactivate");
    expect(audit).toMatchObject({
      actorId: superAdmin.id,
      targetType: "user",
      ip: "197.210.5.9",
      before: { active: true },
      after: { active: false },
    });

    expect((await listActiveAdmins(db)).map((a) => a.id)).not.toContain(admin.id);
    expect((await listActiveAdmins(db)).map((a) => a.id)).toContain(bystander.id);

    const deactivatedAt = row.deactivatedAt;
    expect(await deactivateAdmin(db, root, admin.id)).toEqual({ status: "not-found" });
    expect((await userRow(admin.id))!.deactivatedAt).toEqual(deactivatedAt);
    expect(await auditFor(admin.id, "admin.deactivate")).toHaveLength(1);
  });

  it("a session created after deactivation (e.g. an old login racing) finds nobody", async () => {
    const admin = await newAdmin();
    expect(await deactivateAdmin(db, root, admin.id)).toMatchObject({ status: "ok" });
    const late = await createSession(db, admin.id);
    expect(await findSessionUser(db, late)).toBeNull();
    expect(await countUserSessions(db, admin.id)).toBe(0);
  });
});

describe("listActiveAdmins", () => {
  it("lists role admin only (not the super admin or members), oldest first, without password hashes", async () => {
    const admins = await listActiveAdmins(db);
    const ids = admins.map((a) => a.id);
    expect(ids).not.toContain(superAdmin.id);
    const rows = await db.select({ id: users.id, role: users.role }).from(users);
    const roles = new Map(rows.map((r) => [r.id, r.role]));
    expect(admins.every((a) => roles.get(a.id) === "admin")).toBe(true);
    const times = admins.map((a) => a.createdAt.getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(admins[0]).not.toHaveProperty("passwordHash");
  });
});
