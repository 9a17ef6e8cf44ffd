import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { queueEmail } from "~/domain/mail/outbox.server";
import { confirmEmailMail } from "~/domain/mail/templates";
import { normalizeEmail } from "~/domain/referrals/referral-abuse";
import { recordSignals } from "~/domain/risk/signals.server";
import { consumeEmailToken, type EmailLinkResult, issueEmailToken, revokeEmailTokens } from "./email-tokens.server";

/**
 * Consumes a confirmation token and confirms the account, recording its mailbox as a signal;
 * "invalid-link" when the link is not valid.
 */
export async function confirmEmail(db: Database, token: string, now = new Date()): Promise<EmailLinkResult> {
  return db.transaction(async (tx): Promise<EmailLinkResult> => {
    const userId = await consumeEmailToken(tx, token, "confirm_email", now);
    if (!userId) return { status: "invalid-link" };
    await revokeEmailTokens(tx, userId, "confirm_email", now);
    const [confirmed] = await tx
      .update(users)
      .set({ emailConfirmedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)))
      .returning({ email: users.email });
    // The mailbox ties accounts together only once its owner has proved it is theirs: an address
    // typed by someone else (victim+x@gmail.com) never links the victim.
    if (confirmed) await recordSignals(tx, userId, [{ kind: "email", value: normalizeEmail(confirmed.email) }]);
    return { status: "ok" };
  });
}

/** Sends a fresh confirmation link when the account exists and is unconfirmed; silent otherwise. */
export async function resendConfirmation(db: Database, email: string, appUrl: URL): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.email, email.toLowerCase()), isNull(users.emailConfirmedAt)));
    if (!user) return null;
    const token = await issueEmailToken(tx, user.id, "confirm_email");
    const link = new URL(`/confirm-email?token=${token}`, appUrl).href;
    return queueEmail(tx, confirmEmailMail(user.email, link));
  });
}
