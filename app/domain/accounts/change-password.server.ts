import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { deleteUserSessions } from "~/domain/sessions/sessions.server";
import { revokeEmailTokens } from "./email-tokens.server";
import { hashPassword, isCommonPassword, verifyPassword } from "./passwords.server";

export type ChangePasswordResult =
  | { ok: true }
  | { ok: false; field: "currentPassword" | "newPassword"; message: string };

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose one that is harder to guess.";

/** Changes the password after checking the current one; ends every other session of the user. */
export async function changePassword(
  db: Database,
  options: { userId: string; currentPassword: string; newPassword: string; keepSessionToken?: string },
): Promise<ChangePasswordResult> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, options.userId));
  if (!user || !(await verifyPassword(user.passwordHash, options.currentPassword))) {
    return { ok: false, field: "currentPassword", message: "Current password is incorrect." };
  }
  if (isCommonPassword(options.newPassword)) {
    return { ok: false, field: "newPassword", message: COMMON_PASSWORD_MESSAGE };
  }
  const passwordHash = await hashPassword(options.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, options.userId));
    await deleteUserSessions(tx, options.userId, options.keepSessionToken);
    await revokeEmailTokens(tx, options.userId, "reset_password");
  });
  return { ok: true };
}
