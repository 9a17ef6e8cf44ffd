import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { queueEmail } from "~/domain/mail/outbox.server";
import { passwordChangedMail } from "~/domain/mail/templates";
import { getAppSettings } from "~/domain/settings/app-settings";
import { deleteUserSessions } from "~/domain/sessions/sessions.server";
import type { RefusalTexts } from "~/domain/shared/outcome";
import { revokeEmailTokens } from "./email-tokens.server";
import { hashPassword, isCommonPassword, verifyPassword } from "./passwords.server";

export type ChangePasswordResult = { status: "ok" } | { status: "wrong-password" } | { status: "common-password" };

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose one that is harder to guess.";

/** A new password typed twice: the refusal of a mismatch or of a common password, or null. */
export function newPasswordErrors(password: string, confirmPassword: string): Record<string, string> | null {
  if (password !== confirmPassword) return { confirmPassword: "Passwords don't match!" };
  if (isCommonPassword(password)) return { password: COMMON_PASSWORD_MESSAGE };
  return null;
}

/** What the member is told for each refusal. */
export const CHANGE_PASSWORD_REFUSALS: RefusalTexts<ChangePasswordResult> = {
  "wrong-password": "Current password is incorrect.",
  "common-password": COMMON_PASSWORD_MESSAGE,
};

/**
 * Changes the password after checking the current one; ends every other session of the user and
 * mails them about it ("If this wasn't you…"), all in one transaction.
 */
export async function changePassword(
  db: Database,
  options: { userId: string; currentPassword: string; newPassword: string; keepSessionToken?: string },
): Promise<ChangePasswordResult> {
  const [user] = await db
    .select({
      passwordHash: users.passwordHash,
      email: users.email,
      name: users.name,
      confirmed: users.emailConfirmedAt,
    })
    .from(users)
    .where(eq(users.id, options.userId));
  if (!user || !(await verifyPassword(user.passwordHash, options.currentPassword))) {
    return { status: "wrong-password" };
  }
  if (isCommonPassword(options.newPassword)) {
    return { status: "common-password" };
  }
  const passwordHash = await hashPassword(options.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, options.userId));
    await deleteUserSessions(tx, options.userId, options.keepSessionToken);
    await revokeEmailTokens(tx, options.userId, "reset_password");
    const { appName } = await getAppSettings(tx);
    await queueEmail(tx, passwordChangedMail(user.email, user.confirmed ? user.name : null, "profile", appName));
  });
  return { status: "ok" };
}
