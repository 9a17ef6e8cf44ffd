import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { hasPermission, PERMISSIONS } from "~/domain/permissions/permissions";
import { DISPLAY_ID_ALPHABET } from "~/domain/shared/ids";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { authenticate } from "./authenticate.server";
import { bootstrapSuperAdmin, LOCAL_SUPER_ADMIN_EMAIL } from "./bootstrap-super-admin.server";

const handle = await openTestDatabase();
const { db } = handle;
// Each case starts from "no super admin yet".
beforeEach(async () => {
  await db.delete(users).where(eq(users.role, "super_admin"));
});

const superAdmins = () => db.select().from(users).where(eq(users.role, "super_admin"));

describe("bootstrapSuperAdmin", () => {
  it("creates the configured super admin: approved, confirmed, every permission", async () => {
    const result = await bootstrapSuperAdmin(db, { email: "Owner@AdNaira.ng", password: "a-long-owner-password" });
    expect(result).toEqual({ status: "created", email: "owner@adnaira.ng", generatedPassword: undefined });

    const rows = await superAdmins();
    expect(rows).toHaveLength(1);
    const admin = rows[0]!;
    expect(admin.email).toBe("owner@adnaira.ng");
    expect(admin.isApproved).toBe(true);
    expect(admin.isRestricted).toBe(false);
    expect(admin.emailConfirmedAt).toBeInstanceOf(Date);
    expect([...admin.permissions].sort()).toEqual([...PERMISSIONS].sort());
    expect(admin.displayId).toMatch(new RegExp(`^SA[${DISPLAY_ID_ALPHABET}]{8}$`));
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(hasPermission({ role: admin.role, permissions: admin.permissions }, "manage_settings")).toBe(true);

    const login = await authenticate(db, { email: "owner@adnaira.ng", password: "a-long-owner-password" });
    expect(login.status).toBe("ok");
  });

  it("without configuration, creates the local super admin with a generated password returned once", async () => {
    const result = await bootstrapSuperAdmin(db);
    expect(result.status).toBe("created");
    if (result.status !== "created") throw new Error("unreachable");
    expect(result.email).toBe(LOCAL_SUPER_ADMIN_EMAIL);
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);

    const [admin] = await superAdmins();
    expect(admin!.passwordHash).not.toContain(result.generatedPassword!);
    const login = await authenticate(db, { email: LOCAL_SUPER_ADMIN_EMAIL, password: result.generatedPassword! });
    expect(login.status).toBe("ok");
    if (login.status === "ok") expect(login.user.role).toBe("super_admin");

    // The password is never handed out again.
    expect(await bootstrapSuperAdmin(db)).toEqual({ status: "exists" });
  });

  it("generates a different password each time it has to", async () => {
    const first = await bootstrapSuperAdmin(db);
    await db.delete(users).where(eq(users.role, "super_admin"));
    const second = await bootstrapSuperAdmin(db);
    if (first.status !== "created" || second.status !== "created") throw new Error("expected two creations");
    expect(first.generatedPassword).not.toBe(second.generatedPassword);
  });

  it("a second call finds the super admin and changes nothing, even with other credentials", async () => {
    await bootstrapSuperAdmin(db, { email: "owner@adnaira.ng", password: "a-long-owner-password" });
    const [before] = await superAdmins();
    expect(
      await bootstrapSuperAdmin(db, { email: "someone.else@adnaira.ng", password: "another-long-password" }),
    ).toEqual({
      status: "exists",
    });
    expect(await bootstrapSuperAdmin(db)).toEqual({ status: "exists" });
    const after = await superAdmins();
    expect(after).toHaveLength(1);
    expect(after[0]!.passwordHash).toBe(before!.passwordHash);
    expect(after[0]!.email).toBe("owner@adnaira.ng");
  });

  it("processes starting at about the same time create one super admin and none of them fails", async () => {
    // Staggered starts make some calls read "no super admin yet" just before another call's
    // insert commits and the email check just after it (on PostgreSQL; PGlite serialises).
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const rounds = handle.kind === "postgres" ? 3 : 1;
    for (let round = 0; round < rounds; round++) {
      await db.delete(users).where(eq(users.role, "super_admin"));
      // allSettled: a rejected call must not leave the others running into the next test.
      const settled = await Promise.allSettled(
        Array.from({ length: 24 }, (_, i) => sleep(i * 3).then(() => bootstrapSuperAdmin(db))),
      );
      expect(settled.filter((r) => r.status === "rejected")).toEqual([]);
      const results = settled.map((r) => (r.status === "fulfilled" ? r.value : null));
      expect(results.filter((r) => r?.status === "created")).toHaveLength(1);
      expect(results.filter((r) => r?.status === "exists")).toHaveLength(23);
      expect(await superAdmins()).toHaveLength(1);
    }
  });

  it("refuses, with a clear message, an email that already belongs to a regular account", async () => {
    const user = await createUser(db, { email: "taken.owner@adnaira.ng" });
    await expect(
      bootstrapSuperAdmin(db, { email: "Taken.Owner@adnaira.ng", password: "a-long-owner-password" }),
    ).rejects.toThrow(/taken\.owner@adnaira\.ng already belongs to a user account.*SUPER_ADMIN_EMAIL/);
    expect(await superAdmins()).toHaveLength(0);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe("user");
    expect(row!.passwordHash).toBe(user.passwordHash);
  });
});
