import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { hashPassword, isCommonPassword } from "~/domain/accounts/passwords.server";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { PERMISSIONS, type Permission } from "~/domain/permissions/permissions";
import { isUniqueViolation } from "~/db/errors.server";
import { newDisplayId, newId, newReferralCode } from "~/domain/shared/ids";
import { deleteUserSessions } from "~/domain/sessions/sessions.server";

type Refusal = { ok: false; reason: string; field?: string };
export type AdminResult<T = object> = ({ ok: true } & T) | Refusal;

const NOT_SUPER_ADMIN: Refusal = { ok: false, reason: "Only the super admin can manage admins." };

/** Keeps only known permissions, each once, in the canonical order. */
export const normalisePermissions = (list: readonly string[]): Permission[] =>
  PERMISSIONS.filter((p) => list.includes(p));

/** Creates an admin account: approved, email confirmed, with the chosen permissions. */
export async function createAdmin(
  db: Database,
  actor: Actor,
  input: { name: string; email: string; password: string; permissions: readonly string[] },
): Promise<AdminResult<{ adminId: string }>> {
  if (actor.role !== "super_admin") return NOT_SUPER_ADMIN;
  if (isCommonPassword(input.password)) {
    return { ok: false, field: "password", reason: "This password is too common. Choose one that is harder to guess." };
  }
  const permissions = normalisePermissions(input.permissions);
  const passwordHash = await hashPassword(input.password);
  const adminId = newId();
  const email = input.email.toLowerCase();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: adminId,
        displayId: newDisplayId("A"),
        name: input.name,
        email,
        passwordHash,
        role: "admin",
        isApproved: true,
        permissions,
        referralCode: newReferralCode(),
        emailConfirmedAt: new Date(),
      });
      await recordAudit(tx, {
        actor,
        action: "admin.create",
        targetType: "user",
        targetId: adminId,
        after: { name: input.name, email, permissions },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_email_unique")) {
      return { ok: false, field: "email", reason: "An account with this email already exists." };
    }
    throw err;
  }
  return { ok: true, adminId };
}

/** Active administrators (role admin, not deactivated), oldest first. */
export async function listActiveAdmins(db: Database) {
  return db
    .select({
      id: users.id,
      displayId: users.displayId,
      name: users.name,
      email: users.email,
      permissions: users.permissions,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.deactivatedAt)))
    .orderBy(asc(users.createdAt));
}

/** Replaces an admin's permissions; effective on the admin's next request. Audited when changed. */
export async function setAdminPermissions(
  db: Database,
  actor: Actor,
  adminId: string,
  requested: readonly string[],
): Promise<AdminResult<{ changed: boolean; name: string }>> {
  if (actor.role !== "super_admin") return NOT_SUPER_ADMIN;
  const permissions = normalisePermissions(requested);
  return db.transaction(async (tx) => {
    // Lock the row: two saves at once apply one after the other, each audited against the real "before".
    const [admin] = await tx
      .select({ permissions: users.permissions, name: users.name })
      .from(users)
      .where(and(eq(users.id, adminId), eq(users.role, "admin"), isNull(users.deactivatedAt)))
      .for("update");
    if (!admin) return { ok: false, reason: "That admin does not exist or is no longer active." };
    const before = normalisePermissions(admin.permissions);
    if (before.join() === permissions.join()) return { ok: true, changed: false, name: admin.name };
    await tx.update(users).set({ permissions, updatedAt: new Date() }).where(eq(users.id, adminId));
    await recordAudit(tx, {
      actor,
      action: "admin.permissions",
      targetType: "user",
      targetId: adminId,
      before: { permissions: before },
      after: { permissions },
    });
    return { ok: true, changed: true, name: admin.name };
  });
}

/** Deactivates an admin: they can no longer sign in and their sessions end at once. */
export async function deactivateAdmin(
  db: Database,
  actor: Actor,
  adminId: string,
): Promise<AdminResult<{ name: string }>> {
  if (actor.role !== "super_admin") return NOT_SUPER_ADMIN;
  if (adminId === actor.id) return { ok: false, reason: "You cannot deactivate your own account." };
  return db.transaction(async (tx) => {
    const now = new Date();
    const [done] = await tx
      .update(users)
      .set({ deactivatedAt: now, updatedAt: now })
      .where(and(eq(users.id, adminId), eq(users.role, "admin"), isNull(users.deactivatedAt)))
      .returning({ name: users.name });
    if (!done) return { ok: false, reason: "That admin does not exist or is already deactivated." };
    await deleteUserSessions(tx, adminId);
    await recordAudit(tx, {
      actor,
      action: "admin.deactivate",
      targetType: "user",
      targetId: adminId,
      before: { active: true },
      after: { active: false },
    });
    return { ok: true, name: done.name };
  });
}
