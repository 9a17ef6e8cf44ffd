import { and, eq, inArray, isNull, ne, or, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { messages } from "~/db/schema";
import { isStaff } from "~/domain/permissions/permissions";
import type { MessageReader } from "./list-messages.server";
import { MARK_READ_MAX_IDS } from "./rules";

const MESSAGE_ID_SHAPE = /^[0-9A-Za-z_-]{1,40}$/;

/**
 * The messages the reader receives: sent to them and, for staff, to support (one inbox every
 * admin and the super admin share, so one of them reading a message reads it for all).
 */
function receivedBy(reader: MessageReader): SQL {
  const own = eq(messages.recipientId, reader.id);
  return isStaff(reader.role) ? or(own, and(isNull(messages.recipientId), ne(messages.senderId, reader.id)))! : own;
}

/** Messages the reader receives and has not read yet (the partial unread index answers it). */
export async function countUnreadMessages(db: Database, reader: MessageReader): Promise<number> {
  return db.$count(messages, and(receivedBy(reader), isNull(messages.readAt)));
}

/**
 * Stamps as read the listed messages the reader receives (for staff, support's too) that are
 * still unread; any other id (a message sent by them, or between other members) is left alone.
 * Returns how many changed.
 */
export async function markMessagesRead(
  db: Database,
  reader: MessageReader,
  ids: readonly string[],
  now: Date = new Date(),
): Promise<number> {
  const wanted = [...new Set(ids.filter((id) => MESSAGE_ID_SHAPE.test(id)))].slice(0, MARK_READ_MAX_IDS);
  if (wanted.length === 0) return 0;
  const updated = await db
    .update(messages)
    .set({ readAt: now })
    .where(and(receivedBy(reader), inArray(messages.id, wanted), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return updated.length;
}
