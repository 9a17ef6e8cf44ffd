import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { membershipTiers, sessions, totpFactors, users } from "~/db/schema";

/** Idle sessions end after 12 hours; every session ends 7 days after sign-in. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Sliding expiry is written at most once every 5 minutes per session, not on every request: each
 * write is a transaction of its own, and an active member makes a request every few seconds.
 * The idle expiry is then up to 5 minutes early, on 12 hours.
 */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type SessionMeta = { ip?: string; userAgent?: string };

/** Creates a session and returns the cookie token (256 random bits); only its hash is stored. */
export async function createSession(db: Database, userId: string, meta: SessionMeta = {}, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    lastSeenAt: now,
    idleExpiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ip: meta.ip?.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return token;
}

/** Every signed-in request reads its session. */
const sessionUserQuery = preparedPerDatabase((db) =>
  db
    .select({
      // What the sliding expiry needs; the rest of the session row is not read on a request.
      session: {
        lastSeenAt: sessions.lastSeenAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        factorCheckedAt: sessions.factorCheckedAt,
      },
      // Whether the account's second factor is on (an authenticator app proved by a code).
      hasSecondFactor: sql<boolean>`exists (select 1 from ${totpFactors}
        where ${totpFactors.userId} = ${users.id} and ${totpFactors.confirmedAt} is not null)`,
      user: {
        id: users.id,
        displayId: users.displayId,
        name: users.name,
        email: users.email,
        role: users.role,
        permissions: users.permissions,
        isApproved: users.isApproved,
        isRestricted: users.isRestricted,
        deactivatedAt: users.deactivatedAt,
        membershipTierId: users.membershipTierId,
        membershipName: membershipTiers.name,
        referralCode: users.referralCode,
        createdAt: users.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(membershipTiers, eq(membershipTiers.id, users.membershipTierId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder("idHash")),
        gt(sessions.idleExpiresAt, sql.placeholder("now")),
        gt(sessions.absoluteExpiresAt, sql.placeholder("now")),
      ),
    )
    .prepare("find_session_user"),
);

/** The sliding expiry's write, on one request per session every few minutes. */
const touchSessionQuery = preparedPerDatabase((db) =>
  db
    .update(sessions)
    .set({
      lastSeenAt: sql`${sql.placeholder("now")}`,
      idleExpiresAt: sql`${sql.placeholder("idle")}`,
      updatedAt: sql`${sql.placeholder("now")}`,
    })
    .where(eq(sessions.idHash, sql.placeholder("idHash")))
    .prepare("touch_session"),
);

export type SessionUser = Awaited<ReturnType<typeof findSessionUser>>;

/**
 * The signed-in user for a cookie token, read fresh from the database (role, permissions,
 * restriction apply at once). Expired sessions, restricted and deactivated users get null.
 */
export async function findSessionUser(db: Database, token: string, now = new Date()) {
  if (!token || token.length > 100) return null;
  const idHash = hashToken(token);
  const [row] = await sessionUserQuery(db).execute({ idHash, now: now.toISOString() });
  if (!row) return null;
  if (row.user.isRestricted || row.user.deactivatedAt) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const idle = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, row.session.absoluteExpiresAt.getTime()));
    await touchSessionQuery(db).execute({ idHash, now: now.toISOString(), idle: idle.toISOString() });
  }
  return { ...row.user, hasSecondFactor: row.hasSecondFactor, factorCheckedAt: row.session.factorCheckedAt };
}

/** The session proved the account's second factor at `now` (sign-in, or a money action's re-check). */
export async function markFactorChecked(db: Database, token: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ factorCheckedAt: now, pendingAction: null, updatedAt: now })
    .where(eq(sessions.idHash, hashToken(token)));
}

/** A money action's form (passwords left out: `askAgain` names them, to be typed again). */
export type PendingAction = { path: string; fields: [string, string][]; askAgain?: string[] };

/** Keeps a money action's form while the session is asked to prove its second factor again. */
export async function keepPendingAction(db: Database, token: string, action: PendingAction) {
  await db
    .update(sessions)
    .set({ pendingAction: action })
    .where(eq(sessions.idHash, hashToken(token)));
}

/** The form kept by keepPendingAction, if any (read only: the confirmation page is a GET). */
export async function findPendingAction(db: Database, token: string): Promise<PendingAction | null> {
  const [row] = await db
    .select({ pendingAction: sessions.pendingAction })
    .from(sessions)
    .where(eq(sessions.idHash, hashToken(token)));
  return row?.pendingAction ?? null;
}

/** Gives the session a WebAuthn challenge to answer (a passkey's sign-in or registration). */
export async function setPasskeyChallenge(db: Database, token: string, challenge: string) {
  await db
    .update(sessions)
    .set({ passkeyChallenge: challenge })
    .where(eq(sessions.idHash, hashToken(token)));
}

/** The session's WebAuthn challenge, taken: each is answered at most once. */
export async function takePasskeyChallenge(db: Database, token: string): Promise<string | null> {
  const idHash = hashToken(token);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ challenge: sessions.passkeyChallenge })
      .from(sessions)
      .where(eq(sessions.idHash, idHash))
      .for("update");
    if (!row?.challenge) return null;
    await tx.update(sessions).set({ passkeyChallenge: null }).where(eq(sessions.idHash, idHash));
    return row.challenge;
  });
}

export async function deleteSession(db: Database, token: string) {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Ends every session of a user, optionally keeping the one making the request. */
export async function deleteUserSessions(db: Database, userId: string, keepToken?: string) {
  await db
    .delete(sessions)
    .where(
      keepToken
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, hashToken(keepToken)))
        : eq(sessions.userId, userId),
    );
}

export async function countUserSessions(db: Database, userId: string) {
  const rows = await db.select({ id: sessions.idHash }).from(sessions).where(eq(sessions.userId, userId));
  return rows.length;
}

/** Housekeeping: removes sessions that can no longer be used. */
export async function purgeExpiredSessions(db: Database, now = new Date()) {
  await db.delete(sessions).where(or(lte(sessions.idleExpiresAt, now), lte(sessions.absoluteExpiresAt, now)));
}
