import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users, type User } from "~/db/schema";
import { RECENT_SIGN_IN_ADDRESSES } from "~/domain/referrals/referral-abuse";
import { networkOf } from "~/lib/ip-network";
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
 * knows the password. A successful sign-in stamps last_login_at and puts the network it came
 * from first among the member's recent ones (the last RECENT_SIGN_IN_ADDRESSES, each once),
 * compared with a referrer's at sign-up and when a referral reward falls due. The network, not
 * the address: a phone's IPv6 address changes within its /64 from day to day, and would
 * otherwise fill every slot and push out the member's other networks.
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
  const network = networkOf(credentials.clientIp);
  // In one statement, so concurrent sign-ins each add their network to the list the other left.
  const [signedIn] = await db
    .update(users)
    .set({
      lastLoginAt: now,
      ...(network === null
        ? {}
        : {
            recentLoginIps: sql`(array[${network}]::text[] || array_remove(${users.recentLoginIps}, ${network}))[1:${sql.raw(String(RECENT_SIGN_IN_ADDRESSES))}]`,
          }),
    })
    .where(eq(users.id, user.id))
    .returning();
  return { status: "ok", user: signedIn ?? { ...user, lastLoginAt: now } };
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

/** Whether `password` is the signed-in account's current one (a sensitive change asks for it again). */
export async function isCurrentPassword(db: Database, userId: string, password: string): Promise<boolean> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return Boolean(user) && (await verifyPassword(user!.passwordHash, password));
}
