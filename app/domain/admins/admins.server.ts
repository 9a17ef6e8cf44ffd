import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { COMMON_PASSWORD_MESSAGE } from "~/domain/accounts/change-password.server";
import { hashPassword, isCommonPassword } from "~/domain/accounts/passwords.server";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { PERMISSIONS, type Permission } from "~/domain/permissions/permissions";
import { isUniqueViolation } from "~/db/errors.server";
import { newDisplayId, newId, newReferralCode } from "~/domain/shared/ids";
import { FORBIDDEN, type Forbidden, type RefusalTexts } from "~/domain/shared/outcome";
import { deleteUserSessions } from "~/domain/sessions/sessions.server";
import { factorStatus, mailSecondFactorChange, removeSecondFactors } from "~/domain/second-factor/factors.server";

/** Only the super admin manages admins: anyone else gets "forbidden". */
const NOT_SUPER_ADMIN_MESSAGE = "Only the super admin can manage admins.";

/** The row of an admin (not the super admin) who has not been deactivated. */
const isActiveAdmin = (adminId: string) =>
  and(eq(users.id, adminId), eq(users.role, "admin"), isNull(users.deactivatedAt));

export type CreateAdminResult =
  { status: "ok"; adminId: string } | Forbidden | { status: "common-password" } | { status: "email-taken" };
export type SetAdminPermissionsResult =
  { status: "ok"; changed: boolean; name: string } | Forbidden | { status: "not-found" };
export type DeactivateAdminResult =
  { status: "ok"; name: string } | Forbidden | { status: "own-account" } | { status: "not-found" };

/** What the super admin is told for each refusal (the Super Admin page shows these texts). */
export const CREATE_ADMIN_REFUSALS: RefusalTexts<CreateAdminResult> = {
  forbidden: NOT_SUPER_ADMIN_MESSAGE,
  "common-password": COMMON_PASSWORD_MESSAGE,
  "email-taken": "An account with this email already exists.",
};
export const SET_ADMIN_PERMISSIONS_REFUSALS: RefusalTexts<SetAdminPermissionsResult> = {
  forbidden: NOT_SUPER_ADMIN_MESSAGE,
  "not-found": "That admin does not exist or is no longer active.",
};
export type ResetSecondFactorResult = { status: "ok"; name: string } | Forbidden | { status: "not-found" };

export const RESET_SECOND_FACTOR_REFUSALS: RefusalTexts<ResetSecondFactorResult> = {
  forbidden: NOT_SUPER_ADMIN_MESSAGE,
  "not-found": "That admin does not exist or is deactivated.",
};

export const DEACTIVATE_ADMIN_REFUSALS: RefusalTexts<DeactivateAdminResult> = {
  forbidden: NOT_SUPER_ADMIN_MESSAGE,
  "own-account": "You cannot deactivate your own account.",
  "not-found": "That admin does not exist or is already deactivated.",
};

/** Keeps only known permissions, each once, in the canonical order. */
export const normalisePermissions = (list: readonly string[]): Permission[] =>
  PERMISSIONS.filter((p) => list.includes(p));

/** Creates an admin account: approved, email confirmed, with the chosen permissions. */
export async function createAdmin(
  db: Database,
  actor: Actor,
  input: { name: string; email: string; password: string; permissions: readonly string[] },
): Promise<CreateAdminResult> {
  if (actor.role !== "super_admin") return FORBIDDEN;
  if (isCommonPassword(input.password)) return { status: "common-password" };
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
    if (isUniqueViolation(err, "users_email_unique")) return { status: "email-taken" };
    throw err;
  }
  return { status: "ok", adminId };
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
): Promise<SetAdminPermissionsResult> {
  if (actor.role !== "super_admin") return FORBIDDEN;
  const permissions = normalisePermissions(requested);
  return db.transaction(async (tx): Promise<SetAdminPermissionsResult> => {
    // Lock the row: two saves at once apply one after the other, each audited against the real "before".
    const [admin] = await tx
      .select({ permissions: users.permissions, name: users.name })
      .from(users)
      .where(isActiveAdmin(adminId))
      .for("update");
    if (!admin) return { status: "not-found" };
    const before = normalisePermissions(admin.permissions);
    if (before.join() === permissions.join()) return { status: "ok", changed: false, name: admin.name };
    await tx.update(users).set({ permissions, updatedAt: new Date() }).where(eq(users.id, adminId));
    await recordAudit(tx, {
      actor,
      action: "admin.permissions",
      targetType: "user",
      targetId: adminId,
      before: { permissions: before },
      after: { permissions },
    });
    return { status: "ok", changed: true, name: admin.name };
  });
}

/** Deactivates an admin: they can no longer sign in and their sessions end at once. */
export async function deactivateAdmin(db: Database, actor: Actor, adminId: string): Promise<DeactivateAdminResult> {
  if (actor.role !== "super_admin") return FORBIDDEN;
  if (adminId === actor.id) return { status: "own-account" };
  return db.transaction(async (tx): Promise<DeactivateAdminResult> => {
    const now = new Date();
    const [done] = await tx
      .update(users)
      .set({ deactivatedAt: now, updatedAt: now })
      .where(isActiveAdmin(adminId))
      .returning({ name: users.name });
    if (!done) return { status: "not-found" };
    await deleteUserSessions(tx, adminId);
    await recordAudit(tx, {
      actor,
      action: "admin.deactivate",
      targetType: "user",
      targetId: adminId,
      before: { active: true },
      after: { active: false },
    });
    return { status: "ok", name: done.name };
  });
}

/**
 * The super admin resets an admin's second factor (a lost phone): their authenticator app,
 * recovery codes and passkeys are removed and their sessions end, so the next sign-in enrols
 * again. Audited. The super admin's own factor is reset only from the server
 * (`npm run second-factor:reset`), never from the web: the target must be an admin.
 */
export async function resetAdminSecondFactor(
  db: Database,
  actor: Actor,
  adminId: string,
): Promise<ResetSecondFactorResult> {
  if (actor.role !== "super_admin") return FORBIDDEN;
  return db.transaction(async (tx): Promise<ResetSecondFactorResult> => {
    const [admin] = await tx.select({ name: users.name }).from(users).where(isActiveAdmin(adminId)).for("update");
    if (!admin) return { status: "not-found" };
    const before = await factorStatus(tx, adminId);
    await removeSecondFactors(tx, adminId);
    await deleteUserSessions(tx, adminId);
    await mailSecondFactorChange(tx, adminId, "reset");
    await recordAudit(tx, {
      actor,
      action: "admin.reset_second_factor",
      targetType: "user",
      targetId: adminId,
      before: { authenticatorApp: before.enrolled, passkeys: before.passkeys.length },
      after: { authenticatorApp: false, passkeys: 0 },
    });
    return { status: "ok", name: admin.name };
  });
}
