import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { formatLagosDate, formatLagosMonthYear, lagosDay, lagosMonth, lagosWeek, lagosYear } from "~/lib/lagos-time";
import { type HttpClient, pageText, startTestApp, type TestApp } from "~test/app";
import { signInAdmin } from "~test/sign-in";
import { member } from "~test/factories";
import { backdatedTransfer } from "~test/ledger";
import { PERIOD_QUERIES } from "~test/periods";

const ROOT = { email: "root@top-performers.test", password: "top-performers-super-admin" };
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password } });
});
afterAll(async () => app?.close());

/** The Top Performers section's text, from its heading to the Quick Actions card. */
const section = (html: string) => {
  const text = pageText(html);
  const from = text.indexOf("Top Performers");
  return from < 0 ? "" : text.slice(from, text.indexOf("Quick Actions", from));
};

/** The opening tag of the period link labelled `label`. */
const tabTag = (html: string, label: string) =>
  [...html.matchAll(/<a\b[^>]*>([^<]*)<\/a>/g)].find((m) => m[1] === label)?.[0] ?? "";

const dashboard = (client: HttpClient, query = "") => client.get(`/admin${query}`);

describe("Top Performers on /admin", () => {
  it('says "No data for this period." while nobody has earned anything', async () => {
    const { client } = await signInAdmin(app, ["view_reports"]);
    for (const query of ["", "?period=month", "?period=year"]) {
      const res = await dashboard(client, query);
      expect(res.status).toBe(200);
      expect(section(res.body)).toContain("No data for this period.");
    }
  });

  it("shows each tab's own period, marks the current tab, and reads an unknown period as the week", async () => {
    const now = new Date();
    const db = app.services.db;
    // One member per period start: each is in the periods that hold that instant (the Lagos
    // calendar decides, e.g. the month's first instant is in this week only early in a month).
    const starts = { week: lagosWeek(now).start, month: lagosMonth(now).start, year: lagosYear(now).start };
    const earners = [
      { name: "Nkechi Thisweek", at: new Date(now.getTime() - 1000), amountKobo: 1_000_00n, amount: "₦1,000.00" },
      { name: "Musa Monthstart", at: starts.month, amountKobo: 2_000_50n, amount: "₦2,000.50" },
      { name: "Bisi Yearstart", at: starts.year, amountKobo: 3_000_05n, amount: "₦3,000.05" },
    ];
    for (const e of earners) {
      const user = await member(db, { name: e.name });
      await backdatedTransfer(db, { userId: user.id, amountKobo: e.amountKobo, at: e.at });
    }
    const { client } = await signInAdmin(app, ["view_reports"]);
    const expected = {
      week: { label: "Weekly", words: `Week of ${formatLagosDate(starts.week)}` },
      month: { label: "Monthly", words: formatLagosMonthYear(starts.month) },
      year: { label: "Yearly", words: lagosDay(starts.year).slice(0, 4) },
    };
    for (const [query, period] of PERIOD_QUERIES) {
      const res = await dashboard(client, query);
      expect(res.status).toBe(200);
      const text = section(res.body);
      expect(text).toContain(expected[period].words);
      const listed = earners
        .filter((e) => e.at >= starts[period])
        .sort((a, b) => (a.amountKobo > b.amountKobo ? -1 : 1));
      expect(listed.length).toBeGreaterThan(0);
      // In rank order, each with its amount; the others are not listed.
      const pattern = listed.map((e, i) => `Rank ${i + 1} ${e.name} U[A-Z0-9]{8} ${e.amount}`).join(" ");
      expect(text).toMatch(new RegExp(pattern.replace(/[₦.,]/g, "\\$&")));
      for (const e of earners.filter((x) => !listed.includes(x))) expect(text).not.toContain(e.name);
      for (const [p, { label }] of Object.entries(expected)) {
        const tag = tabTag(res.body, label);
        expect(tag).toMatch(new RegExp(`href="/admin\\?period=${p}"`));
        if (p === period) expect(tag).toContain('aria-current="page"');
        else expect(tag).not.toContain("aria-current");
      }
    }
    // The week always holds the current instant's earner, and only the year the year's start.
    expect(section((await dashboard(client, "?period=year")).body)).toContain("Bisi Yearstart");
    expect(section((await dashboard(client)).body)).toContain("Nkechi Thisweek");
  });

  it("escapes a hostile member name", async () => {
    const hostile = `<img src=x onerror="alert('top')"><script>alert(1)</script>`;
    const user = await member(app.services.db, { name: hostile });
    await backdatedTransfer(app.services.db, { userId: user.id, amountKobo: 9_999_99n, at: new Date() });
    const { client } = await signInAdmin(app, ["view_reports"]);
    const res = await dashboard(client);
    expect(res.body).not.toContain("<img src=x");
    expect(res.body).not.toContain("<script>alert(1)</script>");
    expect(res.body).toContain("&lt;img src=x onerror=");
    // Shown as text, first with the most earned.
    expect(section(res.body)).toContain(`Rank 1 ${hostile.replaceAll("<", "&lt;").replaceAll(">", "&gt;")}`);
  });

  it("is shown to the super admin and hidden from an admin without view_reports", async () => {
    const superAdmin = app.client();
    await superAdmin.login(ROOT.email, ROOT.password);
    expect(section((await dashboard(superAdmin, "?period=month")).body)).toContain("Monthly");

    const { client: without } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "view_reports"),
    );
    for (const query of ["", "?period=month", "?period=year"]) {
      const res = await dashboard(without, query);
      expect(res.status).toBe(200);
      expect(pageText(res.body)).toContain("Quick Actions");
      expect(pageText(res.body)).not.toContain("Top Performers");
      expect(res.body).not.toContain("Nkechi Thisweek");
      expect(res.body).not.toContain("period=");
    }
  });
});
