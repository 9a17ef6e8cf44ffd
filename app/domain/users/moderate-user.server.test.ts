import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emails, users } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { emailsTo } from "~/domain/mail/outbox.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { countUserSessions, createSession, findSessionUser } from "~/domain/sessions/sessions.server";
import { openTestDatabase, usingPostgres } from "~test/database";
import { createUser } from "~test/factories";
import { latestLink } from "~test/mail";
import { moderateUser, type Moderation } from "./moderate-user.server";
import { auditRowsFor, onlyAuditRow } from "~test/audit";

const APP_URL = new URL("https://adnaira.example/");

const { db } = await openTestDatabase();
let moderator: Actor;
let moderatorTwo: Actor;
let root: Actor;
beforeAll(async () => {
  const a = await createUser(db, { role: "admin", permissions: ["manage_users"] });
  const b = await createUser(db, { role: "admin", permissions: ["manage_users", "view_reports"] });
  const s = await createUser(db, { role: "super_admin", permissions: [] });
  moderator = { id: a.id, role: "admin", permissions: a.permissions, ip: "102.89.1.1" };
  moderatorTwo = { id: b.id, role: "admin", permissions: b.permissions, ip: "102.89.2.2" };
  // The super admin's stored list is empty on purpose: the role alone grants every permission.
  root = { id: s.id, role: "super_admin", permissions: [], ip: "197.210.0.1" };
});

const pending = () => createUser(db, { isApproved: false, isRestricted: false });
const approved = () => createUser(db, { isApproved: true, isRestricted: false });
const restrictedPending = () => createUser(db, { isApproved: false, isRestricted: true });
const restrictedApproved = () => createUser(db, { isApproved: true, isRestricted: true });

const state = async (id: string) =>
  (
    await db
      .select({ isApproved: users.isApproved, isRestricted: users.isRestricted })
      .from(users)
      .where(eq(users.id, id))
  )[0];
const auditFor = (id: string, action?: string) => auditRowsFor(db, id, action);
const mailsTo = (address: string) => db.select().from(emails).where(eq(emails.toAddress, address));

const moderate = (actor: Actor, id: string, m: Moderation) => moderateUser(db, actor, id, m, APP_URL);

describe("moderateUser: who may", () => {
  it("needs manage_users: an admin without it and a member are refused, and nothing changes", async () => {
    const noPermission = await createUser(db, {
      role: "admin",
      permissions: PERMISSIONS.filter((p) => p !== "manage_users"),
    });
    const member = await createUser(db, { isApproved: true, permissions: ["manage_users"] });
    const target = await pending();
    for (const who of [noPermission, member]) {
      const actor: Actor = { id: who.id, role: who.role, permissions: who.permissions };
      for (const m of ["approve", "restrict", "unrestrict"] as const) {
        expect(await moderate(actor, target.id, m)).toEqual({ status: "forbidden" });
      }
    }
    expect(await state(target.id)).toEqual({ isApproved: false, isRestricted: false });
    expect(await auditFor(target.id)).toEqual([]);
    expect(await mailsTo(target.email)).toEqual([]);
  });

  it("the super admin may, whatever their stored permission list", async () => {
    const target = await pending();
    expect(await moderate(root, target.id, "approve")).toMatchObject({ status: "ok" });
    expect(await state(target.id)).toEqual({ isApproved: true, isRestricted: false });
    expect(await auditFor(target.id, "user.approve")).toHaveLength(1);
  });

  it("admins and the super admin cannot be moderated ('not-applicable')", async () => {
    const admin = await createUser(db, { role: "admin", isApproved: false });
    const adminRestricted = await createUser(db, { role: "admin", isRestricted: true });
    const superAdmin = root.id;
    for (const id of [admin.id, adminRestricted.id, superAdmin, "no-such-user"]) {
      for (const m of ["approve", "restrict", "unrestrict"] as const) {
        expect(await moderate(moderator, id, m)).toEqual({ status: "not-applicable" });
      }
      expect(await auditFor(id)).toEqual([]);
    }
    expect(await state(admin.id)).toEqual({ isApproved: false, isRestricted: false });
    expect(await state(adminRestricted.id)).toEqual({ isApproved: true, isRestricted: true });
    expect(await state(superAdmin)).toEqual({ isApproved: true, isRestricted: false });
  });
});

describe("moderateUser: transitions", () => {
  it("approve: pending → approved, queues the approval mail, one audit row", async () => {
    const user = await pending();
    const result = await moderate(moderator, user.id, "approve");
    expect(result).toMatchObject({ status: "ok", mailId: expect.any(String) });
    expect(await state(user.id)).toEqual({ isApproved: true, isRestricted: false });

    const mails = await emailsTo(db, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      id: (result as { mailId: string }).mailId,
      subject: "Your AdNaira account is approved",
    });
    expect(mails[0]!.textBody).toContain(user.name);
    const link = await latestLink(db, user.email, "/login");
    expect(link.href).toBe("https://adnaira.example/login");

    expect(await onlyAuditRow(db, user.id)).toMatchObject({
      actorId: moderator.id,
      action: "user.approve",
      targetType: "user",
      ip: "102.89.1.1",
      before: { isApproved: false, isRestricted: false },
      after: { isApproved: true, isRestricted: false },
    });
  });

  it("approve is refused for an approved, a restricted-pending and a restricted-approved user", async () => {
    for (const user of [await approved(), await restrictedPending(), await restrictedApproved()]) {
      const before = await state(user.id);
      expect(await moderate(moderator, user.id, "approve")).toEqual({ status: "not-applicable" });
      expect(await state(user.id)).toEqual(before);
      expect(await auditFor(user.id)).toEqual([]);
      expect(await mailsTo(user.email)).toEqual([]);
    }
  });

  it("approving twice: the second is refused, one mail, one audit row", async () => {
    const user = await pending();
    expect((await moderate(moderator, user.id, "approve")).status).toBe("ok");
    expect(await moderate(moderatorTwo, user.id, "approve")).toEqual({ status: "not-applicable" });
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await auditFor(user.id)).toHaveLength(1);
  });

  it("restrict from pending and from approved ends the user's sessions and keeps the approval state", async () => {
    for (const [make, wasApproved] of [
      [pending, false],
      [approved, true],
    ] as const) {
      const user = await make();
      const bystander = await approved();
      const a = await createSession(db, user.id);
      const b = await createSession(db, user.id);
      const theirs = await createSession(db, bystander.id);

      expect(await moderate(moderator, user.id, "restrict")).toMatchObject({ status: "ok" });
      expect(await state(user.id)).toEqual({ isApproved: wasApproved, isRestricted: true });
      // The rows are gone, not merely refused on the next lookup.
      expect(await countUserSessions(db, user.id)).toBe(0);
      expect(await findSessionUser(db, a)).toBeNull();
      expect(await findSessionUser(db, b)).toBeNull();
      expect(await findSessionUser(db, theirs)).not.toBeNull();

      expect(await onlyAuditRow(db, user.id)).toMatchObject({
        actorId: moderator.id,
        action: "user.restrict",
        before: { isApproved: wasApproved, isRestricted: false },
        after: { isApproved: wasApproved, isRestricted: true },
      });
      expect(await mailsTo(user.email)).toEqual([]);
    }
  });

  it("restrict is refused for an already restricted user", async () => {
    const user = await restrictedApproved();
    expect(await moderate(moderator, user.id, "restrict")).toEqual({ status: "not-applicable" });
    expect(await auditFor(user.id)).toEqual([]);
  });

  it("unrestrict only from restricted, keeping the approval state", async () => {
    for (const [make, wasApproved] of [
      [restrictedPending, false],
      [restrictedApproved, true],
    ] as const) {
      const user = await make();
      expect(await moderate(moderator, user.id, "unrestrict")).toMatchObject({ status: "ok" });
      expect(await state(user.id)).toEqual({ isApproved: wasApproved, isRestricted: false });
      expect(await onlyAuditRow(db, user.id)).toMatchObject({
        action: "user.unrestrict",
        before: { isApproved: wasApproved, isRestricted: true },
        after: { isApproved: wasApproved, isRestricted: false },
      });
      expect(await mailsTo(user.email)).toEqual([]);
    }
    for (const user of [await pending(), await approved()]) {
      const before = await state(user.id);
      expect(await moderate(moderator, user.id, "unrestrict")).toEqual({ status: "not-applicable" });
      expect(await state(user.id)).toEqual(before);
      expect(await auditFor(user.id)).toEqual([]);
    }
  });

  it("a full life cycle writes one audit row per effective change, chained", async () => {
    const user = await pending();
    const steps: [Moderation, boolean][] = [
      ["approve", true],
      ["approve", false],
      ["restrict", true],
      ["restrict", false],
      ["approve", false],
      ["unrestrict", true],
      ["unrestrict", false],
      ["restrict", true],
    ];
    for (const [m, effective] of steps) {
      await new Promise((r) => setTimeout(r, 5)); // distinct audit timestamps
      expect((await moderate(moderator, user.id, m)).status, m).toBe(effective ? "ok" : "not-applicable");
    }
    expect(await state(user.id)).toEqual({ isApproved: true, isRestricted: true });
    const audit = (await auditFor(user.id)).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
    expect(audit.map((a) => a.action)).toEqual(["user.approve", "user.restrict", "user.unrestrict", "user.restrict"]);
    for (let i = 1; i < audit.length; i++) expect(audit[i]!.before).toEqual(audit[i - 1]!.after);
    expect(audit[0]!.before).toEqual({ isApproved: false, isRestricted: false });
    expect(audit.at(-1)!.after).toEqual({ isApproved: true, isRestricted: true });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("a restricted user's new sign-in sessions are refused until unrestricted", async () => {
    const user = await approved();
    expect((await moderate(moderator, user.id, "restrict")).status).toBe("ok");
    const late = await createSession(db, user.id);
    expect(await findSessionUser(db, late)).toBeNull();
    expect((await moderate(moderator, user.id, "unrestrict")).status).toBe("ok");
    const fresh = await createSession(db, user.id);
    expect(await findSessionUser(db, fresh)).toMatchObject({ id: user.id, isApproved: true, isRestricted: false });
  });
});

describe.runIf(usingPostgres())("moderateUser under concurrency (PostgreSQL)", () => {
  const ROUNDS = 20;

  async function race(make: () => Promise<{ id: string; email: string }>, m: Moderation, action: string) {
    const targets = await Promise.all(Array.from({ length: ROUNDS }, make));
    for (const user of targets) {
      const results = await Promise.all([moderate(moderator, user.id, m), moderate(moderatorTwo, user.id, m)]);
      expect(
        results.filter((r) => r.status === "ok"),
        JSON.stringify(results),
      ).toHaveLength(1);
      expect(results.filter((r) => r.status !== "ok")).toEqual([{ status: "not-applicable" }]);
      expect(await auditFor(user.id, action)).toHaveLength(1);
      expect(await auditFor(user.id)).toHaveLength(1);
    }
    return targets;
  }

  it("two admins approving the same user at once: one approval, one audit row, one mail", async () => {
    const targets = await race(pending, "approve", "user.approve");
    for (const user of targets) {
      expect(await state(user.id)).toEqual({ isApproved: true, isRestricted: false });
      expect(await mailsTo(user.email)).toHaveLength(1);
    }
  });

  it("two admins restricting the same user at once: one restriction, one audit row", async () => {
    const targets = await race(approved, "restrict", "user.restrict");
    for (const user of targets) {
      expect(await state(user.id)).toEqual({ isApproved: true, isRestricted: true });
      expect(await mailsTo(user.email)).toEqual([]);
    }
  });

  it("two admins unrestricting the same user at once: one change, one audit row", async () => {
    const targets = await race(restrictedApproved, "unrestrict", "user.unrestrict");
    for (const user of targets) {
      expect(await state(user.id)).toEqual({ isApproved: true, isRestricted: false });
    }
  });

  it("all at once across many users: still exactly one change per user", async () => {
    const targets = await Promise.all(Array.from({ length: ROUNDS }, pending));
    const results = await Promise.all(
      targets.flatMap((u) => [moderate(moderator, u.id, "approve"), moderate(moderatorTwo, u.id, "approve")]),
    );
    expect(results.filter((r) => r.status === "ok")).toHaveLength(ROUNDS);
    for (const user of targets) {
      expect(await auditFor(user.id, "user.approve")).toHaveLength(1);
      expect(await mailsTo(user.email)).toHaveLength(1);
    }
  });

  it("approve and restrict racing on a pending user: the audit trail matches the final state", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const user = await pending();
      const [approval, restriction] = await Promise.all([
        moderate(moderator, user.id, "approve"),
        moderate(moderatorTwo, user.id, "restrict"),
      ]);
      expect(restriction).toMatchObject({ status: "ok" }); // restrict applies from pending and from approved
      const final = await state(user.id);
      const audit = await auditFor(user.id);
      if (approval.status === "ok") {
        // approve committed first, then restrict saw the approved row.
        expect(final).toEqual({ isApproved: true, isRestricted: true });
        const restrictRow = audit.find((a) => a.action === "user.restrict")!;
        expect(restrictRow.before).toEqual({ isApproved: true, isRestricted: false });
        expect(audit).toHaveLength(2);
        expect(await mailsTo(user.email)).toHaveLength(1);
      } else {
        expect(final).toEqual({ isApproved: false, isRestricted: true });
        expect(audit.map((a) => a.action)).toEqual(["user.restrict"]);
        expect(await mailsTo(user.email)).toEqual([]);
      }
    }
  });
});
