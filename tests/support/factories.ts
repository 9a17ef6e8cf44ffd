import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { hashPassword } from "~/domain/accounts/passwords.server";
import { DEFAULT_ADMIN_PERMISSIONS, type Permission, type Role } from "~/domain/permissions/permissions";
import { newDisplayId, newId, newReferralCode } from "~/domain/shared/ids";

export const TEST_PASSWORD = "correct-horse-battery-staple";
let passwordHash: Promise<string> | undefined;

export type UserOverrides = {
  name?: string;
  email?: string;
  role?: Role;
  isApproved?: boolean;
  isRestricted?: boolean;
  emailConfirmed?: boolean;
  permissions?: readonly Permission[];
  password?: string;
};

let counter = 0;

/** Inserts a user directly (confirmed by default). Password: TEST_PASSWORD unless given. */
export async function createUser(db: Database, overrides: UserOverrides = {}) {
  counter++;
  const role = overrides.role ?? "user";
  const hash = overrides.password ? hashPassword(overrides.password) : (passwordHash ??= hashPassword(TEST_PASSWORD));
  const id = newId();
  await db.insert(users).values({
    id,
    displayId: newDisplayId(role === "super_admin" ? "SA" : role === "admin" ? "A" : "U"),
    name: overrides.name ?? `Test User ${counter}`,
    email: (overrides.email ?? `user${counter}.${id.slice(0, 6)}@example.ng`).toLowerCase(),
    passwordHash: await hash,
    role,
    isApproved: overrides.isApproved ?? role !== "user",
    isRestricted: overrides.isRestricted ?? false,
    permissions: [...(overrides.permissions ?? (role === "admin" ? DEFAULT_ADMIN_PERMISSIONS : []))],
    referralCode: newReferralCode(),
    emailConfirmedAt: overrides.emailConfirmed === false ? null : new Date(),
  });
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return { ...user!, password: overrides.password ?? TEST_PASSWORD };
}
