import { z } from "zod";
import { isStaff, type Role } from "~/domain/permissions/permissions";

/** Longest message, in characters (code points, as the database's CHECK counts them). */
export const MESSAGE_MAX_LENGTH = 2000;

/** Messages a member (role `user`) may send: per rolling minute and per rolling 24 hours. Admins are exempt. */
export const MESSAGE_RATE_LIMITS = {
  minute: { max: 30, windowMs: 60_000 },
  day: { max: 300, windowMs: 24 * 60 * 60_000 },
} as const;

export type RateWindow = keyof typeof MESSAGE_RATE_LIMITS;

/** Messages per page of Recent Messages. */
export const MESSAGES_PAGE_SIZE = 20;

/** Most ids one mark-read may carry (a page shows 20; older pages are loaded 20 at a time). */
export const MARK_READ_MAX_IDS = 200;

/**
 * Support's inbox: what a member types (any case) as the recipient to write to support, and the
 * recipient a message to support shows. Every admin and the super admin read support's inbox.
 * Never a display ID: those are a prefix and 8 characters.
 */
export const SUPPORT_ID = "SUPPORT";
export const SUPPORT_NAME = "Support";

export const RECIPIENT_HINT = "Starts with U, A, or SA";

/** A member's recipient hint: support is written to by name. */
export const MEMBER_RECIPIENT_HINT = "Starts with U, A, or SA. To write to the support team, type Support.";

/** Above an advertiser's form, which has no recipient to type: their messages go to support. */
export const SUPPORT_INBOX_TEXT =
  "Your message goes to support: every admin who answers messages can read and answer it.";

/**
 * Who may write: staff (admins, the super admin), approved members, and advertisers. A member
 * waiting for approval reads what is sent to them but cannot write yet (so a fresh sign-up cannot
 * message everyone). An advertiser writes to support only (mayWriteTo), whatever their review says:
 * one waiting for approval, or turned down, asks support about it. A restricted account is signed
 * out and cannot sign in, so it writes nothing.
 */
export function maySendMessages(sender: { role: Role; isApproved: boolean }): boolean {
  return isStaff(sender.role) || sender.role === "advertiser" || (sender.role === "user" && sender.isApproved);
}

/**
 * Members and advertisers write to support (staff answer it; they do not write to themselves);
 * an advertiser writes to support only, and only staff write to an advertiser: members cannot
 * reach a business through its inbox.
 */
export function mayWriteTo(sender: Role, recipient: Role | "support"): boolean {
  if (recipient === "support") return !isStaff(sender);
  if (sender === "advertiser") return false;
  if (recipient === "advertiser") return isStaff(sender);
  return true;
}

/** What an advertiser is told when a message is addressed to anyone but support. */
export const SUPPORT_ONLY_TEXT = "You can message support only.";

/** What a member waiting for approval is told on /messages, and if they post anyway. */
export const PENDING_SENDER_TEXT =
  "Your account is pending approval. You can read messages sent to you, and send messages once an admin has approved your account.";

export const MESSAGE_FIELD_TEXTS = {
  recipientBlank: "Enter the recipient's user ID.",
  contentBlank: "Enter a message.",
  contentTooLong: "A message can be at most 2,000 characters.",
  contentNul: "A message cannot contain NUL (\\0) characters. Remove them and try again.",
} as const;

/** A display ID as a member may type it: spaces around it and lower case are forgiven. */
export const normalizeDisplayId = (value: string) => value.trim().toUpperCase();

/** Shaped like a display ID (prefix + letters and digits): anything else cannot name an account. */
export const DISPLAY_ID_SHAPE = /^[A-Z0-9-]{1,24}$/;

/** Line breaks as typed (a form posts them as CR LF), trimmed at both ends, otherwise as typed. */
export const normalizeMessageContent = (value: string) => value.replace(/\r\n?/g, "\n").trim();

/** Characters as PostgreSQL counts them (code points), not UTF-16 units. */
export const characterCount = (value: string) => Array.from(value).length;

const MessageContentSchema = z
  .string()
  .default("")
  .refine((v) => !v.includes("\0"), MESSAGE_FIELD_TEXTS.contentNul)
  .transform(normalizeMessageContent)
  .refine((v) => v.length > 0, MESSAGE_FIELD_TEXTS.contentBlank)
  .refine((v) => characterCount(v) <= MESSAGE_MAX_LENGTH, MESSAGE_FIELD_TEXTS.contentTooLong);

/** The Send Message form. */
export const SendMessageSchema = z.object({
  recipientId: z
    .string()
    .default("")
    .transform(normalizeDisplayId)
    .refine((v) => v.length > 0, MESSAGE_FIELD_TEXTS.recipientBlank),
  content: MessageContentSchema,
});

/**
 * An advertiser's Send Message form: no recipient (it goes to support), and the campaign it is
 * about when written from a campaign's page (checked to be theirs when sent).
 */
export const SupportMessageSchema = z.object({
  content: MessageContentSchema,
  campaignId: z
    .string()
    .default("")
    .transform((v) => v.trim() || null),
});

/** A position in Recent Messages: the last message shown (its time in microseconds since 1970, and id). */
export type MessageCursor = { micros: bigint; id: string };

const CURSOR_SHAPE = /^(\d{1,18})\.([0-9A-Za-z_-]{1,40})$/;

export const encodeCursor = (cursor: MessageCursor) => `${cursor.micros}.${cursor.id}`;

/** The cursor from `?before=`, or null when absent or malformed (then the newest page). */
export function decodeCursor(value: string | null | undefined): MessageCursor | null {
  const match = value ? CURSOR_SHAPE.exec(value) : null;
  if (!match) return null;
  return { micros: BigInt(match[1]!), id: match[2]! };
}
