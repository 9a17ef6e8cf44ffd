import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adverts, auditLog } from "~/db/schema";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import { listAudit } from "~/domain/audit/audit.server";
import { DEFAULT_ADMIN_PERMISSIONS } from "~/domain/permissions/permissions";
import { dialogNameInHtml, pageText, startTestApp, type TestApp } from "~test/app";
import { signInAdmin } from "~test/sign-in";
import { createUser } from "~test/factories";
import { smallPng } from "~test/images";
import { claimAnswering } from "~test/claims";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

/** Reads the audit log as /admin/audit does: an admin who reads reports. */
const AUDIT_READER = { role: "admin", permissions: ["view_reports"] } as const;

let n = 0;
const advertForm = (overrides: Record<string, string> = {}) => ({
  intent: "create",
  title: `Jollof Festival ${++n}`,
  description: "Taste the best jollof in Lagos this weekend.",
  rewardAmount: "25.00",
  maxClicks: "100",
  ...overrides,
});

const advertRow = async (id: string) => (await app.services.db.select().from(adverts).where(eq(adverts.id, id)))[0];
const advertByTitle = async (title: string) =>
  (await app.services.db.select().from(adverts).where(eq(adverts.title, title)))[0];

/** Creates an advert through the page and returns its row. */
async function createThroughPage(client: ReturnType<TestApp["client"]>, overrides: Record<string, string> = {}) {
  const form = advertForm(overrides);
  const res = await client.post("/admin/adverts", form);
  expect(res.status).toBe(302);
  const row = await advertByTitle(form.title);
  expect(row).toBeDefined();
  return row!;
}

describe("Manage Adverts", () => {
  it("creates an advert with the reward exact in kobo, audits it and lists it", async () => {
    const { client, user: admin } = await signInAdmin(app, ["manage_adverts"]);
    // The first test: no adverts exist yet.
    const empty = pageText((await client.get("/admin/adverts")).body);
    expect(empty).toContain("Manage Adverts");
    expect(empty).toContain("No adverts yet. Create one to start paying members for views.");

    const form = advertForm({ rewardAmount: "12.34", maxClicks: "250" });
    const res = await client.postMultipart("/admin/adverts/new", form, {
      image: { bytes: await smallPng(), name: "jollof.png", type: "image/png" },
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/adverts");
    const row = await advertByTitle(form.title);
    expect(row).toMatchObject({
      rewardKobo: 1234n,
      maxClicks: 250,
      currentClicks: 0,
      imageUrl: expect.stringMatching(/^\/images\/[0-9a-f]{64}$/),
      postedByAdminId: admin.id,
    });

    const audit = await app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, row!.id), eq(auditLog.action, "advert.create")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.id);
    expect(audit[0]!.after).toMatchObject({ rewardKobo: "1234", title: form.title });
    const { entries } = await listAudit(app.services.db, AUDIT_READER, { actorId: admin.id, action: "advert.create" });
    expect(entries[0]!.targetName).toBe(form.title);

    // The toast survives the redirect; the list shows the card.
    const list = await client.get("/admin/adverts");
    const text = pageText(list.body);
    expect(list.body).toContain("Advert Created"); // the toast, carried in the page data
    expect(text).toContain(form.title);
    expect(text).toContain("₦12.34");
    expect(text).toContain("0 / 250");
    expect(text).toContain("Active");
    expect(list.body).toMatch(new RegExp(`<img[^>]*src="${row!.imageUrl}"[^>]*>`));
    expect(list.body).toContain(`alt="${form.title}"`);
    expect(list.body).toContain('loading="lazy"');
  });

  it.each([
    ["1.234", "Use at most 2 decimal places."],
    ["-5", "Amount cannot be negative."],
    ["abc", "Enter an amount in naira, such as 1500 or 1,500.50."],
    ["0", "Reward must be more than ₦0.00."],
  ])("refuses the reward %s with a message and keeps the values", async (amount, message) => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const form = advertForm({ rewardAmount: amount });
    const res = await client.post("/admin/adverts", form);
    expect(res.status).toBe(400);
    const text = pageText(res.body);
    expect(text).toContain(message);
    expect(res.body).toContain("Creation Failed");
    expect(res.body).toContain(`value="${form.title}"`);
    expect(res.body).toContain(`value="${amount}"`);
    expect(res.body).toContain('data-testid="advert-dialog"');
    expect(await advertByTitle(form.title)).toBeUndefined();
  });

  it("refuses a file that is no picture as the advert's image", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const form = advertForm();
    const res = await client.postMultipart("/admin/adverts", form, {
      image: { bytes: Buffer.from("GIF89a, or so it says"), name: "a.jpg", type: "image/jpeg" },
    });
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain("The image must be a JPEG, PNG or WebP picture.");
    expect(await advertByTitle(form.title)).toBeUndefined();
  });

  it("edits an advert through the prefilled dialog", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const row = await createThroughPage(client, { rewardAmount: "50" });
    const editPage = await client.get(`/admin/adverts?edit=${row.id}`);
    expect(editPage.status).toBe(200);
    expect(pageText(editPage.body)).toContain("Edit Advert");
    expect(dialogNameInHtml(editPage.body)).toEqual({
      name: "Edit Advert",
      description: "A new reward applies to views claimed from now on.",
    });
    expect(editPage.body).toContain('value="50.00"');
    expect(editPage.body).toContain(`value="${row.title}"`);

    const res = await client.post(`/admin/adverts?edit=${row.id}`, {
      ...advertForm({ title: `${row.title} (updated)`, rewardAmount: "1,000.00", maxClicks: "10" }),
      intent: "update",
      advertId: row.id,
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/adverts");
    expect(await advertRow(row.id)).toMatchObject({
      title: `${row.title} (updated)`,
      rewardKobo: 100_000n,
      maxClicks: 10,
    });
    expect((await client.get("/admin/adverts")).body).toContain("Advert Updated");
    const audit = await app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, row.id), eq(auditLog.action, "advert.update")));
    expect(audit).toHaveLength(1);
  });

  it("refuses a reward or budget over the settings' limits, naming the limit; the form shows the limits", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const page = pageText((await client.get("/admin/adverts/new")).body);
    expect(page).toContain("at most ₦1,000.00.");
    expect(page).toContain("Reward × max clicks at most ₦1,000,000.00.");

    // An insider's attempt: ₦1,000,000,000,000 a click.
    const huge = advertForm({ rewardAmount: "1,000,000,000,000", maxClicks: "1" });
    const refused = await client.post("/admin/adverts", huge);
    expect(refused.status).toBe(400);
    expect(pageText(refused.body)).toContain("Reward per click can be at most ₦1,000.00.");
    expect(refused.body).toContain("Creation Failed");
    expect(refused.body).toContain('data-testid="advert-dialog"');
    expect(await advertByTitle(huge.title)).toBeUndefined();

    const overBudget = advertForm({ rewardAmount: "1,000.00", maxClicks: "1001" });
    const refusedBudget = await client.post("/admin/adverts", overBudget);
    expect(refusedBudget.status).toBe(400);
    expect(pageText(refusedBudget.body)).toContain(
      "Budget (reward × max clicks) can be at most ₦1,000,000.00; this advert's is ₦1,001,000.00.",
    );
    expect(await advertByTitle(overBudget.title)).toBeUndefined();

    // At both limits exactly: accepted. Raising it on edit: refused, unchanged.
    const atLimit = await createThroughPage(client, { rewardAmount: "1,000.00", maxClicks: "1000" });
    expect(atLimit).toMatchObject({ rewardKobo: 100_000n, maxClicks: 1000 });
    const raised = await client.post(`/admin/adverts?edit=${atLimit.id}`, {
      ...advertForm({ title: atLimit.title, rewardAmount: "1,000.01", maxClicks: "1" }),
      intent: "update",
      advertId: atLimit.id,
    });
    expect(raised.status).toBe(400);
    expect(raised.body).toContain("Update Failed");
    expect(pageText(raised.body)).toContain("Reward per click can be at most ₦1,000.00.");
    expect(await advertRow(atLimit.id)).toMatchObject({ rewardKobo: 100_000n, maxClicks: 1000 });
  });

  it("refuses max clicks below the clicks already used", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const row = await createThroughPage(client, { maxClicks: "5" });
    for (let i = 0; i < 2; i++) {
      const viewer = await createUser(app.services.db, { isApproved: true });
      expect(
        await startAdvertView(app.services.db, viewer.id, row.id, new Date(Date.now() - 60 * 60 * 1000)),
      ).toMatchObject({ status: "ok" });
      expect(await claimAnswering(app.services.db, viewer.id, row.id)).toMatchObject({ status: "ok" });
    }
    const edit = (maxClicks: string) =>
      client.post(`/admin/adverts?edit=${row.id}`, {
        ...advertForm({ title: row.title, maxClicks }),
        intent: "update",
        advertId: row.id,
      });

    const refused = await edit("1");
    expect(refused.status).toBe(400);
    const text = pageText(refused.body);
    expect(text).toContain("Max clicks cannot be below the 2 clicks already used.");
    expect(refused.body).toContain("Update Failed");
    expect(refused.body).toContain('data-testid="advert-dialog"');
    expect(refused.body).toContain('value="1"'); // what was typed stays
    expect((await advertRow(row.id))!.maxClicks).toBe(5);

    expect(pageText((await edit("0")).body)).toContain("Max clicks must be at least 1");

    // Down to the clicks used is allowed: the advert is then Completed.
    const completed = await edit("2");
    expect(completed.status).toBe(302);
    expect(await advertRow(row.id)).toMatchObject({ maxClicks: 2, currentClicks: 2 });
    const list = pageText((await client.get("/admin/adverts")).body);
    expect(list).toContain("2 / 2");
    expect(list).toContain("Completed");
  });

  it("delete erases an advert nobody viewed and deactivates one that was viewed", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const page = await client.get("/admin/adverts");
    expect(page.status).toBe(200);

    const unviewed = await createThroughPage(client);
    const erased = await client.post("/admin/adverts/delete", { advertId: unviewed.id });
    expect(erased.status).toBe(200);
    expect(erased.body).toContain("Advert Deleted");
    expect(await advertRow(unviewed.id)).toBeUndefined();

    const viewedRow = await createThroughPage(client);
    const viewer = await createUser(app.services.db, { isApproved: true });
    expect(await startAdvertView(app.services.db, viewer.id, viewedRow.id)).toMatchObject({ status: "ok" });
    const deactivated = await client.post("/admin/adverts/delete", { advertId: viewedRow.id });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toContain("Advert Deleted");
    expect(deactivated.body).toContain("deactivated instead of erased");
    expect(await advertRow(viewedRow.id)).toMatchObject({ isActive: false });
    expect(pageText((await client.get("/admin/adverts")).body)).not.toContain(viewedRow.title);

    const again = await client.post("/admin/adverts/delete", { advertId: viewedRow.id });
    expect(again.status).toBe(409);
    expect(again.body).toContain("Delete Failed");

    // The audit still names the erased advert by its title.
    const { entries } = await listAudit(app.services.db, AUDIT_READER, { action: "advert.delete" });
    expect(entries.find((e) => e.targetId === unviewed.id)?.targetName).toBe(unviewed.title);
  });

  it("/admin/adverts/new renders the create dialog open", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const res = await client.get("/admin/adverts/new");
    expect(res.status).toBe(200);
    expect(res.body).toContain('data-testid="advert-dialog"');
    expect(res.body).toContain('role="dialog"');
    const text = pageText(res.body);
    expect(text).toContain("Create Advert");
    // Named and described in the server's HTML, before any JavaScript.
    expect(dialogNameInHtml(res.body)).toEqual({
      name: "Create Advert",
      description: "Each member who views this advert is paid the reward once, until the max clicks are used.",
    });
    expect(text).toContain("Paid views before the advert completes, one per member.");
    expect(text).toContain("Reward Amount (₦)");
    expect(res.body).toMatch(
      /name="rewardAmount"[^>]*inputMode="decimal"|inputMode="decimal"[^>]*name="rewardAmount"/i,
    );
    // Without the dialog route, the list page has no open dialog.
    expect((await client.get("/admin/adverts")).body).not.toContain('data-testid="advert-dialog"');
  });

  it("an admin without manage_adverts gets 403 on GET and POST", async () => {
    const { client } = await signInAdmin(
      app,
      DEFAULT_ADMIN_PERMISSIONS.filter((p) => p !== "manage_adverts"),
    );
    for (const path of ["/admin/adverts", "/admin/adverts/new"]) {
      expect((await client.get(path)).status).toBe(403);
    }
    const form = advertForm();
    expect((await client.post("/admin/adverts", form)).status).toBe(403);
    expect((await client.post("/admin/adverts/new", form)).status).toBe(403);
    expect(await advertByTitle(form.title)).toBeUndefined();
    const member = await createUser(app.services.db, { isApproved: true });
    const memberClient = app.client();
    await memberClient.login(member.email, member.password);
    const res = await memberClient.get("/admin/adverts");
    expect(res.status).toBe(302);
    expect(res.location).toBe("/dashboard");
  });

  it("shows Total Adverts and Earnings Distributed on the dashboard only with manage_adverts", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const html = (await client.get("/admin")).body;
    expect(html).toContain('data-testid="stat-Total Adverts"');
    expect(html).toMatch(/data-testid="stat-Earnings Distributed">₦[\d,]+\.\d{2}</);
    expect(html).toContain('href="/admin/adverts"');

    const { client: other } = await signInAdmin(app, ["manage_users"]);
    const otherHtml = (await other.get("/admin")).body;
    expect(otherHtml).toContain('data-testid="stat-Total Users"');
    expect(otherHtml).not.toContain("Total Adverts");
    expect(otherHtml).not.toContain("Earnings Distributed");
  });

  it("refuses an unknown intent", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    expect((await client.post("/admin/adverts", { intent: "explode" })).status).toBe(400);
  });
});
