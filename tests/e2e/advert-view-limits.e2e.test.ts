import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { appSettings, membershipTiers } from "~/db/schema";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import type { Actor } from "~/domain/audit/audit.server";
import { advertAdmin, longAgo, member, postAdvert } from "~test/factories";
import {
  DESKTOP,
  dismissToast,
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
 * show as unavailable today with the reason, when the limit resets and what an upgrade raises it
 * to, before anyone presses View Advert; and a view ended by opening another advert says so on its
 * page (when it is claimed, with and without JavaScript, or when its tab is seen again) and offers
 * View again.
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

/** The advert's page after its view ended: it says why, and offers View again. */
async function expectViewAgain(page: Page, title: string) {
  const ended = page.getByTestId("view-ended");
  await ended.waitFor();
  expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(title);
  expect((await ended.innerText()).replace(/\s+/g, " ")).toContain(
    "View Ended You opened another advert, so this view ended. You can view one advert at a time, so its countdown was lost.",
  );
  await page.getByRole("button", { name: "View again" }).waitFor();
}

/** The advert's page with a view in progress: its countdown and Claim Reward. */
async function expectViewing(page: Page, title: string) {
  await page.waitForURL((url) => url.pathname.startsWith("/adverts/") && !url.searchParams.has("ended"));
  await page.getByRole("heading", { name: title }).waitFor();
  await page.getByRole("button", { name: "Claim Reward" }).waitFor();
  expect(await page.getByRole("button", { name: "View again" }).count()).toBe(0);
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
      const [bronze] = await db().select().from(membershipTiers).where(eq(membershipTiers.id, "bronze"));
      // When it resets, and what an upgrade to the next tier raises it to (its live limit).
      expect((await reason.innerText()).replace(/\s+/g, " ")).toBe(
        `Daily limit reached — come back tomorrow. You have viewed 5 of 5 adverts today. Your limit resets at midnight, Lagos time; until then these adverts are unavailable. Upgrade to ${bronze!.name} to view up to ${bronze!.dailyAdViews} adverts a day.`,
      );
      expect(await reason.getByRole("link", { name: `Upgrade to ${bronze!.name}` }).getAttribute("href")).toBe(
        "/membership/upgrade",
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
    // Back on the advert's page, which says so and offers to view it again.
    await page.waitForURL((url) => url.searchParams.get("ended") === "1");
    await expectViewAgain(page, first);
    await dismissToast(page);
    await expectFitsAndAccessible(page, "advert-view-ended-mobile");
    await page.getByRole("button", { name: "View again" }).click();
    await expectViewing(page, first);
  });

  it("a view ended in another tab is found when its tab is seen again, and offers View again", async () => {
    await db().update(appSettings).set({ advertDwellSeconds: 30 });
    try {
      const [first, second] = await twoNewAdverts("seen again");
      const viewer = await member(db());
      const { page, context } = await signedInPage(suite, viewer, DESKTOP);
      await open(page, first);
      const other = await context.newPage();
      await other.goto("/dashboard");
      await open(other, second);
      // The first tab's next report of what the member sees finds no view of it in progress.
      await page.waitForURL((url) => url.searchParams.get("ended") === "1", { timeout: 15_000 });
      await expectViewAgain(page, first);
      await expectFitsAndAccessible(page, "advert-view-ended-desktop");
      await other.close();
    } finally {
      await db().update(appSettings).set({ advertDwellSeconds: 1 });
    }
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
    await page.waitForURL((url) => url.searchParams.get("ended") === "1");
    await expectViewAgain(page, first);
    await screenshot(page, "advert-view-ended-no-js-desktop");
    // View again is a form post: a new view, its countdown from the start.
    await page.getByRole("button", { name: "View again" }).click();
    await expectViewing(page, first);
  });
});
