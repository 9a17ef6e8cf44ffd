import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { referrals, users } from "~/db/schema";
import { queueEmail } from "~/domain/mail/outbox.server";
import { passwordChangedMail, resetPasswordMail } from "~/domain/mail/templates";
import { getAppSettings } from "~/domain/settings/app-settings";
import { deleteUserSessions } from "~/domain/sessions/sessions.server";
import {
  consumeEmailToken,
  type EmailLinkResult,
  issueEmailToken,
  peekEmailToken,
  revokeEmailTokens,
} from "./email-tokens.server";
import { hashPassword } from "./passwords.server";

/** Queues a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(db: Database, email: string, appUrl: URL): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email, confirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    if (!user) return null;
    const token = await issueEmailToken(tx, user.id, "reset_password");
    const link = new URL(`/reset-password?token=${token}`, appUrl).href;
    return queueEmail(tx, resetPasswordMail(user.email, user.confirmedAt ? user.name : null, link));
  });
}

/**
 * Sets a new password from a single-use reset token and ends every session. Following the
 * emailed link also proves the address, so an unconfirmed account becomes confirmed.
 */
export async function resetPassword(
  db: Database,
  token: string,
  newPassword: string,
  now = new Date(),
): Promise<EmailLinkResult> {
  // A cheap look first: an invalid link costs no password hash.
  if (!(await peekEmailToken(db, token, "reset_password", now))) return { status: "invalid-link" };
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx): Promise<EmailLinkResult> => {
    const userId = await consumeEmailToken(tx, token, "reset_password", now);
    if (!userId) return { status: "invalid-link" };
    await revokeEmailTokens(tx, userId, "reset_password", now);
    const [user] = await tx
      .select({ confirmed: users.emailConfirmedAt, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, userId));
    // Never confirmed: whoever registered it may not have owned the address. The real owner takes
    // the account over here, so a referral the registrant attached is dropped (no one profits
    // from squatting someone else's email).
    const squatted = !user?.confirmed;
    await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: now,
        emailConfirmedAt: user?.confirmed ?? now,
        ...(squatted ? { referredById: null } : {}),
      })
      .where(eq(users.id, userId));
    if (squatted) {
      await tx.delete(referrals).where(and(eq(referrals.referredId, userId), eq(referrals.status, "pending")));
    }
    await deleteUserSessions(tx, userId);
    if (user) {
      const { appName } = await getAppSettings(tx);
      await queueEmail(tx, passwordChangedMail(user.email, user.confirmed ? user.name : null, "reset-link", appName));
    }
    return { status: "ok" };
  });
}
