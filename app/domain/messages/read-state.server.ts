import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { messages } from "~/db/schema";
import { MARK_READ_MAX_IDS } from "./rules";

const MESSAGE_ID_SHAPE = /^[0-9A-Za-z_-]{1,40}$/;

/** Messages sent to the member and not yet read (the partial unread index answers it). */
export async function countUnreadMessages(db: Database, userId: string): Promise<number> {
  return db.$count(messages, and(eq(messages.recipientId, userId), isNull(messages.readAt)));
}

/**
 * Stamps as read the listed messages that were sent to `userId` and are still unread; any other
 * id (a message sent by them, or between other members) is left alone. Returns how many changed.
 */
export async function markMessagesRead(
  db: Database,
  userId: string,
  ids: readonly string[],
  now: Date = new Date(),
): Promise<number> {
  const wanted = [...new Set(ids.filter((id) => MESSAGE_ID_SHAPE.test(id)))].slice(0, MARK_READ_MAX_IDS);
  if (wanted.length === 0) return 0;
  const updated = await db
    .update(messages)
    .set({ readAt: now })
    .where(and(eq(messages.recipientId, userId), inArray(messages.id, wanted), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return updated.length;
}
