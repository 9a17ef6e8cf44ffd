import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { advertAdmin, creditUser, member, postAdvert } from "~test/factories";
import { DESKTOP, expectFitsAndAccessible, MOBILE, setUpBrowserSuite, signedInPage } from "./support/browser";

/**
 * Earning first on a phone: at 360 px the dashboard's first screen is the figures and the
 * adverts, before the chart, the referral card and the histories, which the page's contents link
 * down to. The page is read in the order it is shown (the DOM order), at every width.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

async function earner() {
  const admin = await advertAdmin(db());
  await postAdvert(db(), admin, { title: "Indomie Jollof Week" });
  await postAdvert(db(), admin, { title: "MTN Data Bonanza" });
  const user = await member(db(), { name: "Funke Akindele" });
  await creditUser(db(), user.id, 125_000n);
  return user;
}

/** The top of a heading on the page (not the screen), in CSS pixels. */
const topOf = (page: Page, name: string) =>
  page.getByRole("heading", { name, exact: true }).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

describe("the dashboard's first screen", () => {
  it("shows the figures and Available Adverts before the chart on a 360 px phone, with links down", async () => {
    const { page } = await signedInPage(suite, await earner(), MOBILE);
    const adverts = await topOf(page, "Available Adverts");
    const chart = await topOf(page, "Earnings, last 14 days");
    const referral = await topOf(page, "Your Referral Link");
    const history = await topOf(page, "Withdrawal history");
    expect(adverts).toBeLessThan(chart);
    expect(adverts).toBeLessThan(referral);
    expect(adverts).toBeLessThan(history);
    // Within the first two screens: the figures above, then the adverts.
    expect(adverts).toBeLessThan(2 * MOBILE.height);
    const figures = await page
      .getByTestId("stat-total-earnings")
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(figures).toBeLessThan(adverts);

    // The contents, read (and tabbed) in the order shown: before the adverts, links to the rest.
    const contents = page.getByRole("navigation", { name: "On this page" });
    expect(await contents.getByRole("link").allInnerTexts()).toEqual([
      "Earnings chart",
      "Referrals",
      "Messages",
      "Withdrawal history",
      "Achievements",
    ]);
    const order = await page.evaluate(() => {
      const nav = document.querySelector("[data-testid='dashboard-contents']")!;
      const heading = document.getElementById("available-adverts-title")!;
      const chart = document.getElementById("earnings-chart-title")!;
      return {
        navBeforeAdverts: Boolean(nav.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING),
        advertsBeforeChart: Boolean(heading.compareDocumentPosition(chart) & Node.DOCUMENT_POSITION_FOLLOWING),
      };
    });
    expect(order).toEqual({ navBeforeAdverts: true, advertsBeforeChart: true });
    await expectFitsAndAccessible(page, "dashboard-first-screen-360");

    await contents.getByRole("link", { name: "Withdrawal history" }).click();
    await page.waitForURL((url) => url.hash === "#history");
    // Scrolled down to it: the heading is on the screen now.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(history - MOBILE.height);
    const onScreen = await page
      .getByRole("heading", { name: "Withdrawal history", exact: true })
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(onScreen).toBeGreaterThanOrEqual(0);
    expect(onScreen).toBeLessThan(MOBILE.height);
  });

  it("keeps the adverts under the figures at 1280 px, the small cards side by side", async () => {
    const { page } = await signedInPage(suite, await earner(), DESKTOP);
    const adverts = await topOf(page, "Available Adverts");
    expect(adverts).toBeLessThan(await topOf(page, "Earnings, last 14 days"));
    // Referral link, messages and the notice board in one row.
    const referral = await topOf(page, "Your Referral Link");
    expect(Math.abs(referral - (await topOf(page, "Messages")))).toBeLessThan(2);
    await expectFitsAndAccessible(page, "dashboard-first-screen-1280");
  });
});
