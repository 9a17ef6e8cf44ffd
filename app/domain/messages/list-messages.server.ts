import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/client.server";
import { isStaff, type Role } from "~/domain/permissions/permissions";
import { MESSAGES_PAGE_SIZE, type MessageCursor } from "./rules";

/** Someone in a message. `staff` (an admin or the super admin) comes from their role, never their name. */
export type MessageParty = { name: string; displayId: string; staff: boolean };

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
  sender_role: Role;
  recipient_name: string;
  recipient_display_id: string;
  recipient_role: Role;
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
             s.name as sender_name, s.display_id as sender_display_id, s.role as sender_role,
             r.name as recipient_name, r.display_id as recipient_display_id, r.role as recipient_role
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
      sender: { name: row.sender_name, displayId: row.sender_display_id, staff: isStaff(row.sender_role) },
      recipient: { name: row.recipient_name, displayId: row.recipient_display_id, staff: isStaff(row.recipient_role) },
      unread: !sentByMe && row.read_at === null,
      cursor: { micros: BigInt(row.micros), id: row.id },
    };
  });
  const last = page.at(-1);
  return { messages: page, next: rows.length > limit && last ? last.cursor : null };
}

/** One person with unread messages for the member, as the dashboard's Messages card lists them. */
export type UnreadSender = MessageParty & { unread: number; latestAt: Date };

/**
 * Who wrote the member's unread messages: one row per sender, whoever wrote last first, at most
 * `limit` (the partial unread index answers it).
 */
export async function listUnreadSenders(db: Database, userId: string, limit = 3): Promise<UnreadSender[]> {
  const rows = rowsOf<{
    name: string;
    display_id: string;
    role: Role;
    unread: number | string;
    latest_at: string | Date;
  }>(
    await db.execute(sql`
      select s.name, s.display_id, s.role, u.unread, u.latest_at
      from (
        select m.sender_id, count(*) as unread, max(m.created_at) as latest_at
        from messages m
        where m.recipient_id = ${userId} and m.read_at is null
        group by m.sender_id
      ) u
      join users s on s.id = u.sender_id
      order by u.latest_at desc, s.display_id
      limit ${limit}`),
  );
  return rows.map((row) => ({
    name: row.name,
    displayId: row.display_id,
    staff: isStaff(row.role),
    unread: Number(row.unread),
    latestAt: new Date(row.latest_at),
  }));
}
