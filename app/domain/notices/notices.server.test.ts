import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, notices } from "~/db/schema";
import { listAudit, type Actor } from "~/domain/audit/audit.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { createTestDatabase, openTestDatabase } from "~test/database";
import { auditRowsFor } from "~test/audit";
import { createUser } from "~test/factories";
import { countActiveNotices } from "./notice-stats.server";
import {
  createNotice,
  deleteNotice,
  getNotice,
  latestBoardNotice,
  listBoardNotices,
  listNoticesForAdmin,
  NOTICES_PAGE_SIZE,
  UNKNOWN_CREATOR,
  updateNotice,
} from "./notices.server";
import type { NoticeAudience, NoticeInput } from "./validation";

const { db } = await openTestDatabase();

let admin: Actor;
let superAdmin: Actor;
beforeAll(async () => {
  const a = await createUser(db, { role: "admin", permissions: ["manage_notices"], name: "Ngozi Admin" });
  admin = { id: a.id, role: "admin", permissions: a.permissions };
  const s = await createUser(db, { role: "super_admin", permissions: [] });
  superAdmin = { id: s.id, role: "super_admin", permissions: [] };
});

let n = 0;
const input = (overrides: Partial<NoticeInput> = {}): NoticeInput => ({
  title: `Notice ${++n}`,
  content: "Line one\nLine two",
  audience: "all",
  ...overrides,
});

async function post(overrides: Partial<NoticeInput> = {}, actor: Actor = admin) {
  const result = await createNotice(db, actor, input(overrides));
  if (result.status !== "ok") throw new Error(`not created: ${result.status}`);
  return result.noticeId;
}

const row = async (id: string) => (await db.select().from(notices).where(eq(notices.id, id)))[0]!;
/** Every notice id on the role's board, all pages. */
async function boardIds(role: Actor["role"]) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const list = await listBoardNotices(db, role, { page });
    ids.push(...list.notices.map((x) => x.id));
    if (page >= list.pageCount) return ids;
  }
}

describe("audiences", () => {
  it("each audience is seen by exactly the right roles", async () => {
    const ids = {} as Record<NoticeAudience, string>;
    for (const audience of ["all", "user", "admin"] as const) ids[audience] = await post({ audience });
    const seen = async (role: Actor["role"]) => {
      const board = new Set(await boardIds(role));
      return (["all", "user", "admin"] as const).filter((a) => board.has(ids[a]));
    };
    expect(await seen("user")).toEqual(["all", "user"]);
    expect(await seen("admin")).toEqual(["all", "admin"]);
    expect(await seen("super_admin")).toEqual(["all", "admin"]);
  });
});

describe("the board", () => {
  it("is newest first, 20 a page, with the creator's name or Unknown User", async () => {
    const blank = await createUser(db, { role: "admin", permissions: ["manage_notices"], name: "   " });
    const blankActor: Actor = { id: blank.id, role: "admin", permissions: blank.permissions };
    const first = await post({ audience: "user" });
    const byBlank = await post({ audience: "user" }, blankActor);
    const orphan = await post({ audience: "user" });
    await db.update(notices).set({ createdById: null }).where(eq(notices.id, orphan));
    // Same created_at: the id decides, descending.
    const sameTime = new Date("2030-01-01T00:00:00Z");
    const twins = [await post({ audience: "user" }), await post({ audience: "user" })];
    for (const id of twins) await db.update(notices).set({ createdAt: sameTime }).where(eq(notices.id, id));

    const page1 = await listBoardNotices(db, "user");
    expect(page1.notices.slice(0, 2).map((x) => x.id)).toEqual([...twins].sort().reverse());
    const all = await boardIds("user");
    expect(all.indexOf(orphan)).toBeLessThan(all.indexOf(byBlank));
    expect(all.indexOf(byBlank)).toBeLessThan(all.indexOf(first));
    const names = Object.fromEntries(page1.notices.map((x) => [x.id, x.creatorName]));
    expect(names[orphan]).toBe(UNKNOWN_CREATOR);
    expect(names[byBlank]).toBe(UNKNOWN_CREATOR);
    expect(names[first]).toBe("Ngozi Admin");
    expect(page1.notices.find((x) => x.id === first)?.content).toBe("Line one\nLine two");
  });

  it("pages by 20 and clamps a page past the end", async () => {
    const before = (await listBoardNotices(db, "admin")).total;
    const extra = NOTICES_PAGE_SIZE * 2 + 1 - before;
    for (let i = 0; i < extra; i++) await post({ audience: "admin" });
    const page1 = await listBoardNotices(db, "admin", { page: 1 });
    expect(page1).toMatchObject({ page: 1, pageCount: 3, total: NOTICES_PAGE_SIZE * 2 + 1 });
    expect(page1.notices).toHaveLength(NOTICES_PAGE_SIZE);
    const page3 = await listBoardNotices(db, "admin", { page: 99 });
    expect(page3.page).toBe(3);
    expect(page3.notices).toHaveLength(1);
    const ids = await boardIds("admin");
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("the newest notice (the member dashboard's card)", () => {
  it("is the first notice of the reader's board, deleted ones skipped", async () => {
    const forMembers = await post({ audience: "user", title: "For members" });
    const forAdmins = await post({ audience: "admin", title: "For admins" });
    // Later than any other notice of this file (some are dated ahead).
    const latest = new Date("2040-01-01T00:00:00Z");
    await db
      .update(notices)
      .set({ createdAt: latest })
      .where(inArray(notices.id, [forMembers, forAdmins]));
    expect(await latestBoardNotice(db, "user")).toMatchObject({
      id: forMembers,
      title: "For members",
      creatorName: "Ngozi Admin",
      createdAt: latest,
    });
    expect((await latestBoardNotice(db, "admin"))?.id).toBe(forAdmins);

    expect(await deleteNotice(db, admin, forMembers)).toEqual({ status: "ok" });
    const next = (await boardIds("user"))[0];
    expect(next).not.toBe(forMembers);
    expect((await latestBoardNotice(db, "user"))?.id).toBe(next);
  });

  it("is null when the reader's board is empty", async () => {
    const empty = await createTestDatabase();
    try {
      expect(await latestBoardNotice(empty.db, "user")).toBeNull();
    } finally {
      await empty.close();
    }
  });
});

describe("manage notices", () => {
  it("creates an active notice by the actor, audited with its fields", async () => {
    const id = await post({ title: "Maintenance", content: "Saturday 2am", audience: "admin" });
    expect(await row(id)).toMatchObject({ title: "Maintenance", isActive: true, createdById: admin.id });
    const audit = await auditRowsFor(db, id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "notice.create",
      actorId: admin.id,
      targetType: "notice",
      before: null,
      after: { title: "Maintenance", content: "Saturday 2am", audience: "admin", isActive: true },
    });
    // The audit page names the notice by its title.
    const { entries } = await listAudit(db, superAdmin, { action: "notice.create", actorId: admin.id });
    expect(entries.find((e) => e.targetId === id)?.targetName).toBe("Maintenance");
  });

  it("an edit writes only the changed fields, refreshes updated_at and audits before/after", async () => {
    const id = await post({ title: "Old title", content: "Same content", audience: "all" });
    const original = await row(id);
    const edited = { title: "New title", content: "Same content", audience: "user" } as const;
    const result = await updateNotice(db, admin, id, edited, original.updatedAt);
    expect(result).toEqual({ status: "ok", changed: true });
    const after = await row(id);
    expect(after).toMatchObject({ title: "New title", content: "Same content", audience: "user", isActive: true });
    expect(after.updatedAt.getTime()).toBeGreaterThan(original.updatedAt.getTime());
    expect(after.createdAt).toEqual(original.createdAt);
    const audit = await auditRowsFor(db, id, "notice.update");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toEqual({ title: "Old title", audience: "all" });
    expect(audit[0]!.after).toEqual({ title: "New title", audience: "user" });

    // The same values again: nothing written, nothing audited.
    const same = await updateNotice(db, admin, id, edited, after.updatedAt);
    expect(same).toEqual({ status: "ok", changed: false });
    expect(await row(id)).toEqual(after);
    expect(await auditRowsFor(db, id, "notice.update")).toHaveLength(1);
  });

  it("refuses an edit made against an older version (no lost update)", async () => {
    const id = await post({ title: "Shared" });
    const opened = (await row(id)).updatedAt;
    expect(await updateNotice(db, admin, id, input({ title: "First save" }), opened)).toMatchObject({ status: "ok" });
    const afterFirst = await row(id);
    expect(await updateNotice(db, superAdmin, id, input({ title: "Second save" }), opened)).toEqual({
      status: "stale",
    });
    expect(await row(id)).toEqual(afterFirst);
    expect(await auditRowsFor(db, id, "notice.update")).toHaveLength(1);
  });

  it("delete deactivates: it leaves every board at once, is audited once, and cannot be edited", async () => {
    const id = await post({ title: "Going away", audience: "all" });
    expect(await boardIds("user")).toContain(id);
    const activeBefore = await countActiveNotices(db);
    const before = await row(id);
    expect(await deleteNotice(db, admin, id)).toEqual({ status: "ok" });
    const after = await row(id);
    expect(after).toMatchObject({ isActive: false, title: "Going away" });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(await countActiveNotices(db)).toBe(activeBefore - 1);
    for (const role of ["user", "admin", "super_admin"] as const) expect(await boardIds(role)).not.toContain(id);
    // Still listed for the admins, marked deleted.
    expect(await getNotice(db, id)).toMatchObject({ isActive: false });
    const audit = await auditRowsFor(db, id, "notice.delete");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ title: "Going away", isActive: true });
    expect(audit[0]!.after).toMatchObject({ title: "Going away", isActive: false });

    expect(await deleteNotice(db, admin, id)).toEqual({ status: "already-deleted" });
    expect(await updateNotice(db, admin, id, input(), after.updatedAt)).toEqual({ status: "deleted" });
    expect(await auditRowsFor(db, id)).toHaveLength(2);
    expect(await row(id)).toEqual(after);
  });

  it("unknown notices are not found", async () => {
    expect(await deleteNotice(db, admin, "NoSuchNotice")).toEqual({ status: "not-found" });
    expect(await updateNotice(db, admin, "NoSuchNotice", input(), new Date())).toEqual({ status: "not-found" });
  });

  it("lists every notice for the admins, active first, with deleted ones kept", async () => {
    const deleted = await post({ title: "Deleted one" });
    await deleteNotice(db, admin, deleted);
    const active = await post({ title: "Active one" });
    const { total } = await listNoticesForAdmin(db);
    expect(total).toBe(await db.$count(notices));
    const everything: { id: string; isActive: boolean }[] = [];
    for (let page = 1; ; page++) {
      const list = await listNoticesForAdmin(db, { page });
      everything.push(...list.notices);
      if (page >= list.pageCount) break;
    }
    const ids = everything.map((x) => x.id);
    expect(ids).toContain(deleted);
    expect(ids.indexOf(active)).toBeLessThan(ids.indexOf(deleted));
    const firstDeleted = everything.findIndex((x) => !x.isActive);
    expect(everything.slice(firstDeleted).every((x) => !x.isActive)).toBe(true);
  });

  it("needs manage_notices: refused without it (admin or member) and nothing is written", async () => {
    const withoutUser = await createUser(db, {
      role: "admin",
      permissions: PERMISSIONS.filter((p) => p !== "manage_notices"),
    });
    const without: Actor = { id: withoutUser.id, role: "admin", permissions: withoutUser.permissions };
    const m = await createUser(db, { permissions: ["manage_notices"] });
    const memberActor: Actor = { id: m.id, role: "user", permissions: ["manage_notices"] };
    const id = await post();
    const before = await row(id);
    const audits = await db.$count(auditLog);
    const count = await db.$count(notices);
    for (const actor of [without, memberActor]) {
      expect(await createNotice(db, actor, input())).toEqual({ status: "forbidden" });
      expect(await updateNotice(db, actor, id, input(), before.updatedAt)).toEqual({ status: "forbidden" });
      expect(await deleteNotice(db, actor, id)).toEqual({ status: "forbidden" });
    }
    expect(await row(id)).toEqual(before);
    expect(await db.$count(auditLog)).toBe(audits);
    expect(await db.$count(notices)).toBe(count);
  });

  it("the super admin may do everything without holding the permission", async () => {
    const id = await post({}, superAdmin);
    expect(await updateNotice(db, superAdmin, id, input({ title: "By SA" }), (await row(id)).updatedAt)).toEqual({
      status: "ok",
      changed: true,
    });
    expect(await deleteNotice(db, superAdmin, id)).toEqual({ status: "ok" });
  });

  it("refuses input the form would refuse", async () => {
    await expect(createNotice(db, admin, input({ title: "a\u0000b" }))).rejects.toThrow(RangeError);
    await expect(createNotice(db, admin, input({ content: " " }))).rejects.toThrow(RangeError);
    await expect(createNotice(db, admin, input({ title: "x".repeat(201) }))).rejects.toThrow(RangeError);
  });
});
