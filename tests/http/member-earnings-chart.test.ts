import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARNINGS_CHART_TITLE, NO_RECENT_EARNINGS_TEXT } from "~/components/dashboard/earnings-chart";
import { ensureUserAccounts, platformAccountId } from "~/domain/ledger/accounts.server";
import type { Kobo } from "~/domain/shared/money";
import { formatLagosDate, lagosDayStart, lagosDaysEnding } from "~/lib/lagos-time";
import { pageText, startTestApp, type HttpClient, type TestApp } from "~test/app";
import { member } from "~test/factories";
import { postTransferAt } from "~test/ledger";

/**
 * The dashboard's "Earnings, last 14 days" card: an SVG bar chart drawn on the server, with the
 * figures in its text alternative (a table), and the empty state when nothing was earned.
 */
let app: TestApp;
let earner: HttpClient;
let idle: HttpClient;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The dashboard's script budget (gzip), as scripts/bench checks it (TARGETS.dashboardJsBytes). */
const DASHBOARD_JS_BUDGET = 160 * 1024;
const HOSTILE_NAME = `<script>alert("x")</script> & "Ada" <b>`;

async function rewardAt(userId: string, amountKobo: Kobo, at: Date, kind: "advert_reward" | "referral_reward") {
  const db = app.services.db;
  const { availableId } = await ensureUserAccounts(db, userId);
  const platform = await platformAccountId(db, kind === "advert_reward" ? "advert_rewards" : "referral_rewards");
  await postTransferAt(db, { kind, debitAccountId: platform, creditAccountId: availableId, amountKobo, at });
}

/** The earnings card's HTML: from its section tag to the section's end. */
function chartCard(html: string): string {
  const match = /<section[^>]*data-testid="earnings-chart"[^>]*>[\s\S]*?<\/section>/.exec(html);
  if (!match) throw new Error("no earnings chart card on the page");
  return match[0];
}

const days = () => lagosDaysEnding(new Date(), 14);

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  const user = await member(db, { name: HOSTILE_NAME });
  // Just before now, but never before today's Lagos midnight.
  const now = Math.max(Date.now(), lagosDayStart(days()[13]!).getTime() + 60_000);
  // Today: an advert reward and a referral reward; three days ago (at its Lagos noon): one advert reward.
  await rewardAt(user.id, 1_234_56n, new Date(now - 60_000), "advert_reward");
  await rewardAt(user.id, 500_00n, new Date(now - 30_000), "referral_reward");
  await rewardAt(
    user.id,
    25_00n,
    new Date(lagosDayStart(days()[10]!).getTime() + 12 * 60 * 60 * 1000),
    "advert_reward",
  );
  // Twenty days ago: outside the chart.
  await rewardAt(user.id, 999_00n, new Date(now - 20 * DAY_MS), "advert_reward");
  earner = app.client();
  await earner.login(user.email, user.password);
  const nobody = await member(db);
  idle = app.client();
  await idle.login(nobody.email, nobody.password);
});
afterAll(async () => app?.close());

describe("the dashboard's earnings chart", () => {
  it("draws one focusable, named bar per day as SVG, the y-axis from zero to the best day", async () => {
    const res = await earner.get("/dashboard");
    expect(res.status).toBe(200);
    const card = chartCard(res.body);
    expect(pageText(card)).toContain(EARNINGS_CHART_TITLE);
    expect(card).toMatch(/<svg[^>]*role="group"[^>]*aria-label="Earnings, last 14 days, by day"/);
    const bars = [...card.matchAll(/<g role="img" aria-label="([^"]*)" tabindex="0"[^>]*data-testid="bar"/g)].map(
      (m) => m[1],
    );
    expect(bars).toHaveLength(14);
    const today = formatLagosDate(lagosDayStart(days()[13]!));
    const threeDaysAgo = formatLagosDate(lagosDayStart(days()[10]!));
    expect(bars[13]).toBe(`${today}: ₦1,734.56`);
    expect(bars[10]).toBe(`${threeDaysAgo}: ₦25.00`);
    expect(bars.filter((b) => b!.endsWith(": ₦0.00"))).toHaveLength(12);
    // Each bar's <title> gives the browser's own tooltip, without JavaScript.
    expect(card).toContain(`<title>${today}: ₦1,734.56</title>`);
    expect(card).toMatch(/data-testid="y-max"[^>]*>₦1,734.56<\/text>/);
    // Brand green bars, no chart script.
    expect(card).toMatch(/<rect[^>]*class="fill-brand-600/);
    expect(card).not.toMatch(/<script/);
  });

  it("has the figures in its text alternative, a table of every day", async () => {
    const res = await earner.get("/dashboard");
    const table = /<table[^>]*data-testid="bar-chart-table"[^>]*>[\s\S]*?<\/table>/.exec(chartCard(res.body))?.[0];
    expect(table).toBeDefined();
    const text = pageText(table!);
    expect(text).toContain("Earnings, last 14 days, by day Day Earned");
    for (const day of days()) expect(text).toContain(formatLagosDate(lagosDayStart(day)));
    expect(text).toContain(`${formatLagosDate(lagosDayStart(days()[13]!))} ₦1,734.56`);
    expect(text).toContain(`${formatLagosDate(lagosDayStart(days()[10]!))} ₦25.00`);
    // The reward from twenty days ago is in no figure.
    expect(pageText(chartCard(res.body))).not.toContain("999");
    expect(pageText(chartCard(res.body))).toContain("₦1,759.56 from adverts and referrals");
  });

  it("escapes nothing raw: the member's name stays text, and the figures are plain text", async () => {
    const res = await earner.get("/dashboard");
    expect(res.body).not.toContain(HOSTILE_NAME);
    expect(res.body).not.toContain(`<script>alert("x")</script>`);
    expect(res.body).not.toContain("<b>");
    expect(res.body).toContain(
      "Welcome, <!-- -->&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Ada&quot; &lt;b&gt;",
    );
    const card = chartCard(res.body);
    // No double escaping and no markup inside the figures.
    expect(card).not.toMatch(/&amp;(amp|lt|gt|#)/);
    expect(card).not.toContain("dangerouslySetInnerHTML");
  });

  it("says so when nothing was earned in the last 14 days, with no chart", async () => {
    const res = await idle.get("/dashboard");
    expect(res.status).toBe(200);
    const card = chartCard(res.body);
    expect(pageText(card)).toContain(NO_RECENT_EARNINGS_TEXT);
    expect(card).not.toContain("<svg");
    // The other cards are still there, in their place.
    expect(res.body.indexOf('data-testid="stat-total-earnings"')).toBeLessThan(
      res.body.indexOf('data-testid="earnings-chart"'),
    );
  });

  it("keeps the dashboard's JavaScript within its budget: the chart needs no script of its own", async () => {
    const res = await earner.get("/dashboard");
    const scripts = new Set<string>();
    for (const m of res.body.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) scripts.add(m[1]!);
    for (const m of res.body.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
      for (const i of m[1]!.matchAll(/import\s*(?:[^"'();]*?\sfrom\s*)?\(?\s*["']([^"']+\.js)["']/g))
        scripts.add(i[1]!);
    }
    expect(scripts.size).toBeGreaterThan(0);
    let gzip = 0;
    for (const src of scripts) {
      const body = await earner.get(src);
      expect(body.status, src).toBe(200);
      gzip += gzipSync(body.body).length;
    }
    expect(gzip).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET);
    // No chart library among them.
    expect([...scripts].filter((s) => /recharts|d3-|visx|chart\.js|apexcharts|echarts/i.test(s))).toEqual([]);
    console.info(`dashboard JS: ${scripts.size} files, ${(gzip / 1024).toFixed(1)} KB gzip`);
  });
});
