import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users, type User } from "~/db/schema";
import { burnPasswordCheck, verifyPassword } from "./passwords.server";

export type AuthenticateResult =
  | { ok: true; user: User }
  | { ok: false; reason: "invalid" | "unconfirmed" | "restricted" | "deactivated" };

/**
 * Checks email and password. Restriction and confirmation are only revealed to someone who
 * knows the password. A successful sign-in stamps last_login_at.
 */
export async function authenticate(
  db: Database,
  credentials: { email: string; password: string },
  now = new Date(),
): Promise<AuthenticateResult> {
  const [user] = await db.select().from(users).where(eq(users.email, credentials.email.toLowerCase()));
  if (!user) {
    await burnPasswordCheck(credentials.password);
    return { ok: false, reason: "invalid" };
  }
  if (!(await verifyPassword(user.passwordHash, credentials.password))) return { ok: false, reason: "invalid" };
  if (user.isRestricted) return { ok: false, reason: "restricted" };
  if (user.deactivatedAt) return { ok: false, reason: "deactivated" };
  if (!user.emailConfirmedAt) return { ok: false, reason: "unconfirmed" };
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  return { ok: true, user: { ...user, lastLoginAt: now } };
}
