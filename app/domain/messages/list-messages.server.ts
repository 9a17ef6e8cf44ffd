import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/client.server";
import { isStaff, type Role } from "~/domain/permissions/permissions";
import { MESSAGES_PAGE_SIZE, SUPPORT_ID, SUPPORT_NAME, type MessageCursor } from "./rules";

/**
 * Someone in a message. `staff` (an admin or the super admin) comes from their role, never their
 * name; an advertiser is named by their business. Support is SUPPORT_PARTY.
 */
export type MessageParty = { name: string; displayId: string; staff: boolean };

/** The recipient of a message to support (its `displayId` is what a member types to write to support). */
export const SUPPORT_PARTY: MessageParty = { name: SUPPORT_NAME, displayId: SUPPORT_ID, staff: true };

export type ListedMessage = {
  id: string;
  content: string;
  createdAt: Date;
  /** The signed-in member sent it. */
  sentByMe: boolean;
  sender: MessageParty;
  recipient: MessageParty;
  /** Received by the signed-in member (for staff: by support) and not yet read. */
  unread: boolean;
  /** To support: whether a member of staff has written to its sender since, and who first. */
  support: { answeredBy: MessageParty | null } | null;
  /** The advertiser's campaign a message to support is about. */
  campaign: { title: string; reference: string } | null;
  cursor: MessageCursor;
};

export type MessagePage = { messages: ListedMessage[]; next: MessageCursor | null };

type Row = {
  id: string;
  content: string;
  created_at: string | Date;
  micros: string | number | bigint;
  sender_id: string;
  recipient_id: string | null;
  read_at: string | Date | null;
  sender_name: string;
  sender_display_id: string;
  sender_role: Role;
  recipient_name: string | null;
  recipient_display_id: string | null;
  recipient_role: Role | null;
  campaign_title: string | null;
  campaign_reference: string | null;
  answered_name: string | null;
  answered_display_id: string | null;
};

/** Who the messages' reader is: staff read support's inbox too. */
export type MessageReader = { id: string; role: Role };

/**
 * The reader's messages, sent and received, newest first, `limit` at a time after `before`
 * (keyset on created_at and id, to the microsecond); for staff, support's inbox too (the messages
 * with no recipient). Only those are ever read: the cursor only says where to start. An
 * advertiser is named by their business; a message to support says whether staff have answered
 * it (a message from staff to its sender after it) and which campaign it is about.
 */
export async function listMessages(
  db: Database,
  reader: MessageReader,
  options: { before?: MessageCursor | null; limit?: number } = {},
): Promise<MessagePage> {
  const limit = options.limit ?? MESSAGES_PAGE_SIZE;
  const before = options.before;
  const userId = reader.id;
  const after = before
    ? sql`and (m.created_at, m.id) < (timestamptz 'epoch' + ${before.micros.toString()}::bigint * interval '1 microsecond', ${before.id})`
    : sql``;
  // Index range scans (sent, received, and support's for staff), each at most limit + 1 rows, merged.
  const supportInbox = isStaff(reader.role)
    ? sql`union all
        (select m.* from messages m where m.recipient_id is null and m.sender_id <> ${userId} ${after}
          order by m.created_at desc, m.id desc limit ${limit + 1})`
    : sql``;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with mine as (
        (select m.* from messages m where m.sender_id = ${userId} ${after}
          order by m.created_at desc, m.id desc limit ${limit + 1})
        union all
        (select m.* from messages m where m.recipient_id = ${userId} ${after}
          order by m.created_at desc, m.id desc limit ${limit + 1})
        ${supportInbox}
      )
      select m.id, m.content, m.created_at, m.sender_id, m.recipient_id, m.read_at,
             (extract(epoch from m.created_at) * 1000000)::bigint as micros,
             coalesce(sb.business_name, s.name) as sender_name, s.display_id as sender_display_id, s.role as sender_role,
             coalesce(rb.business_name, r.name) as recipient_name, r.display_id as recipient_display_id,
             r.role as recipient_role,
             c.title as campaign_title, c.reference as campaign_reference,
             a.name as answered_name, a.display_id as answered_display_id
      from mine m
      join users s on s.id = m.sender_id
      left join advertiser_profiles sb on sb.user_id = m.sender_id
      left join users r on r.id = m.recipient_id
      left join advertiser_profiles rb on rb.user_id = m.recipient_id
      left join campaigns c on c.id = m.campaign_id
      left join lateral (
        select reply.sender_id
        from messages reply
        join users staff on staff.id = reply.sender_id and staff.role in ('admin', 'super_admin')
        where m.recipient_id is null and reply.recipient_id = m.sender_id and reply.created_at > m.created_at
        order by reply.created_at, reply.id
        limit 1
      ) answer on true
      left join users a on a.id = answer.sender_id
      order by m.created_at desc, m.id desc
      limit ${limit + 1}`),
  );
  const page = rows.slice(0, limit).map((row): ListedMessage => {
    const sentByMe = row.sender_id === userId;
    const toSupport = row.recipient_id === null;
    return {
      id: row.id,
      content: row.content,
      createdAt: new Date(row.created_at),
      sentByMe,
      sender: { name: row.sender_name, displayId: row.sender_display_id, staff: isStaff(row.sender_role) },
      recipient: toSupport
        ? SUPPORT_PARTY
        : { name: row.recipient_name!, displayId: row.recipient_display_id!, staff: isStaff(row.recipient_role!) },
      unread: !sentByMe && row.read_at === null,
      support: toSupport
        ? {
            answeredBy: row.answered_display_id
              ? { name: row.answered_name!, displayId: row.answered_display_id, staff: true }
              : null,
          }
        : null,
      campaign:
        row.campaign_reference === null ? null : { title: row.campaign_title!, reference: row.campaign_reference },
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
