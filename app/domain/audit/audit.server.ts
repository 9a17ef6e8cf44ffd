import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { type Database, rowsOf } from "~/db/client.server";
import { auditLog, dailyCounts, users } from "~/db/schema";
import { newId } from "~/domain/shared/ids";
import { onPage, pageWindow } from "~/domain/shared/paging";
import { hasPermission, type Actor as Viewer, type Role } from "~/domain/permissions/permissions";
import type { AuditAction } from "./actions";

/** Who acts, as the domain sees them: permissions are re-checked inside every action. */
export type Actor = { id: string; role: Role; permissions: readonly string[]; ip?: string };

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Appends one audit row. Call it inside the transaction that makes the change. */
export async function recordAudit(
  db: Database,
  entry: {
    actor: Actor;
    action: AuditAction;
    targetType:
      | "user"
      | "settings"
      | "advert"
      | "bank_details"
      | "withdrawal"
      | "upgrade_request"
      | "referral"
      | "membership_tiers"
      | "notice"
      | "report"
      | "advertiser"
      | "campaign"
      | "risk_cluster"
      | "disagreement";
    targetId?: string;
    before?: Record<string, Json> | null;
    after?: Record<string, Json> | null;
  },
) {
  await db.insert(auditLog).values({
    id: newId(),
    actorId: entry.actor.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.actor.ip?.slice(0, 64),
    actorRole: entry.actor.role,
    // The moment of writing, not the transaction's start: an action that waited for another's
    // row lock sorts after it.
    createdAt: sql`clock_timestamp()`,
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** The entries that queued a payout by transfer: each records its payout job (`job`, never shown). */
const PAYOUT_ACTIONS: readonly AuditAction[] = ["withdrawal.transfer", "withdrawal.auto_pay"];

/**
 * How many rows the audit log has: its counter in daily_counts (`audit_entries`, kept by a trigger
 * in each insert's transaction, migration 0028), a few rows per day instead of a count of the log.
 */
async function auditEntriesKept(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${dailyCounts.change}), 0)::int` })
    .from(dailyCounts)
    .where(eq(dailyCounts.counter, "audit_entries"));
  return Number(row?.total ?? 0);
}

/**
 * The address an entry was made from, as `viewer` may see it. Staff's addresses (an admin's, the
 * super admin's) are for those who read the whole log (`view_reports`); a viewer without it (an
 * admin who manages members, on a member's page) gets null for them. A member's or an
 * advertiser's own address stays: /privacy tells members that admins who manage members see the
 * entries about them with the address each was made from, as they see their sign-in addresses.
 * "Staff" is the actor's role when the entry was written (`actor_role`).
 */
function ipSeenBy(viewer: Viewer) {
  if (hasPermission(viewer, "view_reports")) return auditLog.ip;
  // The role the actor had when the entry was written: a demoted admin's old entries stay hidden.
  // Entries older than migration 0040 carry none, and go by the actor's role now.
  return sql<string | null>`case when coalesce(${auditLog.actorRole}, ${users.role}) in ('user', 'advertiser')
    then ${auditLog.ip} end`;
}

/**
 * The audit log, newest first, optionally for one actor, one action and/or one target (a member's
 * page: the entries about them); 50 a page unless told (the page clamped to the ones there are).
 * The whole log's total is its kept counter (auditEntriesKept); a filtered total is counted
 * through the filter's index. `viewer` is who reads it: without `view_reports` the entries made
 * by staff carry no `ip` (ipSeenBy).
 */
export async function listAudit(
  db: Database,
  viewer: Viewer,
  filters: { actorId?: string; action?: string; targetId?: string; page?: number; pageSize?: number } = {},
) {
  const where: SQL[] = [];
  if (filters.actorId) where.push(eq(auditLog.actorId, filters.actorId));
  if (filters.targetId) where.push(eq(auditLog.targetId, filters.targetId));
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  const filtered = where.length ? and(...where) : undefined;
  const { page, pageCount, total, ...window } = pageWindow(
    filtered ? await db.$count(auditLog, filtered) : await auditEntriesKept(db),
    filters.page,
    filters.pageSize ?? AUDIT_PAGE_SIZE,
  );
  // Users by name; adverts by title (an erased advert keeps the title its delete row recorded);
  // notices by their current title; withdrawals, upgrades and campaigns by the reference people
  // see (W…, UPG-…, CMP-…); a referral by the member who was referred. Never an internal id.
  const target = sql<string | null>`case when ${auditLog.targetType} = 'advert' then coalesce(
      (select a.title from adverts a where a.id = ${auditLog.targetId}),
      ${auditLog.before} ->> 'title', ${auditLog.after} ->> 'title')
    when ${auditLog.targetType} = 'notice' then (select n.title from notices n where n.id = ${auditLog.targetId})
    when ${auditLog.targetType} = 'withdrawal' then (select w.reference from withdrawals w where w.id = ${auditLog.targetId})
    when ${auditLog.targetType} = 'upgrade_request' then (select r.reference from upgrade_requests r where r.id = ${auditLog.targetId})
    when ${auditLog.targetType} = 'campaign' then (select c.reference from campaigns c where c.id = ${auditLog.targetId})
    when ${auditLog.targetType} = 'referral' then (select u.name from referrals r join users u on u.id = r.referred_id where r.id = ${auditLog.targetId})
    else (select u.name from users u where u.id = ${auditLog.targetId}) end`;
  const newestFirst = db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetName: target,
      before: auditLog.before,
      after: auditLog.after,
      ip: ipSeenBy(viewer),
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: users.name,
      actorDisplayId: users.displayId,
      // A member or an advertiser (acting on their own bank details, say) has a page for admins; staff do not.
      actorIsMember: sql<boolean>`${users.role} in ('user', 'advertiser')`,
      targetMemberId: sql<string | null>`case when ${auditLog.targetType} in ('user', 'advertiser', 'bank_details')
        then (select u.id from users u where u.id = ${auditLog.targetId} and u.role in ('user', 'advertiser')) end`,
      // An upgrade's tier by the name members see, not its id ("silver").
      tierName: sql<string | null>`case when ${auditLog.targetType} = 'upgrade_request'
        then (select t.name from membership_tiers t where t.id = ${auditLog.after} ->> 'tier') end`,
      // A payout queued to be paid by transfer: its job, through which the page reads where it stands now.
      payoutJobId: sql<string | null>`case when ${inArray(auditLog.action, [...PAYOUT_ACTIONS])}
        then ${auditLog.after} ->> 'job' end`,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(filtered)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  const rows = await onPage(newestFirst.$dynamic(), window);
  return { entries: rows, page, pageCount, total };
}

/**
 * Everyone who has an audit row, for the actor filter, by name. The actors are found by skipping
 * through the actor index (audit_log_actor_idx) from one actor to the next: one probe per actor,
 * not a read of the whole log.
 */
export async function listAuditActors(db: Database): Promise<{ id: string; name: string; displayId: string }[]> {
  return rowsOf<{ id: string; name: string; displayId: string }>(
    await db.execute(sql`with recursive actors(id) as (
        (select ${auditLog.actorId} from ${auditLog} order by ${auditLog.actorId} limit 1)
        union all
        select (select a.actor_id from ${auditLog} a where a.actor_id > actors.id order by a.actor_id limit 1)
          from actors where actors.id is not null
      )
      select u.id, u.name, u.display_id as "displayId" from actors join ${users} u on u.id = actors.id
       order by u.name, u.id`),
  );
}
