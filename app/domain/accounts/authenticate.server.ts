import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users, type User } from "~/db/schema";
import { normalizeIp } from "~/domain/referrals/referral-abuse";
import { burnPasswordCheck, verifyPassword } from "./passwords.server";

export type AuthenticateResult =
  | { status: "ok"; user: User }
  /** No account with this email, or the wrong password: the two are never told apart. */
  | { status: "wrong-credentials" }
  | { status: "unconfirmed" }
  | { status: "restricted" }
  | { status: "deactivated" };

/**
 * Checks email and password. Restriction and confirmation are only revealed to someone who
 * knows the password. A successful sign-in stamps last_login_at and the address it came from
 * (compared with referrers' addresses when a referral reward is due).
 */
export async function authenticate(
  db: Database,
  credentials: { email: string; password: string; clientIp?: string },
  now = new Date(),
): Promise<AuthenticateResult> {
  const [user] = await db.select().from(users).where(eq(users.email, credentials.email.toLowerCase()));
  if (!user) {
    await burnPasswordCheck(credentials.password);
    return { status: "wrong-credentials" };
  }
  if (!(await verifyPassword(user.passwordHash, credentials.password))) return { status: "wrong-credentials" };
  if (user.isRestricted) return { status: "restricted" };
  if (user.deactivatedAt) return { status: "deactivated" };
  if (!user.emailConfirmedAt) return { status: "unconfirmed" };
  const lastLoginIp = normalizeIp(credentials.clientIp);
  await db.update(users).set({ lastLoginAt: now, lastLoginIp }).where(eq(users.id, user.id));
  return { status: "ok", user: { ...user, lastLoginAt: now, lastLoginIp } };
}

/**
 * The account an email names, with what a known-device cookie is bound to (its id and current
 * password hash: a new password revokes every cookie issued before it); null when there is none.
 */
export async function findPasswordBinding(
  db: Database,
  email: string,
): Promise<{ id: string; passwordHash: string } | null> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return user ?? null;
}
