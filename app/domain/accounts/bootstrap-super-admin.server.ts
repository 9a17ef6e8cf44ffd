import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { isUniqueViolation } from "~/db/errors.server";
import { newDisplayId, newId, newReferralCode } from "~/domain/shared/ids";
import { hashPassword } from "./passwords.server";

export const LOCAL_SUPER_ADMIN_EMAIL = "superadmin@adnaira.local";

export type BootstrapResult = { status: "exists" } | { status: "created"; email: string; generatedPassword?: string };

/**
 * Creates the super admin when none exists: from the configured credentials, or (local
 * try-out) with a generated password that the caller prints once.
 */
export async function bootstrapSuperAdmin(
  db: Database,
  configured?: { email: string; password: string },
): Promise<BootstrapResult> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, "super_admin")).limit(1);
  if (existing) return { status: "exists" };

  const email = (configured?.email ?? LOCAL_SUPER_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = configured ? undefined : randomBytes(15).toString("base64url");
  const password = configured?.password ?? generatedPassword!;

  const [taken] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  if (taken) {
    // Another process created the super admin between our two reads.
    if (taken.role === "super_admin") return { status: "exists" };
    throw new Error(
      `Cannot create the super admin: ${email} already belongs to a ${taken.role} account. Set SUPER_ADMIN_EMAIL to an unused address.`,
    );
  }
  const now = new Date();
  try {
    await db.insert(users).values({
      id: newId(),
      displayId: newDisplayId("SA"),
      name: "Super Admin",
      email,
      passwordHash: await hashPassword(password),
      role: "super_admin",
      isApproved: true,
      permissions: [...PERMISSIONS],
      referralCode: newReferralCode(),
      emailConfirmedAt: now,
    });
  } catch (err) {
    // Another process bootstrapped at the same moment.
    if (isUniqueViolation(err, "users_email_unique") || isUniqueViolation(err, "users_single_super_admin")) {
      return { status: "exists" };
    }
    throw err;
  }
  return { status: "created", email, generatedPassword };
}
