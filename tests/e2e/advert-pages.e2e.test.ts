import { describe, expect, it } from "vitest";
import { ADVERTS_PER_PAGE } from "~/components/dashboard/available-adverts";
import { advertAdmin, createUser, postAdvert } from "~test/factories";
import { horizontalOverflow, MOBILE, screenshot, setUpBrowserSuite, signedInPage } from "./support/browser";

/**
 * The Available Adverts grid a page at a time (tests/http/dashboard-advert-pages.test.ts covers
 * the server side, without JavaScript): "Show more adverts" from the keyboard adds the next page
 * and moves focus to the first new card's View Advert button; the icons come from the sprite.
 */
const suite = setUpBrowserSuite();

describe("Available Adverts, a page at a time", () => {
  it("Show more adverts from the keyboard adds a page and focuses its first card", async () => {
    const db = suite.app.services.db;
    const admin = await advertAdmin(db);
    const total = ADVERTS_PER_PAGE + 2;
    for (let i = 1; i <= total; i++) await postAdvert(db, admin, { title: `Paged advert ${i}` });
    const user = await createUser(db, { name: "Ngozi Paged", isApproved: true });
    const { page } = await signedInPage(suite, user, MOBILE);

    const cards = page.getByTestId("advert-card");
    await expect(cards.count()).resolves.toBe(ADVERTS_PER_PAGE);
    // The sprite's drawings are there (a <use> of a missing symbol has an empty box).
    await page.waitForFunction(() => {
      const use = document.querySelector<SVGUseElement>("[data-testid='advert-card'] svg use");
      return use !== null && use.getBBox().width > 0;
    });

    await page.getByRole("link", { name: "Show more adverts" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await cards.nth(total - 1).waitFor();
    await expect(cards.count()).resolves.toBe(total);
    const firstNew = `View Advert: Paged advert ${total - ADVERTS_PER_PAGE}`;
    await page.waitForFunction((name) => document.activeElement?.getAttribute("aria-label") === name, firstNew);
    await expect(page.getByRole("link", { name: "Show more adverts" }).count()).resolves.toBe(0);

    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    await screenshot(page, "dashboard-more-adverts-360");
  });
});
