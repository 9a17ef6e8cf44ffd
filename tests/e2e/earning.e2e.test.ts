import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { advertViews, appSettings } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { payReferralReward } from "~/domain/referrals/money.server";
import { advertAdmin, createUser, postAdvert, recordReferral } from "~test/factories";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
  visit,
} from "./support/browser";

/**
 * Earning from an advert end to end (the member dashboard, the advert's states and dwell time,
 * the Account Not Approved and Reward Earned! toasts): an admin's advert with one slot, a pending member
 * refused, an approved member who watches the countdown and claims, and a second member for whom
 * the advert is gone. The dwell time is 2 s (app_settings) to keep it quick. The tests run in order.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;
const EMPTY = "No available adverts at the moment. Check back later!";
const ONE_SLOT = {
  title: "Dangote Cement: Build with the Best",
  description: "Strong foundations for every Nigerian home.",
  rewardKobo: 1_234n,
  maxClicks: 1,
};

let admin: Actor;
let oneSlotAdvert = "";

beforeAll(async () => {
  await db().update(appSettings).set({ advertDwellSeconds: 2 });
  admin = await advertAdmin(db());
  oneSlotAdvert = await postAdvert(db(), admin, { ...ONE_SLOT, imageUrl: null });
});

const pathname = (page: Page) => new URL(page.url()).pathname;
const viewButton = (page: Page, title: string) => page.getByRole("button", { name: `View Advert: ${title}` });
const statValue = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).locator("p").first().innerText()).trim();

async function approvedMember(name: string) {
  return createUser(db(), { name, isApproved: true });
}

/**
 * The attention check that Claim Reward brings once the countdown has ended: picks the advert's
 * title (by its label, as a member reads it) and presses the check's Claim Reward.
 */
async function answerWithTitle(page: Page, title: string) {
  const check = page.getByTestId("attention-check");
  await check.waitFor();
  await check.getByRole("radio", { name: title, exact: true }).check();
  await check.getByRole("button", { name: "Claim Reward" }).click();
}

/**
 * View Advert → the advert page with a running countdown → Claim Reward once it is enabled →
 * the advert's title at the attention check.
 */
async function viewAndClaim(page: Page, title: string, screenshotName: string) {
  await viewButton(page, title).click();
  await page.waitForURL((url) => url.pathname.startsWith("/adverts/"));
  await page.getByRole("heading", { name: title }).waitFor();
  const claim = page.getByRole("button", { name: "Claim Reward" });
  await page
    .getByTestId("countdown")
    .filter({ hasText: /Keep viewing for [12] seconds?/ })
    .waitFor();
  expect(await claim.isDisabled()).toBe(true);
  await expectFitsAndAccessible(page, screenshotName);
  await page.getByTestId("countdown").filter({ hasText: "You can now claim your reward." }).waitFor();
  await claim.click(); // waits for it to be enabled
  await answerWithTitle(page, title);
  await page.waitForURL((url) => url.pathname === "/dashboard");
}

describe("earning from adverts", () => {
  it("refuses a pending member who presses View Advert with Account Not Approved", async () => {
    const pending = await createUser(db(), { name: "Chidi Pending", isApproved: false });
    const { page } = await signedInPage(suite, pending, MOBILE);
    await page.getByTestId("pending-approval").waitFor();
    await viewButton(page, ONE_SLOT.title).click();
    const message = "Your account needs to be approved by an admin to interact with adverts.";
    await expectToast(page, "Account Not Approved", { message, variant: "error" });
    expect(pathname(page)).toBe("/dashboard");
    expect(await page.getByTestId("advert-notice").innerText()).toContain(message);
    expect(await statValue(page, "stat-total-earnings")).toBe("₦0.00");
  });

  it("lets an approved member watch the countdown, claim, and see Reward Earned! and the new Total Earnings", async () => {
    const ada = await approvedMember("Adaeze Okonkwo");
    const { page } = await signedInPage(suite, ada, DESKTOP);
    expect(await statValue(page, "stat-total-earnings")).toBe("₦0.00");
    expect(await statValue(page, "stat-weekly-rank")).toBe("Unranked");
    await page.getByText("Complete more actions to unlock achievements!").waitFor();
    expect(await page.getByTestId("advert-card").filter({ hasText: ONE_SLOT.title }).innerText()).toContain(
      "Reward: ₦12.34",
    );

    await viewAndClaim(page, ONE_SLOT.title, "advert-view-1280");
    await expectToast(page, "Reward Earned!", {
      message: "You earned ₦12.34 for viewing this advert.",
      variant: "success",
    });
    expect(await statValue(page, "stat-total-earnings")).toBe("₦12.34");
    expect(await statValue(page, "stat-advert-clicks")).toBe("1");
    expect(await page.getByTestId("daily-views").innerText()).toContain("1 / 5");
    await page.getByText(EMPTY).waitFor();
    expect(await viewButton(page, ONE_SLOT.title).count()).toBe(0);
    await screenshot(page, "dashboard-earning-1280");

    // The earning shows on the profile too.
    await visit(page, "/profile");
    const history = await page.getByTestId("earnings-history").innerText();
    expect(history).toContain(`Advert: ${ONE_SLOT.title}`);
    expect(history).toContain("₦12.34");
  });

  it.each([
    ["360", MOBILE],
    ["1280", DESKTOP],
  ] as const)(
    "the profile's earnings history lists referral rewards too: never No earnings yet beside a total (%s px)",
    async (width, viewport) => {
      // A member who has earned only by referring: their friend's first upgrade was approved.
      const referrer = await approvedMember(`Kemi Referrer ${width}`);
      const friend = await approvedMember(`Bola Friend ${width}`);
      const referralId = await recordReferral(db(), referrer, friend.id);
      await db().transaction((tx) => payReferralReward(tx, { id: referralId, referrerId: referrer.id }, 400_00n));
      const { page } = await signedInPage(suite, referrer, viewport);
      await visit(page, "/profile");

      const main = page.locator("main");
      expect(await main.innerText()).toMatch(/Total earnings\s+₦400\.00/);
      expect(await main.innerText()).not.toContain("No earnings yet");
      const rows = page.getByTestId(width === "360" ? "earnings-history-cards" : "earnings-history");
      const history = (await rows.innerText()).replace(/\s+/g, " ");
      expect(history).toContain(`Referral: Bola Friend ${width}`);
      expect(history).toContain("₦400.00");
      const statement = page.getByRole("link", { name: "See your full statement" }).last();
      expect(await statement.getAttribute("href")).toBe("/statement");
      await page.getByRole("heading", { name: "Earnings history" }).scrollIntoViewIfNeeded();
      await expectFitsAndAccessible(page, `profile-earnings-history-${width}`);
    },
  );

  it("no longer offers the full advert to another member, who earns from the next one on a phone", async () => {
    const bayo = await approvedMember("Bayo Adeyemi");
    const { page } = await signedInPage(suite, bayo, MOBILE);
    await page.getByText(EMPTY).waitFor();
    expect(await viewButton(page, ONE_SLOT.title).count()).toBe(0);

    await postAdvert(db(), admin, {
      title: "MTN Data Bonanza",
      description: "Double data on every recharge this weekend. Dial *131# to join.",
      rewardKobo: 2_500n,
      maxClicks: 50,
      imageUrl: null,
    });
    await postAdvert(db(), admin, {
      title: "Indomie Jollof Flavour",
      description: "The taste of Saturday jollof in five minutes.",
      rewardKobo: 1_500n,
      maxClicks: 50,
      imageUrl: null,
    });
    await visit(page, "/dashboard");
    await viewAndClaim(page, "Indomie Jollof Flavour", "advert-view-360");
    await expectToast(page, "Reward Earned!", {
      message: "You earned ₦15.00 for viewing this advert.",
      variant: "success",
    });
    expect(await statValue(page, "stat-total-earnings")).toBe("₦15.00");
    expect(await viewButton(page, "Indomie Jollof Flavour").count()).toBe(0);
    await viewButton(page, "MTN Data Bonanza").waitFor();
    await expectFitsAndAccessible(page, "dashboard-earning-360");
    expect(oneSlotAdvert).not.toBe("");
  });

  it("restarts the countdown with Keep Watching when the server finds the claim too early", async () => {
    const femi = await approvedMember("Femi Early");
    const { page, errors } = await signedInPage(suite, femi, DESKTOP);
    await viewButton(page, "MTN Data Bonanza").click();
    await page.waitForURL((url) => url.pathname.startsWith("/adverts/"));
    const claim = page.getByRole("button", { name: "Claim Reward" });
    await page.getByTestId("countdown").filter({ hasText: "You can now claim your reward." }).waitFor();
    // The server's clock is the one that counts: as far as it knows, the view has just begun.
    await db()
      .update(advertViews)
      .set({ startedAt: sql`now()` })
      .where(and(eq(advertViews.userId, femi.id), sql`${advertViews.claimedAt} is null`));
    await claim.click();
    await expectToast(page, "Keep Watching", { variant: "error" });
    const notice = page.getByTestId("claim-notice");
    expect(await notice.innerText()).toMatch(/^Please view the advert for [12] more seconds? to earn the reward\.$/);
    expect(await notice.getAttribute("role")).toBeNull(); // the toast has announced it already
    await page
      .getByTestId("countdown")
      .filter({ hasText: /Keep viewing for [12] seconds?/ })
      .waitFor();
    expect(await claim.isDisabled()).toBe(true);

    await page.getByTestId("countdown").filter({ hasText: "You can now claim your reward." }).waitFor();
    await notice.waitFor({ state: "detached" }); // no "wait" message beside "You can now claim"
    // A claim that gets no usable answer says so and can be sent again. (The failure is made in
    // the browser: the server's real 503 is covered by tests/http/database-outage.test.ts.)
    const unavailable = "AdNaira is temporarily unavailable. Please try again in a moment.";
    await page.route("**/claim", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: unavailable }) }),
    );
    await claim.click();
    await expectToast(page, "Claim Failed", { message: unavailable, variant: "error" });
    await dismissToast(page); // the next answer's toast has the same title
    await page.unroute("**/claim");
    await page.route("**/claim", (route) => route.abort("internetdisconnected"));
    await claim.click();
    await expectToast(page, "Claim Failed", {
      message: "Your claim could not be sent. Check your connection and try again.",
    });
    await page.unroute("**/claim");
    // The browser logs the cut-off request; that one console error is expected here.
    const cutOff = errors.findIndex((e) => e.includes("ERR_INTERNET_DISCONNECTED"));
    expect(cutOff).toBeGreaterThanOrEqual(0);
    errors.splice(cutOff, 1);
    await claim.click();
    await answerWithTitle(page, "MTN Data Bonanza");
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await expectToast(page, "Reward Earned!", {
      message: "You earned ₦25.00 for viewing this advert.",
      variant: "success",
    });
    expect(await statValue(page, "stat-total-earnings")).toBe("₦25.00");
  });

  it("works without JavaScript: an early claim comes back with the reason, a later one pays", async () => {
    const tunde = await approvedMember("Tunde NoScript");
    const { page } = await signedInPage(suite, tunde, MOBILE, { javaScript: false });

    await viewButton(page, "MTN Data Bonanza").click();
    await page.waitForURL((url) => url.pathname.startsWith("/adverts/"));
    const advertPath = pathname(page);
    await page.getByRole("button", { name: "Claim Reward" }).click(); // enabled: there is no script to count down
    await page.waitForURL((url) => url.pathname === advertPath && url.searchParams.has("early"));
    const notice = page.getByRole("alert");
    expect(await notice.innerText()).toMatch(/^Please view the advert for [12] more seconds? to earn the reward\.$/);
    expect(await notice.getAttribute("data-testid")).toBe("claim-notice");
    await screenshot(page, "advert-claim-too-early-no-js-360");

    await page.waitForTimeout(2_100); // the dwell time (2 s here) on the server's clock
    await page.getByRole("button", { name: "Claim Reward" }).click();
    // The form post comes back to the advert's page, now with the attention check to answer.
    await page.waitForURL((url) => url.pathname === advertPath && !url.searchParams.has("early"));
    await answerWithTitle(page, "MTN Data Bonanza");
    await page.waitForURL((url) => url.pathname === "/dashboard");
    expect(await statValue(page, "stat-total-earnings")).toBe("₦25.00");
    expect(await viewButton(page, "MTN Data Bonanza").count()).toBe(0);
  });
});
