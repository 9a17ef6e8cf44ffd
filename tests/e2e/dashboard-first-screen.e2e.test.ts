import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { advertAdmin, creditUser, member, postAdvert } from "~test/factories";
import { storeAdvertImage } from "~/domain/images/advert-images.server";
import { smallWebp } from "~test/images";
import {
  DESKTOP,
  expectFitsAndAccessible,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
} from "./support/browser";

/**
 * Earning first on a phone: at 360 px the dashboard's first screen is the figures (condensed) and
 * the first View Advert, before the chart, the referral card and the histories, which the page's
 * contents link down to. The page is read in the order it is shown (the DOM order), at every width.
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

/** A phone's first screen (issue 40): 360 × 760. */
const PHONE = { width: 360, height: 760 } as const;

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

  it("has the first View Advert on the first screen of a 360 × 760 phone, under the condensed figures", async () => {
    const admin = await advertAdmin(db());
    await postAdvert(db(), admin, { title: "Indomie Jollof Week" });
    // The newest advert, so the first card: a picture, a long title and a long description.
    const image = await storeAdvertImage(db(), admin.id, await smallWebp());
    if (image.status !== "ok") throw new Error(image.status);
    await postAdvert(db(), admin, {
      title: "Dangote Cement: Build with the Best, Bag after Bag",
      description: "Strong foundations for every Nigerian home, from Lagos to Kano. ".repeat(3),
      imageUrl: image.address,
    });
    const user = await member(db(), { name: "Oluwaseun Adebayo-Okonkwo" });
    await creditUser(db(), user.id, 12_345_600n);
    const { page } = await signedInPage(suite, user, PHONE);

    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const first = page.getByRole("button", { name: /^View Advert: / }).first();
    expect(await first.getAttribute("aria-label")).toBe(
      "View Advert: Dangote Cement: Build with the Best, Bag after Bag",
    );
    const box = (await first.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height, "the first View Advert's bottom").toBeLessThanOrEqual(PHONE.height);
    // The figures are above it, all five, condensed into one panel.
    for (const id of [
      "stat-total-earnings",
      "stat-available-balance",
      "stat-advert-clicks",
      "stat-referral-earnings",
      "stat-weekly-rank",
    ]) {
      const figure = (await page.getByTestId(id).boundingBox())!;
      expect(figure.y + figure.height, id).toBeLessThan(box.y);
    }
    expect(await page.getByTestId("stat-total-earnings").innerText()).toContain("₦123,456.00");
    // Its picture, as a thumbnail beside the title.
    const picture = page.getByTestId("advert-card").first().locator(`img[src="${image.address}"]`);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expectFitsAndAccessible(page, "dashboard-first-screen-360x760");
    await screenshot(page, "dashboard-first-screen-360x760-viewport", { fullPage: false });
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
