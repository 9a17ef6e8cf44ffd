import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { queueEmail } from "~/domain/mail/outbox.server";
import { appLink, FREEZE_PAYOUTS_PATH, greeting, plainText } from "~/domain/mail/templates";
import { systemClock, type Clock } from "~/domain/shared/clock";

/**
 * A person edits their own name. For whoever is paid from a balance (a member, an advertiser) the
 * name is what the bank's account name is compared with before an automatic payout, so a change
 * is dated (users.nameChangedAt: automatic payouts wait a while after it) and mailed to them, with
 * the link that freezes payouts, as a change of bank details is. The same name again changes
 * nothing.
 */
export async function updateProfileName(
  db: Database,
  userId: string,
  name: string,
  clock: Clock = systemClock,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!current || current.name === name) return;
    const now = clock();
    const payee = current.role === "user" || current.role === "advertiser";
    await tx
      .update(users)
      .set({ name, updatedAt: now, ...(payee ? { nameChangedAt: now } : {}) })
      .where(eq(users.id, userId));
    if (payee) {
      await queueEmail(tx, {
        to: current.email,
        subject: "Your AdNaira name was changed",
        text:
          `${greeting(name)}\n\nThe name on your AdNaira account was just changed` +
          `${plainText(current.name) && plainText(name) ? ` from "${plainText(current.name)}" to "${plainText(name)}"` : ""}. ` +
          `Withdrawals are checked by an admin for a while before they are paid automatically again.\n\n` +
          `If you did not make this change, freeze your payouts at once: sign in, then open this link and press its button: ` +
          `${appLink(FREEZE_PAYOUTS_PATH)}\nThen reset your password from the login page ("Forgot password").\n`,
      });
    }
  });
}
