import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { appSettings } from "~/db/schema";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import type { Actor } from "~/domain/audit/audit.server";
import { advertAdmin, longAgo, member, postAdvert } from "~test/factories";
import {
  DESKTOP,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
} from "./support/browser";
import { claimAnswering } from "~test/claims";

/**
 * The limits on viewing adverts, as the member meets them: at the daily limit the adverts left
 * show as unavailable today with the reason, before anyone presses View Advert; and a view ended
 * by opening another advert says so when its page is claimed, with and without JavaScript.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;
const TITLES = ["Glo Unlimited Weekend", "Peak Milk Family Pack", "Jumia Black Friday"];
let admin: Actor;

beforeAll(async () => {
  await db().update(appSettings).set({ advertDwellSeconds: 1 });
  admin = await advertAdmin(db());
  for (const title of TITLES) await postAdvert(db(), admin, { title, imageUrl: null });
});

const viewButton = (page: Page, title: string) => page.getByRole("button", { name: `View Advert: ${title}` });

/** Two adverts posted now, so at the top of the dashboard's list (newest first): their titles. */
async function twoNewAdverts(label: string): Promise<[string, string]> {
  const titles: [string, string] = [`First advert ${label}`, `Second advert ${label}`];
  for (const title of titles) await postAdvert(db(), admin, { title, imageUrl: null });
  return titles;
}

/** View Advert on the dashboard, to the advert's page. */
async function open(page: Page, title: string) {
  await viewButton(page, title).click();
  await page.waitForURL((url) => url.pathname.startsWith("/adverts/"));
  await page.getByRole("heading", { name: title }).waitFor();
}

describe("viewing adverts within the limits", () => {
  it.each([
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ] as const)(
    "at the daily limit, the adverts left are unavailable today, and the page says why (%s)",
    async (name, viewport) => {
      const basic = await member(db()); // Basic: 5 adverts a day
      for (let i = 0; i < 5; i++) {
        const advertId = await postAdvert(db(), admin, { title: `Seen today ${name} ${i}` });
        expect((await startAdvertView(db(), basic.id, advertId, longAgo())).status).toBe("ok");
        expect((await claimAnswering(db(), basic.id, advertId)).status).toBe("ok");
      }
      const { page } = await signedInPage(suite, basic, viewport);

      const reason = page.getByTestId("daily-limit-reached");
      expect((await reason.innerText()).replace(/\s+/g, " ")).toBe(
        "Daily limit reached — come back tomorrow. You have viewed 5 of 5 adverts today; these adverts are unavailable until tomorrow.",
      );
      for (const title of TITLES) {
        expect(await viewButton(page, title).count(), title).toBe(0);
        const unavailable = page.getByRole("button", { name: `Unavailable today: ${title}` });
        expect(await unavailable.isDisabled(), title).toBe(true);
        expect(await unavailable.getAttribute("aria-describedby")).toBe("daily-limit-reached");
      }
      await expectFitsAndAccessible(page, `dashboard-daily-limit-${name}`);
    },
  );

  it("a claim from a page whose view another advert ended says so (with JavaScript)", async () => {
    const [first, second] = await twoNewAdverts("with JavaScript");
    const viewer = await member(db());
    const { page, context } = await signedInPage(suite, viewer, MOBILE);
    await open(page, first);

    // Another advert opened in a second tab ends this view.
    const other = await context.newPage();
    await other.goto("/dashboard");
    await open(other, second);
    await other.close();

    await page.getByTestId("countdown").filter({ hasText: "You can now claim your reward." }).waitFor();
    await page.getByRole("button", { name: "Claim Reward" }).click();
    const toast = await expectToast(page, "View Ended", {
      message: "You opened another advert, so this view ended.",
      variant: "error",
    });
    expect(await toast.innerText()).not.toContain("Keep Watching");
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await expectFitsAndAccessible(page, "dashboard-view-ended-mobile");
  });

  it("a claim from a page whose view another advert ended says so (without JavaScript)", async () => {
    const [first, second] = await twoNewAdverts("without JavaScript");
    const viewer = await member(db());
    const { page, context } = await signedInPage(suite, viewer, DESKTOP, { javaScript: false });
    await open(page, first);

    const other = await context.newPage();
    await other.goto("/dashboard");
    await open(other, second);
    await other.close();

    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the dwell time, as the member would wait
    await page.getByRole("button", { name: "Claim Reward" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    const notice = page.getByTestId("advert-notice");
    expect((await notice.innerText()).replace(/\s+/g, " ").trim()).toBe(
      "View Ended You opened another advert, so this view ended.",
    );
    expect(await notice.getAttribute("role")).toBe("alert");
    await screenshot(page, "dashboard-view-ended-no-js-desktop");
  });
});
