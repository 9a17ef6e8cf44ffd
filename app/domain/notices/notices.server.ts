import { isStaff } from "~/domain/permissions/permissions";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { notices, users } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { newId } from "~/domain/shared/ids";
import { FORBIDDEN, type Forbidden, type RefusalTexts } from "~/domain/shared/outcome";
import { onPage, pageWindow } from "~/domain/shared/paging";
import { assertNoticeInput, type NoticeAudience, type NoticeInput } from "./validation";

export const NOTICES_PAGE_SIZE = 20;

/** The board's name for a notice whose creator is unknown or has no name on record. */
export const UNKNOWN_CREATOR = "Unknown User";

/**
 * Who reads which notices: members `all` + `user`; admins and the super admin `all` + `admin`;
 * anyone else (an advertiser) only `all`.
 */
export function audiencesFor(role: Actor["role"]): NoticeAudience[] {
  if (role === "user") return ["all", "user"];
  return isStaff(role) ? ["all", "admin"] : ["all"];
}

export type BoardNotice = {
  id: string;
  title: string;
  content: string;
  createdAt: Date;
  creatorName: string;
};

const creatorName = (name: string | null) => (name?.trim() ? name : UNKNOWN_CREATOR);

/** Active notices for the reader's role. */
const visibleTo = (role: Actor["role"]) =>
  and(eq(notices.isActive, true), inArray(notices.audience, audiencesFor(role)));

/** The board's notices for the reader's role, newest first. */
const boardNewestFirst = (db: Database, role: Actor["role"]) =>
  db
    .select({
      id: notices.id,
      title: notices.title,
      content: notices.content,
      createdAt: notices.createdAt,
      name: users.name,
    })
    .from(notices)
    .leftJoin(users, eq(users.id, notices.createdById))
    .where(visibleTo(role))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .$dynamic();

const toBoardNotice = ({ name, ...row }: Omit<BoardNotice, "creatorName"> & { name: string | null }): BoardNotice => ({
  ...row,
  creatorName: creatorName(name),
});

/** The Notice Board: active notices for the reader's role, newest first, 20 a page (clamped). */
export async function listBoardNotices(db: Database, role: Actor["role"], options: { page?: number } = {}) {
  const { page, pageCount, total, ...window } = pageWindow(
    await db.$count(notices, visibleTo(role)),
    options.page,
    NOTICES_PAGE_SIZE,
  );
  const rows = await onPage(boardNewestFirst(db, role), window);
  return { notices: rows.map(toBoardNotice), page, pageCount, total };
}

/** The newest notice on the reader's board (the member dashboard's card), or null when there is none. */
export async function latestBoardNotice(db: Database, role: Actor["role"]): Promise<BoardNotice | null> {
  const [row] = await boardNewestFirst(db, role).limit(1);
  return row ? toBoardNotice(row) : null;
}

export type AdminNotice = {
  id: string;
  title: string;
  content: string;
  audience: NoticeAudience;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  creatorName: string;
};

const adminColumns = {
  id: notices.id,
  title: notices.title,
  content: notices.content,
  audience: notices.audience,
  isActive: notices.isActive,
  createdAt: notices.createdAt,
  updatedAt: notices.updatedAt,
  name: users.name,
};

const toAdminNotice = ({ name, ...row }: { name: string | null } & Omit<AdminNotice, "creatorName">): AdminNotice => ({
  ...row,
  creatorName: creatorName(name),
});

/** Manage Notices: every notice, the active ones first, each part newest first; 20 a page (clamped). */
export async function listNoticesForAdmin(db: Database, options: { page?: number } = {}) {
  const { page, pageCount, total, ...window } = pageWindow(await db.$count(notices), options.page, NOTICES_PAGE_SIZE);
  const ordered = db
    .select(adminColumns)
    .from(notices)
    .leftJoin(users, eq(users.id, notices.createdById))
    .orderBy(desc(notices.isActive), desc(notices.createdAt), desc(notices.id));
  const rows = await onPage(ordered.$dynamic(), window);
  return { notices: rows.map(toAdminNotice), page, pageCount, total };
}

/** One notice, deleted or not (the edit form and the delete question), or null when unknown. */
export async function getNotice(db: Database, noticeId: string): Promise<AdminNotice | null> {
  const [row] = await db
    .select(adminColumns)
    .from(notices)
    .leftJoin(users, eq(users.id, notices.createdById))
    .where(eq(notices.id, noticeId));
  return row ? toAdminNotice(row) : null;
}

/** The notice's audited fields. */
const auditFields = (n: NoticeInput & { isActive: boolean }) => ({
  title: n.title,
  content: n.content,
  audience: n.audience,
  isActive: n.isActive,
});

const lockNotice = async (tx: Database, noticeId: string) =>
  (await tx.select().from(notices).where(eq(notices.id, noticeId)).for("update"))[0];

export type CreateNoticeResult = { status: "ok"; noticeId: string } | Forbidden;

/** Posts a notice (needs manage_notices), active at once. Audited. */
export async function createNotice(db: Database, actor: Actor, input: NoticeInput): Promise<CreateNoticeResult> {
  if (!hasPermission(actor, "manage_notices")) return FORBIDDEN;
  assertNoticeInput(input);
  const noticeId = newId();
  await db.transaction(async (tx) => {
    await tx.insert(notices).values({ id: noticeId, ...input, createdById: actor.id, isActive: true });
    await recordAudit(tx, {
      actor,
      action: "notice.create",
      targetType: "notice",
      targetId: noticeId,
      after: auditFields({ ...input, isActive: true }),
    });
  });
  return { status: "ok", noticeId };
}

export type UpdateNoticeResult =
  | { status: "ok"; changed: boolean }
  | Forbidden
  | { status: "not-found" }
  | { status: "deleted" }
  | { status: "stale" };

/** The words for each refusal of updateNotice, picked by the page. */
export const UPDATE_NOTICE_REFUSALS: RefusalTexts<UpdateNoticeResult> = {
  forbidden: "Access Denied.",
  "not-found": "This notice no longer exists.",
  deleted: "This notice has been deleted.",
  stale: "Someone else changed this notice. Reload to see their changes.",
};

/**
 * Edits an active notice (needs manage_notices): only the changed fields are written, updated_at
 * refreshed, audited with their before and after. `seenUpdatedAt` is the version the form was
 * opened with: a notice changed since is refused ("stale") rather than overwritten. Saving the
 * same values writes nothing.
 */
export async function updateNotice(
  db: Database,
  actor: Actor,
  noticeId: string,
  input: NoticeInput,
  seenUpdatedAt: Date,
): Promise<UpdateNoticeResult> {
  if (!hasPermission(actor, "manage_notices")) return FORBIDDEN;
  assertNoticeInput(input);
  return db.transaction(async (tx): Promise<UpdateNoticeResult> => {
    const current = await lockNotice(tx, noticeId);
    if (!current) return { status: "not-found" };
    if (!current.isActive) return { status: "deleted" };
    if (current.updatedAt.getTime() !== seenUpdatedAt.getTime()) return { status: "stale" };
    const before = auditFields(current);
    const after = auditFields({ ...input, isActive: true });
    const changed = (["title", "content", "audience"] as const).filter((k) => before[k] !== after[k]);
    if (changed.length === 0) return { status: "ok", changed: false };
    const set = Object.fromEntries(changed.map((k) => [k, input[k]])) as Partial<NoticeInput>;
    // A new version: later than the one seen, even within the same millisecond.
    const updatedAt = new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1));
    await tx
      .update(notices)
      .set({ ...set, updatedAt })
      .where(eq(notices.id, noticeId));
    await recordAudit(tx, {
      actor,
      action: "notice.update",
      targetType: "notice",
      targetId: noticeId,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k]])),
    });
    return { status: "ok", changed: true };
  });
}

export type DeleteNoticeResult = { status: "ok" } | Forbidden | { status: "not-found" } | { status: "already-deleted" };

/** The words for each refusal of deleteNotice, picked by the page. */
export const DELETE_NOTICE_REFUSALS: RefusalTexts<DeleteNoticeResult> = {
  forbidden: "Access Denied.",
  "not-found": "This notice no longer exists.",
  "already-deleted": "This notice has already been deleted.",
};

/**
 * Deletes a notice (needs manage_notices) by deactivating it: it leaves every board at once,
 * nothing is erased, updated_at is refreshed. Audited once: a second delete is refused.
 */
export async function deleteNotice(db: Database, actor: Actor, noticeId: string): Promise<DeleteNoticeResult> {
  if (!hasPermission(actor, "manage_notices")) return FORBIDDEN;
  return db.transaction(async (tx): Promise<DeleteNoticeResult> => {
    const current = await lockNotice(tx, noticeId);
    if (!current) return { status: "not-found" };
    if (!current.isActive) return { status: "already-deleted" };
    const updatedAt = new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1));
    await tx.update(notices).set({ isActive: false, updatedAt }).where(eq(notices.id, noticeId));
    await recordAudit(tx, {
      actor,
      action: "notice.delete",
      targetType: "notice",
      targetId: noticeId,
      before: auditFields(current),
      after: auditFields({ ...current, isActive: false }),
    });
    return { status: "ok" };
  });
}
