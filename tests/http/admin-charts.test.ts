import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureUserAccounts, platformAccountId } from "~/domain/ledger/accounts.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { formatLagosDate } from "~/lib/lagos-time";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { signInAdmin } from "~test/sign-in";
import { member } from "~test/factories";
import { backdatedTransfer, postTransferAt } from "~test/ledger";

const ROOT = { email: "root@admin-charts.test", password: "admin-charts-super-admin" };
const HOSTILE = `<img src=x onerror="alert('chart')"><script>alert(1)</script>`;
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password } });
});
afterAll(async () => app?.close());

/** The text of one chart's section: from its heading to the next chart's (or the card's end). */
function chartText(html: string, id: string): string {
  const from = html.indexOf(`data-testid="platform-chart-${id}"`);
  if (from < 0) return "";
  const to = html.indexOf(`data-testid="platform-chart-`, from + 1);
  return pageText(html.slice(html.lastIndexOf("<section", from), to < 0 ? html.indexOf("Quick Actions", from) : to));
}

/**
 * The statements the database driver is sent while `fn` runs (the driver's own `query`, watched:
 * the app's code is not replaced).
 */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const client = (app.services.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    seen.push(typeof q === "string" ? q : String((q as { text?: string }).text ?? ""));
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return seen;
}

/** The charts' read: the ledger's daily totals by day (Earnings Distributed reads them without days). */
const DAILY_FIGURES = /"ledger_daily_totals"\."day"/;

describe("The last 30 days on /admin", () => {
  it("shows the four charts with their totals and their figures to an admin who may view reports", async () => {
    const db = app.services.db;
    // Three days ago at noon UTC: well inside a Lagos day, whatever the hour of the run.
    const at = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    at.setUTCHours(12, 0, 0, 0);
    const earner = await member(db, { name: HOSTILE });
    await member(db);
    await backdatedTransfer(db, { userId: earner.id, amountKobo: 1_250_00n, at });
    await backdatedTransfer(db, { userId: earner.id, amountKobo: 300_50n, at, kind: "referral_reward" });
    await backdatedTransfer(db, { userId: earner.id, amountKobo: 1_000_00n, at, kind: "withdrawal_hold" });
    const { heldId } = await ensureUserAccounts(db, earner.id);
    await postTransferAt(db, {
      kind: "withdrawal_payout",
      debitAccountId: heldId,
      creditAccountId: await platformAccountId(db, "bank_payouts"),
      amountKobo: 950_00n,
      at,
    });
    const { client } = await signInAdmin(app, ["view_reports"]);
    let body = "";
    const statements = await statementsDuring(async () => {
      const res = await client.get("/admin");
      expect(res.status).toBe(200);
      body = res.body;
    });
    expect(statements.some((s) => DAILY_FIGURES.test(s))).toBe(true);
    const text = pageText(body);
    // Below Top Performers, above Quick Actions.
    expect(text.indexOf("Last 30 days")).toBeGreaterThan(text.indexOf("Top Performers"));
    expect(text.indexOf("Last 30 days")).toBeLessThan(text.indexOf("Quick Actions"));
    const day = formatLagosDate(at);
    const expected = [
      ["advert-rewards", "Advert rewards paid", "₦1,250.00", "Paid"],
      ["referral-rewards", "Referral rewards paid", "₦300.50", "Paid"],
      ["withdrawals-completed", "Withdrawals completed", "₦950.00", "Paid out"],
      ["new-members", "New members", "2", "Joined"], // the two members; the admins are staff
    ] as const;
    for (const [id, title, total, heading] of expected) {
      const chart = chartText(body, id);
      expect(chart).toContain(`${title} ${total} in the last 30 days`);
      // The text alternative: the table of figures, 30 days, this one's figure on its day.
      expect(chart).toContain(`Show the figures ${title}, last 30 days, by day Day ${heading}`);
      expect(chart.match(/\d{1,2} [A-Z][a-z]{2} \d{4} (₦[\d,]+\.\d\d|\d+)/g)).toHaveLength(30); // its rows
      if (id !== "new-members") expect(chart).toContain(`${day} ${total}`);
      if (id !== "new-members") expect(chart).toContain(`${day}: ${total}`); // the bar's name
    }
    expect(body.match(/data-testid="bar-chart-table"/g)).toHaveLength(4);
    // Members' names are never raw HTML on the page.
    expect(body).not.toContain("<img src=x");
    expect(body).not.toContain("<script>alert(1)</script>");
  });

  it("is shown to the super admin, and hidden and not queried without view_reports", async () => {
    const superAdmin = app.client();
    await superAdmin.login(ROOT.email, ROOT.password);
    expect(chartText((await superAdmin.get("/admin")).body, "new-members")).toContain("New members");

    const { client: without } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "view_reports"),
    );
    let body = "";
    const statements = await statementsDuring(async () => {
      const res = await without.get("/admin");
      expect(res.status).toBe(200);
      body = res.body;
    });
    expect(pageText(body)).toContain("Quick Actions");
    expect(pageText(body)).not.toContain("Last 30 days");
    expect(body).not.toContain("platform-chart");
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((s) => DAILY_FIGURES.test(s))).toEqual([]);
  });
});
