import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, messages, notices } from "~/db/schema";
import { newId } from "~/domain/shared/ids";
import { DEFAULT_ADMIN_PERMISSIONS, PERMISSIONS } from "~/domain/permissions/permissions";
import { dialogNameInHtml, pageText, redirectToast, startTestApp, type TestApp } from "~test/app";
import { createUser } from "~test/factories";
import { signInAdmin, signInMember, signInSuperAdmin } from "~test/sign-in";

const SUPER_ADMIN = { email: "root@notices.test", password: "notices-test-super-admin-pw" };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN.email, SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password },
  });
});
afterAll(async () => app?.close());

type Client = ReturnType<TestApp["client"]>;

/** A new account of the role signed in (or the one super admin, made at start). */
const noticeAdmin = (name?: string) => signInAdmin(app, ["manage_notices"], { name });

let n = 0;
const noticeForm = (overrides: Record<string, string> = {}) => ({
  intent: "create",
  title: `Server maintenance ${++n}`,
  content: "The site will be down on Saturday.\nPlease plan ahead.",
  audience: "all",
  ...overrides,
});

const noticeByTitle = async (title: string) =>
  (await app.services.db.select().from(notices).where(eq(notices.title, title)))[0];
const noticeRow = async (id: string) => (await app.services.db.select().from(notices).where(eq(notices.id, id)))[0]!;
const auditsOf = (id: string, action?: string) =>
  app.services.db
    .select()
    .from(auditLog)
    .where(action ? and(eq(auditLog.targetId, id), eq(auditLog.action, action)) : eq(auditLog.targetId, id));

/** Creates a notice through the page and returns its row. */
async function createThroughPage(client: Client, overrides: Record<string, string> = {}) {
  const form = noticeForm(overrides);
  const res = await client.post("/admin/notices", form);
  expect(res.status).toBe(302);
  const row = await noticeByTitle(form.title.trim());
  expect(row).toBeDefined();
  return row!;
}

const editForm = (row: { id: string; title: string; content: string; audience: string; updatedAt: Date }) => ({
  intent: "update",
  noticeId: row.id,
  updatedAt: row.updatedAt.toISOString(),
  title: row.title,
  content: row.content,
  audience: row.audience,
});

describe("Notice Board", () => {
  it("is empty at first, and asks anonymous visitors to sign in", async () => {
    const anonymous = await app.client().get("/notices");
    expect(anonymous).toMatchObject({ status: 302, location: "/login" });
    const { client } = await signInMember(app);
    const res = await client.get("/notices");
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    expect(text).toContain("Notice Board");
    expect(text).toContain("No notices available at the moment");
  });

  it("shows each role the audiences meant for it, newest first, with date and Posted by", async () => {
    const { client: admin, user: poster } = await noticeAdmin("Chiamaka Okafor");
    const forAll = await createThroughPage(admin, { audience: "all", title: "For everyone" });
    const forUsers = await createThroughPage(admin, { audience: "user", title: "For members only" });
    const forAdmins = await createThroughPage(admin, { audience: "admin", title: "For admins only" });
    expect(forAll.createdById).toBe(poster.id);

    const seen = async (client: Client) => {
      const text = pageText((await client.get("/notices")).body);
      return ["For everyone", "For members only", "For admins only"].filter((t) => text.includes(t));
    };
    expect(await seen((await signInMember(app)).client)).toEqual(["For everyone", "For members only"]);
    expect(await seen((await signInAdmin(app, DEFAULT_ADMIN_PERMISSIONS)).client)).toEqual([
      "For everyone",
      "For admins only",
    ]);
    expect(await seen((await signInSuperAdmin(app, SUPER_ADMIN)).client)).toEqual(["For everyone", "For admins only"]);

    const member = (await signInMember(app)).client;
    const res = await member.get("/notices");
    const text = pageText(res.body);
    expect(text.indexOf("For members only")).toBeLessThan(text.indexOf("For everyone"));
    expect(text).toContain("Posted by Chiamaka Okafor");
    expect(res.body).toMatch(/<article[^>]*>[\s\S]*?<h2[^>]*>For members only<\/h2>/);
    expect(res.body).toContain("whitespace-pre-wrap");
    // The content as typed, its line break kept.
    expect(res.body).toContain("The site will be down on Saturday.\nPlease plan ahead.");
    expect(forUsers.audience).toBe("user");
    expect(forAdmins.audience).toBe("admin");
  });

  it("names an unknown or nameless creator Unknown User, and pages by 20", async () => {
    const { client: admin } = await noticeAdmin("   ");
    const orphan = await createThroughPage(admin, { audience: "user", title: "Orphan notice" });
    await app.services.db.update(notices).set({ createdById: null }).where(eq(notices.id, orphan.id));
    const nameless = await createThroughPage(admin, { audience: "user", title: "Nameless notice" });
    const member = (await signInMember(app)).client;
    const body = (await member.get("/notices")).body;
    expect(body).toMatch(/Orphan notice[\s\S]*?Posted by[\s\S]*?Unknown User/);
    expect(body).toMatch(/Nameless notice[\s\S]*?Posted by[\s\S]*?Unknown User/);
    expect(nameless.createdById).not.toBeNull();

    for (let i = 0; i < 20; i++) await createThroughPage(admin, { audience: "user", title: `Paging notice ${i}` });
    const page1 = pageText((await member.get("/notices")).body);
    expect(page1).toContain("Paging notice 19");
    expect(page1).not.toContain("Orphan notice");
    expect(page1).toMatch(/Page 1 of \d+/);
    const page2 = await member.get("/notices?page=2");
    expect(pageText(page2.body)).toContain("Orphan notice");
    expect(page2.body).toMatch(/<a[^>]*href="\/notices"[^>]*>Previous<\/a>/);
  });
});

describe("Manage Notices: create", () => {
  it("refuses blank fields next to each field and echoes what was typed", async () => {
    const { client } = await noticeAdmin();
    const count = await app.services.db.$count(notices);
    const res = await client.post("/admin/notices", noticeForm({ title: "   ", content: " \n ", audience: "admin" }));
    expect(res.status).toBe(400);
    const text = pageText(res.body);
    expect(text).toContain("Enter a title.");
    expect(text).toContain("Enter the notice content.");
    expect(res.body).toMatch(/<option value="admin" selected="">Admins Only<\/option>/);

    const typed = await client.post("/admin/notices", noticeForm({ title: "Kept title", content: "" }));
    expect(typed.status).toBe(400);
    expect(typed.body).toMatch(/name="title"[^>]*value="Kept title"|value="Kept title"[^>]*name="title"/);
    expect(await app.services.db.$count(notices)).toBe(count);
  });

  it("refuses too long text with the limit, and NUL or line breaks in the title (never a 500)", async () => {
    const { client } = await noticeAdmin();
    const count = await app.services.db.$count(notices);
    const long = await client.post("/admin/notices", noticeForm({ title: "x".repeat(201), content: "y".repeat(5001) }));
    expect(long.status).toBe(400);
    expect(pageText(long.body)).toContain("Title is too long (200 characters at most).");
    expect(pageText(long.body)).toContain("Content is too long (5,000 characters at most).");
    const nul = await client.post("/admin/notices", noticeForm({ title: "a\u0000b", content: "c\u0000d" }));
    expect(nul.status).toBe(400);
    expect(pageText(nul.body)).toContain("Title must be a single line without control characters.");
    expect(pageText(nul.body)).toContain("Content cannot contain control characters such as NUL.");
    const twoLines = await client.post("/admin/notices", noticeForm({ title: "one\ntwo" }));
    expect(twoLines.status).toBe(400);
    expect(await app.services.db.$count(notices)).toBe(count);

    // At the limits exactly: accepted.
    const exact = await client.post(
      "/admin/notices",
      noticeForm({ title: "t".repeat(200), content: "c".repeat(5000) }),
    );
    expect(exact.status).toBe(302);
  });

  it("creates, toasts, audits, and the form starts again with All Users", async () => {
    const { client, user } = await noticeAdmin();
    const form = noticeForm({ title: "  Holiday hours  ", content: "Line 1\r\nLine 2", audience: "user" });
    const res = await client.post("/admin/notices", form);
    expect(res).toMatchObject({ status: 302, location: "/admin/notices" });
    expect(redirectToast(res)).toMatchObject({ type: "success", title: "Notice created successfully." });
    const row = (await noticeByTitle("Holiday hours"))!;
    expect(row).toMatchObject({ content: "Line 1\nLine 2", audience: "user", isActive: true, createdById: user.id });
    const [audit] = await auditsOf(row.id, "notice.create");
    expect(audit).toMatchObject({ actorId: user.id, targetType: "notice" });
    expect(audit!.after).toEqual({
      title: "Holiday hours",
      content: "Line 1\nLine 2",
      audience: "user",
      isActive: true,
    });

    const page = await client.get("/admin/notices");
    const text = pageText(page.body);
    expect(text).toContain("Create Notice");
    expect(text).toContain("Holiday hours");
    expect(text).toContain("Regular Users Only");
    expect(page.body).toMatch(/<option value="all" selected="">All Users<\/option>/);
    expect(page.body).toMatch(/<textarea[^>]*rows="4"/);
  });
});

describe("Manage Notices: edit", () => {
  it("without JavaScript, ?edit= renders the edit form prefilled", async () => {
    const { client } = await noticeAdmin();
    const row = await createThroughPage(client, { title: "Edit me", audience: "admin" });
    const list = await client.get("/admin/notices");
    expect(list.body).toContain(`href="/admin/notices?edit=${row.id}"`);
    expect(list.body).toContain(`aria-label="Edit notice Edit me"`);
    const page = await client.get(`/admin/notices?edit=${row.id}`);
    const text = pageText(page.body);
    expect(text).toContain("Edit Notice");
    expect(dialogNameInHtml(page.body)).toEqual({
      name: "Edit Notice",
      description: "Changes show on the notice boards at once.",
    });
    expect(text).toContain("Save Changes");
    expect(page.body).toContain(`name="updatedAt" value="${row.updatedAt.toISOString()}"`);
    expect(page.body).toMatch(/<option value="admin" selected="">Admins Only<\/option>/);
  });

  it("saves only what changed, refreshes updated_at, toasts and audits; no change writes nothing", async () => {
    const { client, user } = await noticeAdmin();
    const row = await createThroughPage(client, { title: "Before edit", content: "Body stays" });
    const res = await client.post("/admin/notices", { ...editForm(row), title: "After edit", audience: "admin" });
    expect(res).toMatchObject({ status: 302, location: "/admin/notices" });
    expect(redirectToast(res)).toMatchObject({ type: "success", title: "Notice updated successfully." });
    const after = await noticeRow(row.id);
    expect(after).toMatchObject({ title: "After edit", content: "Body stays", audience: "admin" });
    expect(after.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
    const audits = await auditsOf(row.id, "notice.update");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: user.id,
      before: { title: "Before edit", audience: "all" },
      after: { title: "After edit", audience: "admin" },
    });

    const same = await client.post("/admin/notices", editForm(after));
    expect(same.status).toBe(302);
    expect(redirectToast(same)).toMatchObject({ type: "info", title: "No changes to save." });
    expect(await noticeRow(row.id)).toEqual(after);
    expect(await auditsOf(row.id, "notice.update")).toHaveLength(1);
  });

  it("refuses a save over someone else's newer change, keeping what was typed (409)", async () => {
    const { client } = await noticeAdmin();
    const row = await createThroughPage(client, { title: "Contested" });
    const { client: other } = await noticeAdmin();
    expect((await other.post("/admin/notices", { ...editForm(row), content: "Their change" })).status).toBe(302);
    const theirs = await noticeRow(row.id);
    const mine = await client.post("/admin/notices", { ...editForm(row), content: "My stale change" });
    expect(mine.status).toBe(409);
    expect(pageText(mine.body)).toContain("Someone else changed this notice. Reload to see their changes.");
    expect(pageText(mine.body)).toContain("My stale change");
    expect(await noticeRow(row.id)).toEqual(theirs);
  });

  it("refuses blank fields in the edit form next to the fields", async () => {
    const { client } = await noticeAdmin();
    const row = await createThroughPage(client);
    const res = await client.post("/admin/notices", { ...editForm(row), title: " ", content: "" });
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain("Edit Notice");
    expect(pageText(res.body)).toContain("Enter a title.");
    expect(pageText(res.body)).toContain("Enter the notice content.");
    expect(await noticeRow(row.id)).toEqual(row);
  });
});

describe("Manage Notices: delete", () => {
  it("asks on the page without JavaScript, deactivates once, audits once, and the boards drop it", async () => {
    const { client, user } = await noticeAdmin();
    const row = await createThroughPage(client, { title: "Short-lived", audience: "all" });
    const member = (await signInMember(app)).client;
    expect(pageText((await member.get("/notices")).body)).toContain("Short-lived");

    const list = await client.get("/admin/notices");
    expect(list.body).toContain(`href="/admin/notices?delete=${row.id}"`);
    expect(list.body).toContain(`aria-label="Delete notice Short-lived"`);
    const ask = await client.get(`/admin/notices?delete=${row.id}`);
    expect(pageText(ask.body)).toContain("Delete this notice? It will be removed from every notice board.");
    expect(ask.body).toMatch(/<input type="hidden" name="intent" value="delete"\/>/);
    expect((await noticeRow(row.id)).isActive).toBe(true); // a GET changes nothing

    const res = await client.post("/admin/notices", { intent: "delete", noticeId: row.id });
    expect(res).toMatchObject({ status: 302, location: "/admin/notices" });
    expect(redirectToast(res)).toMatchObject({ type: "success", title: "Notice Deleted" });
    const after = await noticeRow(row.id);
    expect(after).toMatchObject({ isActive: false, title: "Short-lived" });
    expect(after.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
    expect(pageText((await member.get("/notices")).body)).not.toContain("Short-lived");
    // Still listed for the admins (after the active ones), marked Deleted.
    const adminPages: string[] = [];
    for (let page = 1; page < 10; page++)
      adminPages.push(pageText((await client.get(`/admin/notices?page=${page}`)).body));
    expect(adminPages.join(" ")).toMatch(/Short-lived All Users Deleted/);
    const audits = await auditsOf(row.id, "notice.delete");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: user.id,
      before: { isActive: true, title: "Short-lived" },
      after: { isActive: false, title: "Short-lived" },
    });

    const again = await client.post("/admin/notices", { intent: "delete", noticeId: row.id });
    expect(again.status).toBe(409);
    expect(pageText(again.body)).toContain("This notice has already been deleted.");
    const edit = await client.post("/admin/notices", { ...editForm(after), title: "Revived?" });
    expect(edit.status).toBe(409);
    expect(pageText(edit.body)).toContain("This notice has been deleted.");
    expect(await auditsOf(row.id)).toHaveLength(2);
    expect(await noticeRow(row.id)).toEqual(after);

    const unknown = await client.post("/admin/notices", { intent: "delete", noticeId: "NoSuchNotice" });
    expect(unknown.status).toBe(404);
  });
});

describe("who may manage notices", () => {
  it("an admin without manage_notices gets 403 Access Denied. on GET and every POST; nothing changes", async () => {
    const { client: allowed } = await noticeAdmin();
    const row = await createThroughPage(allowed, { title: "Protected" });
    const { client } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_notices"),
    );
    const count = await app.services.db.$count(notices);
    const audits = await app.services.db.$count(auditLog);
    const get = await client.get("/admin/notices");
    expect(get.status).toBe(403);
    expect(pageText(get.body)).toContain("Access Denied.");
    for (const form of [
      noticeForm(),
      { ...editForm(row), title: "Hijacked" },
      { intent: "delete", noticeId: row.id },
    ]) {
      const res = await client.post("/admin/notices", form);
      expect(res.status).toBe(403);
      expect(pageText(res.body)).toContain("Access Denied.");
    }
    expect(await noticeRow(row.id)).toEqual(row);
    expect(await app.services.db.$count(notices)).toBe(count);
    expect(await app.services.db.$count(auditLog)).toBe(audits);
  });

  it("a member cannot create, edit or delete: sent to /dashboard, nothing changes", async () => {
    const { client: allowed } = await noticeAdmin();
    const row = await createThroughPage(allowed, { title: "Members hands off" });
    const { client } = await signInMember(app, { permissions: ["manage_notices"] });
    const count = await app.services.db.$count(notices);
    for (const form of [
      noticeForm(),
      { ...editForm(row), title: "Hijacked" },
      { intent: "delete", noticeId: row.id },
    ]) {
      const res = await client.post("/admin/notices", form);
      expect(res).toMatchObject({ status: 302, location: "/dashboard" });
    }
    expect(await client.get("/admin/notices")).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await noticeRow(row.id)).toEqual(row);
    expect(await app.services.db.$count(notices)).toBe(count);
  });

  it("the super admin manages notices without holding the permission", async () => {
    const { client } = await signInSuperAdmin(app, SUPER_ADMIN);
    const row = await createThroughPage(client, { title: "By the super admin" });
    expect((await client.post("/admin/notices", { intent: "delete", noticeId: row.id })).status).toBe(302);
  });
});

describe("hostile text", () => {
  const corpus = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "javascript:alert(1)",
    "\u202Eevil override",
  ];
  const longWord = "W".repeat(2000);

  it("renders escaped on /notices and /admin/notices, also as a creator's name", async () => {
    const { client: admin } = await noticeAdmin(`<img src=x onerror=alert(1)> \u202E<script>alert(1)</script>`);
    const titleWord = "T".repeat(150);
    await createThroughPage(admin, {
      title: `<script>alert(1)</script> ${titleWord}`,
      content: [...corpus, longWord].join("\n"),
      audience: "all",
    });
    await createThroughPage(admin, { title: "<img src=x onerror=alert(1)>", content: "javascript:alert(1)" });
    await createThroughPage(admin, { title: "\u202Eevil override", content: "plain" });

    const member = (await signInMember(app)).client;
    for (const [client, path] of [
      [member, "/notices"],
      [admin, "/admin/notices"],
    ] as const) {
      const res = await client.get(path);
      expect(res.status).toBe(200);
      const body = res.body;
      expect(body).not.toContain("<script>alert(1)</script>");
      expect(body).not.toMatch(/<img src=x/i);
      // No element with an onerror attribute (attribute values, all quoted, may hold the words).
      expect(body).not.toMatch(/<[a-z]+(\s+[a-z-]+(="[^"]*")?)*\s+onerror=/i);
      expect(body).not.toMatch(/href="javascript:/i);
      expect(body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(body).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(body).toContain(longWord);
      expect(body).toContain(titleWord);
      // Right-to-left text stays in its own box; long words may wrap anywhere.
      expect(body).toMatch(/dir="auto"[^>]*>\u202Eevil override/);
      expect(body).toContain("[overflow-wrap:anywhere]");
      expect(body).toMatch(/<bdi[^>]*>&lt;img src=x onerror=alert\(1\)&gt; \u202E&lt;script&gt;/);
    }
  });
});

describe("admin dashboard cards", () => {
  it("Active Notices only with manage_notices, Total Messages only with view_reports, counts right", async () => {
    const db = app.services.db;
    const a = await createUser(db);
    const b = await createUser(db);
    for (let i = 0; i < 3; i++) {
      await db.insert(messages).values({ id: newId(), senderId: a.id, recipientId: b.id, content: `hello ${i}` });
    }
    const { client: allowed } = await noticeAdmin();
    const gone = await createThroughPage(allowed, { title: "Counted then deleted" });
    await allowed.post("/admin/notices", { intent: "delete", noticeId: gone.id });
    const active = await db.$count(notices, eq(notices.isActive, true));
    const totalMessages = await db.$count(messages);
    expect(totalMessages).toBeGreaterThanOrEqual(3);

    const card = (body: string, label: string) =>
      body.match(
        new RegExp(
          `href="([^"]*)"[^>]*>\\s*<p[^>]*>${label}</p>\\s*<p[^>]*data-testid="stat-${label}"[^>]*>([^<]*)</p>`,
        ),
      );

    const both = await signInAdmin(app, ["manage_notices", "view_reports"]);
    const body = (await both.client.get("/admin")).body;
    expect(card(body, "Active Notices")?.slice(1)).toEqual(["/admin/notices", active.toLocaleString("en-NG")]);
    expect(card(body, "Total Messages")?.slice(1)).toEqual(["/messages", totalMessages.toLocaleString("en-NG")]);

    const neither = await signInAdmin(app, ["manage_users"]);
    const bare = pageText((await neither.client.get("/admin")).body);
    expect(bare).not.toContain("Active Notices");
    expect(bare).not.toContain("Total Messages");
    const onlyNotices = pageText((await (await signInAdmin(app, ["manage_notices"])).client.get("/admin")).body);
    expect(onlyNotices).toContain("Active Notices");
    expect(onlyNotices).not.toContain("Total Messages");
    const onlyReports = pageText((await (await signInAdmin(app, ["view_reports"])).client.get("/admin")).body);
    expect(onlyReports).toContain("Total Messages");
    expect(onlyReports).not.toContain("Active Notices");
  });
});
