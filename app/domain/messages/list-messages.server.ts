import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/client.server";
import { MESSAGES_PAGE_SIZE, type MessageCursor } from "./rules";

export type MessageParty = { name: string; displayId: string };

export type ListedMessage = {
  id: string;
  content: string;
  createdAt: Date;
  /** The signed-in member sent it. */
  sentByMe: boolean;
  sender: MessageParty;
  recipient: MessageParty;
  /** Received by the signed-in member and not yet read. */
  unread: boolean;
  cursor: MessageCursor;
};

export type MessagePage = { messages: ListedMessage[]; next: MessageCursor | null };

type Row = {
  id: string;
  content: string;
  created_at: string | Date;
  micros: string | number | bigint;
  sender_id: string;
  read_at: string | Date | null;
  sender_name: string;
  sender_display_id: string;
  recipient_name: string;
  recipient_display_id: string;
};

/**
 * The member's messages, sent and received, newest first, `limit` at a time after `before`
 * (keyset on created_at and id, to the microsecond). Only messages the member sent or received
 * are ever read: the cursor only says where to start.
 */
export async function listMessages(
  db: Database,
  userId: string,
  options: { before?: MessageCursor | null; limit?: number } = {},
): Promise<MessagePage> {
  const limit = options.limit ?? MESSAGES_PAGE_SIZE;
  const before = options.before;
  const after = before
    ? sql`and (m.created_at, m.id) < (timestamptz 'epoch' + ${before.micros.toString()}::bigint * interval '1 microsecond', ${before.id})`
    : sql``;
  // Two index range scans (sent, received), each at most limit + 1 rows, merged.
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with mine as (
        (select m.* from messages m where m.sender_id = ${userId} ${after}
          order by m.created_at desc, m.id desc limit ${limit + 1})
        union all
        (select m.* from messages m where m.recipient_id = ${userId} ${after}
          order by m.created_at desc, m.id desc limit ${limit + 1})
      )
      select m.id, m.content, m.created_at, m.sender_id, m.read_at,
             (extract(epoch from m.created_at) * 1000000)::bigint as micros,
             s.name as sender_name, s.display_id as sender_display_id,
             r.name as recipient_name, r.display_id as recipient_display_id
      from mine m
      join users s on s.id = m.sender_id
      join users r on r.id = m.recipient_id
      order by m.created_at desc, m.id desc
      limit ${limit + 1}`),
  );
  const page = rows.slice(0, limit).map((row): ListedMessage => {
    const sentByMe = row.sender_id === userId;
    return {
      id: row.id,
      content: row.content,
      createdAt: new Date(row.created_at),
      sentByMe,
      sender: { name: row.sender_name, displayId: row.sender_display_id },
      recipient: { name: row.recipient_name, displayId: row.recipient_display_id },
      unread: !sentByMe && row.read_at === null,
      cursor: { micros: BigInt(row.micros), id: row.id },
    };
  });
  const last = page.at(-1);
  return { messages: page, next: rows.length > limit && last ? last.cursor : null };
}
