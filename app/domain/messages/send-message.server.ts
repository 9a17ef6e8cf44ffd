import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/client.server";
import { campaigns, messages, users } from "~/db/schema";
import { isStaff, type Role } from "~/domain/permissions/permissions";
import { newId } from "~/domain/shared/ids";
import { FORBIDDEN, type Forbidden, type RefusalTexts } from "~/domain/shared/outcome";
import {
  DISPLAY_ID_SHAPE,
  MESSAGE_RATE_LIMITS,
  maySendMessages,
  mayWriteTo,
  normalizeDisplayId,
  PENDING_SENDER_TEXT,
  SUPPORT_ID,
  SUPPORT_ONLY_TEXT,
  type RateWindow,
} from "./rules";

export type SentMessage = {
  id: string;
  /** Null: to support. */
  recipientId: string | null;
  campaignId: string | null;
  content: string;
  createdAt: Date;
};

export type SendMessageResult =
  | { status: "ok"; message: SentMessage }
  /** A member not approved yet: they may read, not write. */
  | { status: "pending-approval" }
  /** Not a role that writes messages. */
  | Forbidden
  | { status: "unknown-recipient" }
  /** An advertiser writing to anyone but support. */
  | { status: "support-only" }
  /** Staff writing to support: they answer its messages, each to its sender. */
  | { status: "staff-to-support" }
  /** A campaign that is not the sender's, or a message about one not to support. */
  | { status: "unknown-campaign" }
  | { status: "to-self" }
  | { status: "rate-limited"; window: RateWindow };

/** The words for each refusal (the route puts them on the recipient field or the form). */
export const SEND_MESSAGE_REFUSALS: RefusalTexts<SendMessageResult> = {
  "pending-approval": PENDING_SENDER_TEXT,
  forbidden: "Only members and staff can send messages.",
  "unknown-recipient": "No account has this user ID.",
  "support-only": SUPPORT_ONLY_TEXT,
  "staff-to-support": "You answer support's messages: reply to each sender by their user ID.",
  "unknown-campaign": "That campaign was not found among yours. Write from the campaign's page, or without it.",
  "to-self": "You cannot send a message to yourself.",
  "rate-limited": "You can send up to 30 messages a minute. Please wait a moment and try again.",
};

export const RATE_LIMIT_TEXTS: Record<RateWindow, string> = {
  minute: "You can send up to 30 messages a minute. Please wait a moment and try again.",
  day: "You can send up to 300 messages a day. Please try again later.",
};

export type Sender = { id: string; role: Role; isApproved: boolean };

export type MessageInput = {
  /** A display ID, or SUPPORT_ID (any case, spaces around it) for support. */
  recipientDisplayId: string;
  content: string;
  /** The sender's campaign a message to support is about. */
  campaignId?: string | null;
};

/** An advertiser's campaign a message to support may name: its title and reference, or null when not theirs. */
export async function supportCampaign(
  db: Database,
  advertiserId: string,
  campaignId: string,
): Promise<{ id: string; title: string; reference: string } | null> {
  if (!ID_SHAPE.test(campaignId)) return null;
  const [row] = await db
    .select({ id: campaigns.id, title: campaigns.title, reference: campaigns.reference })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.advertiserId, advertiserId)))
    .limit(1);
  return row ?? null;
}

const ID_SHAPE = /^[0-9A-Za-z_-]{1,40}$/;

/**
 * Sends `content` (already checked and trimmed by the form's schema) to the account whose display
 * ID is `recipientDisplayId` (any case, spaces around it), or to support (SUPPORT_ID: stored with
 * no recipient, read by every admin and the super admin), from staff, an approved member or an
 * advertiser (maySendMessages; the sender as read for this request), to someone they may write to
 * (mayWriteTo: an advertiser's messages go to support only; staff answer support rather than write
 * to it; a member never finds an advertiser's ID). A message to support may name one of the
 * sender's campaigns. A deactivated admin cannot be written to; a restricted member still
 * receives. Members and advertisers are held to MESSAGE_RATE_LIMITS, counted from the messages
 * table while holding a lock on the sender, so concurrent sends cannot pass it; admins answering
 * support are exempt.
 */
export async function sendMessage(
  db: Database,
  sender: Sender,
  input: MessageInput,
  now: Date = new Date(),
): Promise<SendMessageResult> {
  if (!maySendMessages(sender)) return sender.role === "user" ? { status: "pending-approval" } : FORBIDDEN;
  const displayId = normalizeDisplayId(input.recipientDisplayId);
  let recipientId: string | null = null;
  if (displayId === SUPPORT_ID) {
    if (!mayWriteTo(sender.role, "support")) return { status: "staff-to-support" };
  } else {
    if (!DISPLAY_ID_SHAPE.test(displayId)) return { status: "unknown-recipient" };
    const [recipient] = await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(eq(users.displayId, displayId), isNull(users.deactivatedAt)))
      .limit(1);
    if (!recipient) return { status: "unknown-recipient" };
    if (recipient.id === sender.id) return { status: "to-self" };
    if (!mayWriteTo(sender.role, recipient.role)) {
      return sender.role === "advertiser" ? { status: "support-only" } : { status: "unknown-recipient" };
    }
    recipientId = recipient.id;
  }
  const campaignId = input.campaignId || null;
  if (campaignId !== null && (recipientId !== null || !(await supportCampaign(db, sender.id, campaignId)))) {
    return { status: "unknown-campaign" };
  }

  return db.transaction(async (tx) => {
    if (!isStaff(sender.role)) {
      // One send at a time per member: the count below then sees every earlier send committed.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${"message-sender:" + sender.id}, 0))`);
      const minuteStart = new Date(now.getTime() - MESSAGE_RATE_LIMITS.minute.windowMs);
      const dayStart = new Date(now.getTime() - MESSAGE_RATE_LIMITS.day.windowMs);
      const [counts] = rowsOf<{ minute: number | string; day: number | string }>(
        await tx.execute(sql`
          select count(*) filter (where ${messages.createdAt} > ${minuteStart.toISOString()}::timestamptz) as minute,
                 count(*) as day
          from ${messages}
          where ${messages.senderId} = ${sender.id}
            and ${messages.createdAt} > ${dayStart.toISOString()}::timestamptz`),
      );
      if (Number(counts?.day ?? 0) >= MESSAGE_RATE_LIMITS.day.max) {
        return { status: "rate-limited", window: "day" } as const;
      }
      if (Number(counts?.minute ?? 0) >= MESSAGE_RATE_LIMITS.minute.max) {
        return { status: "rate-limited", window: "minute" } as const;
      }
    }
    const message: SentMessage = { id: newId(), recipientId, campaignId, content: input.content, createdAt: now };
    await tx.insert(messages).values({ ...message, senderId: sender.id });
    return { status: "ok", message } as const;
  });
}
