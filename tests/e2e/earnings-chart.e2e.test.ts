import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureUserAccounts, platformAccountId } from "~/domain/ledger/accounts.server";
import type { Kobo } from "~/domain/shared/money";
import { lagosDayStart, lagosDaysEnding } from "~/lib/lagos-time";
import { member } from "~test/factories";
import { postTransferAt } from "~test/ledger";
import {
  DESKTOP,
  expectFitsAndAccessible,
  hueOf,
  MOBILE,
  SCREENSHOT_DIR,
  setUpBrowserSuite,
  signedInPage,
} from "./support/browser";

/**
 * The dashboard's "Earnings, last 14 days" chart in a browser: readable at 360 px (a few axis
 * labels, no sideways scrolling) and at 1280 px (every label), accessible, a bar's figure shown
 * when it is focused, and its table of figures.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;
let earner: { email: string; password: string };

async function rewardOn(userId: string, daysAgo: number, amountKobo: Kobo) {
  const days = lagosDaysEnding(new Date(), 14);
  const start = lagosDayStart(days[13 - daysAgo]!).getTime();
  // Lagos 09:00 that day, or a minute ago today if that is earlier.
  const at = new Date(daysAgo === 0 ? Math.max(start, Date.now() - 60_000) : start + 9 * 60 * 60 * 1000);
  const { availableId } = await ensureUserAccounts(db(), userId);
  const platform = await platformAccountId(db(), "advert_rewards");
  await postTransferAt(db(), {
    kind: "advert_reward",
    debitAccountId: platform,
    creditAccountId: availableId,
    amountKobo,
    at,
  });
}

beforeAll(async () => {
  const user = await member(db(), { name: "Ngozi Chart" });
  for (const [daysAgo, kobo] of [
    [0, 12_345_67n],
    [1, 2_500_00n],
    [3, 25_00n],
    [6, 8_000_00n],
    [9, 1n],
    [13, 4_321_00n],
  ] as const) {
    await rewardOn(user.id, daysAgo, kobo);
  }
  earner = user;
});

const card = (page: Page) => page.getByRole("region", { name: "Earnings, last 14 days" });
const visibleAxisLabels = (page: Page) =>
  card(page)
    .locator("svg g[data-testid='bar'] text[aria-hidden='true']")
    .evaluateAll((els) => els.filter((el) => getComputedStyle(el).display !== "none").map((el) => el.textContent));

describe("the earnings chart", () => {
  it("fits a 360 px phone with a few axis labels, and shows a bar's figure when it is focused", async () => {
    const { page } = await signedInPage(suite, earner, MOBILE);
    const chart = card(page).getByRole("group", { name: "Earnings, last 14 days, by day" });
    await chart.waitFor();
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    expect(await visibleAxisLabels(page)).toHaveLength(4);
    expect(await card(page).getByTestId("y-max").textContent()).toBe("₦12,345.67");
    // Brand green bars.
    const bar = card(page).locator("rect.fill-brand-600").first();
    const fill = await bar.evaluate((el) => getComputedStyle(el).fill);
    const rgb = fill.match(/\d+/g)!.slice(0, 3).map(Number) as [number, number, number];
    expect(hueOf(rgb)).toBeGreaterThan(120);
    expect(hueOf(rgb)).toBeLessThan(170);

    const today = card(page).getByTestId("bar").last();
    const figure = today.getByTestId("bar-value");
    expect(await figure.isVisible()).toBe(false);
    await today.focus();
    await figure.waitFor({ state: "visible" });
    expect(await figure.textContent()).toMatch(/: ₦12,345\.67$/);
    await card(page).screenshot({ path: path.join(SCREENSHOT_DIR, "earnings-chart-360-card.png") });
    await expectFitsAndAccessible(page, "earnings-chart-360");

    // Tab moves to the next bar, whose figure then shows.
    const bars = card(page).getByTestId("bar");
    await bars.nth(0).focus();
    await page.keyboard.press("Tab");
    expect(await bars.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await bars.nth(1).getByTestId("bar-value").isVisible()).toBe(true);

    // The table of figures, opened.
    await card(page).getByText("Show the figures").click();
    const table = card(page).getByRole("table", { name: "Earnings, last 14 days, by day" });
    await table.waitFor();
    expect(await table.getByRole("row").count()).toBe(15);
    expect(await table.innerText()).toContain("₦4,321.00");
    await expectFitsAndAccessible(page, "earnings-chart-360-table");
  });

  it("shows every axis label at 1280 px", async () => {
    const { page } = await signedInPage(suite, earner, DESKTOP);
    await card(page).getByRole("group", { name: "Earnings, last 14 days, by day" }).waitFor();
    expect(await visibleAxisLabels(page)).toHaveLength(14);
    const bar = card(page).getByTestId("bar").nth(7);
    await bar.hover();
    expect(await bar.getByTestId("bar-value").isVisible()).toBe(true);
    await card(page).screenshot({ path: path.join(SCREENSHOT_DIR, "earnings-chart-1280-card.png") });
    await expectFitsAndAccessible(page, "earnings-chart-1280");
  });

  it("is drawn without JavaScript, each bar with its <title> tooltip", async () => {
    const { page } = await signedInPage(suite, earner, MOBILE, { javaScript: false });
    const titles = await card(page).locator("svg g[data-testid='bar'] > title").allTextContents();
    expect(titles).toHaveLength(14);
    expect(titles[13]).toMatch(/: ₦12,345\.67$/);
    expect(titles[4]).toMatch(/: ₦0\.01$/);
    // The figure on focus is CSS: it shows before (or without) the page's script too.
    const today = card(page).getByTestId("bar").last();
    await today.focus();
    expect(await today.getByTestId("bar-value").isVisible()).toBe(true);
  });
});
