import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { lagosDay, lagosMonth } from "~/lib/lagos-time";
import { pageText, redirectToast, startTestApp, type TestApp } from "~test/app";
import { member } from "~test/factories";
import { backdatedTransfer } from "~test/ledger";
import { signInAdmin, signInMember } from "~test/sign-in";

const REPORT = "/admin/reports/daily.csv";
const DENIED = "Access Denied. You do not have permission to view reports.";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const db = () => app.services.db;

const auditCount = () => db().$count(auditLog, eq(auditLog.action, "report.export_daily"));

/** The hidden-free download form on /admin: its action, method and date inputs. */
function reportForm(html: string) {
  const form = /<form\b[^>]*action="\/admin\/reports\/daily\.csv"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) return null;
  const input = (name: string) => new RegExp(`<input\\b[^>]*name="${name}"[^>]*>`).exec(form[1]!)?.[0] ?? "";
  return { tag: form[0].slice(0, form[0].indexOf(">") + 1), from: input("from"), to: input("to"), body: form[1]! };
}

describe("POST /admin/reports/daily.csv", () => {
  it("answers the CSV as a no-store attachment, with the range's days and totals, audited once", async () => {
    const { client, user } = await signInAdmin(app, ["view_reports"]);
    const m = await member(db());
    await backdatedTransfer(db(), { userId: m.id, amountKobo: 123_45n, at: new Date("2029-07-02T23:30:00Z") }); // 3 Jul Lagos
    const before = await auditCount();

    const res = await client.post(REPORT, { from: "2029-07-01", to: "2029-07-03" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(
      'attachment; filename="adnaira-daily-report-2029-07-01-to-2029-07-03.csv"',
    );
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const lines = res.body.split("\r\n");
    expect(lines[0]).toMatch(/^date,advert_rewards_paid,referral_rewards_paid,/);
    expect(lines.slice(1, 4).map((l) => l.split(",")[0])).toEqual(["2029-07-01", "2029-07-02", "2029-07-03"]);
    expect(lines[3]!.split(",")[1]).toBe("123.45");
    expect(lines[4]!.split(",").slice(0, 2)).toEqual(["total", "123.45"]);
    expect(lines.at(-1)).toBe("");
    expect(await auditCount()).toBe(before + 1);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(audit).toMatchObject({ action: "report.export_daily", after: { from: "2029-07-01", to: "2029-07-03" } });
  });

  it("sends an invalid range back to /admin with an error toast; nothing downloaded or audited", async () => {
    const { client } = await signInAdmin(app, ["view_reports"]);
    const before = await auditCount();
    for (const range of [
      { from: "2029-07-03", to: "2029-07-01" },
      { from: "2028-01-01", to: "2029-01-01" }, // 367 days
      { from: "", to: "" },
    ]) {
      const res = await client.post(REPORT, range);
      expect(res.status, JSON.stringify(range)).toBe(302);
      expect(res.location).toBe("/admin");
      expect(res.headers.get("Content-Disposition")).toBeNull();
      expect(redirectToast(res)).toMatchObject({ type: "error", title: "Report Not Downloaded" });
    }
    expect(await auditCount()).toBe(before);
  });

  it("is refused to anonymous visitors, members and admins without view_reports", async () => {
    const before = await auditCount();
    const range = { from: "2029-07-01", to: "2029-07-03" };
    const anonymous = await app.client().post(REPORT, range);
    expect([anonymous.status, anonymous.location]).toEqual([302, "/login"]);
    const { client: asMember } = await signInMember(app);
    const memberRes = await asMember.post(REPORT, range);
    expect([memberRes.status, memberRes.location]).toEqual([302, "/dashboard"]);
    const { client: otherAdmin } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "view_reports"),
    );
    const denied = await otherAdmin.post(REPORT, range);
    expect(denied.status).toBe(403);
    expect(pageText(denied.body)).toContain(DENIED);
    for (const res of [anonymous, memberRes, denied]) expect(res.headers.get("Content-Disposition")).toBeNull();
    // Nor does the dashboard offer them the form.
    expect(reportForm((await otherAdmin.get("/admin")).body)).toBeNull();
    expect(await auditCount()).toBe(before);
  });

  it("never changes anything on a GET, and refuses a post from another site", async () => {
    const { client } = await signInAdmin(app, ["view_reports"]);
    const before = await auditCount();
    for (const path of [REPORT, `${REPORT}?from=2029-07-01&to=2029-07-03`, `${REPORT}.data`]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(405);
      if (!path.endsWith(".data")) expect(res.headers.get("Allow"), path).toBe("POST");
      expect(res.headers.get("Content-Disposition"), path).toBeNull();
    }
    const forged = await client.post(
      REPORT,
      { from: "2029-07-01", to: "2029-07-03" },
      { Origin: "https://evil.example" },
    );
    expect(forged.status).toBe(400);
    expect(forged.headers.get("Content-Disposition")).toBeNull();
    expect(await auditCount()).toBe(before);
  });

  it("is offered on /admin as a plain post form, From/To labelled, defaulting to this Lagos month", async () => {
    const { client } = await signInAdmin(app, ["view_reports"]);
    const html = (await client.get("/admin")).body;
    const form = reportForm(html);
    expect(form).not.toBeNull();
    expect(form!.tag).toMatch(/method="post"/);
    const now = new Date();
    expect(form!.from).toContain(`value="${lagosDay(lagosMonth(now).start)}"`);
    expect(form!.to).toContain(`value="${lagosDay(now)}"`);
    expect(form!.from).toContain('id="daily-report-from"');
    expect(html).toMatch(/<label[^>]*for="daily-report-from"[^>]*>From<\/label>/);
    expect(html).toMatch(/<label[^>]*for="daily-report-to"[^>]*>To<\/label>/);
    expect(pageText(form!.body)).toContain("Download CSV");
  });
});
