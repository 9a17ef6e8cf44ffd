import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { emails } from "~/db/schema";
import { newId } from "~/domain/shared/ids";
import { foreignLinks, resolveAppLinks } from "./templates";

export type OutgoingMail = { to: string; subject: string; text: string };

/**
 * Stores a mail in the outbox. Call it inside the transaction that causes the mail:
 * the registration and its confirmation mail are committed together or not at all.
 */
export async function queueEmail(db: Database, mail: OutgoingMail, now = new Date()): Promise<string> {
  const id = newId();
  // Due "now" by the app's clock, the clock deliverDueEmails compares with (not the database's).
  await db
    .insert(emails)
    .values({ id, toAddress: mail.to, subject: mail.subject, textBody: mail.text, nextAttemptAt: now });
  return id;
}

/**
 * Stores the one mail that reports an event (`dedupeKey`, e.g. `referral:<id>:paid`), inside the
 * transaction that makes the event: a rolled-back change leaves no mail, and a replayed or
 * retried one finds the key taken and queues nothing. The mail's id, or null when it was queued
 * before.
 */
export async function queueEmailOnce(
  db: Database,
  dedupeKey: string,
  mail: OutgoingMail,
  now = new Date(),
): Promise<string | null> {
  const [queued] = await db
    .insert(emails)
    .values({
      id: newId(),
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      nextAttemptAt: now,
      dedupeKey,
    })
    .onConflictDoNothing({ target: emails.dedupeKey })
    .returning({ id: emails.id });
  return queued?.id ?? null;
}

/** Whether the mail reporting this event was queued. */
export async function eventMailQueued(db: Database, dedupeKey: string): Promise<boolean> {
  return (await db.$count(emails, eq(emails.dedupeKey, dedupeKey))) > 0;
}

/** Whether a mail with this subject went to the address since `since` (to cap repeated notices). */
export async function sentRecently(db: Database, to: string, subject: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.toAddress, to), eq(emails.subject, subject), gt(emails.createdAt, since)))
    .limit(1);
  return Boolean(row);
}

/** Sends one mail; throws on failure. SMTP (nodemailer) or the server log. */
export type MailTransport = {
  kind: "smtp" | "log";
  send: (mail: OutgoingMail) => Promise<void>;
};

export const MAX_DELIVERY_ATTEMPTS = 8;
/** Back-off after the n-th failed attempt: 15 s, 30 s, 1 min … capped at 1 h. */
export const retryDelayMs = (attempts: number) => Math.min(15_000 * 2 ** (attempts - 1), 60 * 60 * 1000);

export type DeliveryOptions = {
  now?: Date;
  limit?: number;
  /**
   * The app's public origin (APP_URL). A mail with a link anywhere else is never sent: it is
   * marked failed at once and reported to `onRefused`, whatever put the link there.
   */
  appUrl: URL;
  onRefused?: (mail: { id: string; to: string; subject: string; links: string[] }) => void;
};

/**
 * Delivers due mails. Each mail is claimed with a conditional update (its attempt count),
 * so two processes never send the same mail twice. Returns how many were delivered.
 */
export async function deliverDueEmails(
  db: Database,
  transport: MailTransport,
  options: DeliveryOptions,
): Promise<number> {
  const now = options.now ?? new Date();
  const due = await db
    .select()
    .from(emails)
    .where(and(eq(emails.status, "pending"), lte(emails.nextAttemptAt, now)))
    .orderBy(asc(emails.createdAt))
    .limit(options.limit ?? 50);
  let delivered = 0;
  for (const mail of due) {
    const attempts = mail.attempts + 1;
    // Claim: push the next attempt out so nobody else picks it while we send.
    const [claimed] = await db
      .update(emails)
      .set({ attempts, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)), updatedAt: now })
      .where(and(eq(emails.id, mail.id), eq(emails.attempts, mail.attempts), eq(emails.status, "pending")))
      .returning({ id: emails.id });
    if (!claimed) continue;
    const text = resolveAppLinks(mail.textBody, options.appUrl);
    const links = foreignLinks(`${mail.subject}\n${text}`, options.appUrl);
    if (links.length > 0) {
      await db
        .update(emails)
        .set({
          status: "failed",
          lastError: `not sent: links outside APP_URL: ${links.join(" ")}`.slice(0, 500),
          updatedAt: new Date(),
        })
        .where(eq(emails.id, mail.id));
      options.onRefused?.({ id: mail.id, to: mail.toAddress, subject: mail.subject, links });
      continue;
    }
    try {
      await transport.send({ to: mail.toAddress, subject: mail.subject, text });
      await db
        .update(emails)
        .set({
          status: transport.kind === "smtp" ? "sent" : "logged",
          sentAt: new Date(),
          lastError: null,
          updatedAt: new Date(),
        })
        .where(eq(emails.id, mail.id));
      delivered++;
    } catch (err) {
      await db
        .update(emails)
        .set({
          lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
          status: attempts >= MAX_DELIVERY_ATTEMPTS ? "failed" : "pending",
          updatedAt: new Date(),
        })
        .where(eq(emails.id, mail.id));
    }
  }
  return delivered;
}

/** Mails sent to an address, newest first (used by tests and support tooling). */
export async function emailsTo(db: Database, address: string) {
  return db
    .select()
    .from(emails)
    .where(eq(emails.toAddress, address.toLowerCase()))
    .orderBy(sql`${emails.createdAt} desc`);
}
