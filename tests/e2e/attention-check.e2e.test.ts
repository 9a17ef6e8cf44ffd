import type { Page, Request } from "playwright-core";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { advertViews, appSettings } from "~/db/schema";
import { STAND_IN_TITLES, TITLE_QUESTION } from "~/domain/adverts/attention-check";
import type { Actor } from "~/domain/audit/audit.server";
import { advertAdmin, member, postAdvert } from "~test/factories";
import { correctAnswer } from "~test/claims";
import {
  DESKTOP,
  expectFitsAndAccessible,
  expectToast,
  horizontalOverflow,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
  visit,
} from "./support/browser";

/**
 * The attention check at the claim, and the countdown that runs only while the advert is on
 * screen (decision 028), as a member meets them: after the countdown Claim Reward brings a
 * question with four choices (the advert's title among other live adverts' titles); the right
 * pick pays, a wrong one pays nothing and the advert leaves Available Adverts. At 360 and 1280 px,
 * by keyboard alone, and without JavaScript (plain form posts). A page that becomes hidden
 * stops its countdown, says so, tells the server, and goes on once visible again.
 *
 * Eight live adverts, so the check's wrong choices are real titles; each test has its own member.
 * The dwell time is 3 s (app_settings) to keep it quick; the visibility test sets a longer one.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;
const DWELL_SECONDS = 3;
const ADVERTS = [
  { title: "Dangote Sugar: Sweetness for Every Home", rewardKobo: 1_100n, reward: "₦11.00" },
  { title: "GTBank Savings Week", rewardKobo: 1_200n, reward: "₦12.00" },
  { title: "Peak Milk Family Pack", rewardKobo: 1_300n, reward: "₦13.00" },
  { title: "Jumia Black Friday", rewardKobo: 1_400n, reward: "₦14.00" },
  { title: "Glo Unlimited Weekend", rewardKobo: 1_500n, reward: "₦15.00" },
  { title: "Indomie Jollof Flavour", rewardKobo: 1_600n, reward: "₦16.00" },
  { title: "MTN Data Bonanza", rewardKobo: 1_700n, reward: "₦17.00" },
  { title: "Kuda Free Transfers", rewardKobo: 1_800n, reward: "₦18.00" },
] as const;
const TITLES: readonly string[] = ADVERTS.map((a) => a.title);
const HINT =
  "One question about the advert you just viewed. Pick the answer to earn your reward; a wrong answer ends this view without a reward.";
const WRONG_ANSWER = "That answer was not what the advert showed, so this view earned no reward.";

let admin: Actor;

beforeAll(async () => {
  await db().update(appSettings).set({ advertDwellSeconds: DWELL_SECONDS });
  admin = await advertAdmin(db());
  for (const advert of ADVERTS) {
    await postAdvert(db(), admin, {
      title: advert.title,
      rewardKobo: advert.rewardKobo,
      maxClicks: 50,
      imageUrl: null,
    });
  }
});

const viewButton = (page: Page, title: string) => page.getByRole("button", { name: `View Advert: ${title}` });
const statValue = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).locator("p").first().innerText()).trim();
const checkForm = (page: Page) => page.getByTestId("attention-check");
const advertIdOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split("/")[2]!);
const isClaim = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname.endsWith("/claim");

/** A POST to the advert's visibility address saying `visible` ("1") or hidden ("0"). */
const isVisibilityReport = (visible: "0" | "1") => (request: Request) =>
  request.method() === "POST" &&
  new URL(request.url()).pathname.endsWith("/visibility") &&
  request.postData() === `visible=${visible}`;

/** View Advert on the dashboard, to the advert's page. */
async function open(page: Page, title: string) {
  await viewButton(page, title).click();
  await page.waitForURL((url) => url.pathname.startsWith("/adverts/"));
  await page.getByRole("heading", { name: title }).waitFor();
}

/** The countdown's number of seconds left (it must still be counting). */
async function secondsShown(page: Page): Promise<number> {
  const text = await page.getByTestId("countdown").innerText();
  const match = /Keep viewing for (\d+) seconds? to earn your reward\./.exec(text);
  if (!match) throw new Error(`the countdown is not counting: "${text}"`);
  return Number(match[1]);
}

/** The choices of the check in the order shown: each radio's accessible name (its label). */
async function choicesShown(page: Page): Promise<string[]> {
  return checkForm(page)
    .getByRole("radio")
    .evaluateAll((radios) => radios.map((r) => (r.closest("label") as HTMLElement).innerText.trim()));
}

/** The check as a member sees it: the question, the hint, four choices of which one is the title. */
async function expectCheckFor(page: Page, title: string): Promise<string[]> {
  const form = checkForm(page);
  await form.waitFor();
  expect(await form.locator("legend").innerText()).toBe(TITLE_QUESTION);
  expect(await form.getByRole("group", { name: TITLE_QUESTION }).count()).toBe(1);
  await form.getByText(HINT).waitFor();
  const choices = await choicesShown(page);
  expect(choices).toHaveLength(4);
  expect(choices.filter((c) => c === title)).toHaveLength(1);
  expect(new Set(choices).size).toBe(4);
  // The wrong choices are other live adverts' titles, not stand-ins (there are enough adverts).
  for (const other of choices.filter((c) => c !== title)) {
    expect(TITLES, other).toContain(other);
    expect(STAND_IN_TITLES as readonly string[], other).not.toContain(other);
  }
  for (const radio of await form.getByRole("radio").all()) {
    expect(await radio.isChecked()).toBe(false);
    expect(await radio.getAttribute("required")).not.toBeNull();
  }
  expect(await form.getByRole("button", { name: "Claim Reward" }).isEnabled()).toBe(true);
  // The countdown and its Claim Reward have made way for the check.
  expect(await page.getByTestId("countdown").count()).toBe(0);
  expect(await page.getByRole("button", { name: "Claim Reward" }).count()).toBe(1);
  // So has the advert: its title is to be remembered, not read off the heading or the tab's title.
  expect(await page.getByRole("heading", { name: title }).count()).toBe(0);
  expect(await page.title()).not.toContain(title);
  return choices;
}

/** Waits out the countdown on the advert's page and presses Claim Reward: the check comes. */
async function countdownThenClaim(page: Page) {
  await page.getByTestId("countdown").filter({ hasText: "You can now claim your reward." }).waitFor();
  await page.getByRole("button", { name: "Claim Reward" }).click();
  await checkForm(page).waitFor();
}

/** What has the focus: its tag, type, and the text of its label (or its own text). */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName ?? "",
      type: el instanceof HTMLInputElement ? el.type : "",
      text: (el?.closest("label") ?? el)?.innerText.trim() ?? "",
    };
  });
}

/** The page does not scroll sideways at its width; saved as a screenshot. */
async function expectFits(page: Page, name: string) {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth, name).toBeLessThanOrEqual(clientWidth);
  await screenshot(page, name);
}

/** Makes the page hidden or visible as a switched tab or a locked phone does, with its event. */
async function setVisibility(page: Page, state: "visible" | "hidden") {
  await page.evaluate((s) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => s });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => s === "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
}

describe("the attention check at the claim", () => {
  it.each([
    ["360", MOBILE, ADVERTS[0]],
    ["1280", DESKTOP, ADVERTS[1]],
  ] as const)(
    "comes after the countdown, fits %s px, takes the focus, and a right pick made by keyboard pays",
    async (width, viewport, advert) => {
      const viewer = await member(db());
      const { page } = await signedInPage(suite, viewer, viewport);
      expect(await statValue(page, "stat-total-earnings")).toBe("₦0.00");
      await open(page, advert.title);
      const advertId = advertIdOf(page);
      // Before the countdown ends there is no question on the page.
      expect(await checkForm(page).count()).toBe(0);
      expect(await page.getByText(TITLE_QUESTION).count()).toBe(0);
      await countdownThenClaim(page);

      const choices = await expectCheckFor(page, advert.title);
      // The focus moved to the question, so a screen reader reads it first.
      await expect.poll(() => focused(page)).toEqual({ tag: "LEGEND", type: "", text: TITLE_QUESTION });
      await expectFitsAndAccessible(page, `attention-check-${width}`);

      // Keyboard only: Tab into the choices, arrow keys to the title, Space to pick it.
      await page.keyboard.press("Tab");
      expect(await focused(page)).toEqual({ tag: "INPUT", type: "radio", text: choices[0] });
      for (let i = 0; i < choices.length && (await focused(page)).text !== advert.title; i++) {
        await page.keyboard.press("ArrowDown");
      }
      expect((await focused(page)).text).toBe(advert.title);
      await page.keyboard.press("Space");
      const picked = checkForm(page).getByRole("radio", { name: advert.title, exact: true });
      expect(await picked.isChecked()).toBe(true);
      expect(Number(await picked.getAttribute("value"))).toBe(await correctAnswer(db(), viewer.id, advertId));
      expect(await checkForm(page).getByRole("radio", { checked: true }).count()).toBe(1);
      await screenshot(page, `attention-check-picked-${width}`, { fullPage: false });

      // Tab on to Claim Reward, Enter sends it.
      await page.keyboard.press("Tab");
      expect(await focused(page)).toEqual({ tag: "BUTTON", type: "", text: "Claim Reward" });
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === "/dashboard");
      await expectToast(page, "Reward Earned!", {
        message: `You earned ${advert.reward} for viewing this advert.`,
        variant: "success",
      });
      expect(await statValue(page, "stat-total-earnings")).toBe(advert.reward);
      expect(await statValue(page, "stat-available-balance")).toBe(advert.reward);
      expect(await statValue(page, "stat-advert-clicks")).toBe("1");
      expect(await viewButton(page, advert.title).count()).toBe(0);
      await viewButton(page, ADVERTS[7].title).waitFor();
    },
  );

  it.each([
    ["360", MOBILE, ADVERTS[2]],
    ["1280", DESKTOP, ADVERTS[3]],
  ] as const)(
    "asks for a pick before sending, and a wrong pick says Wrong Answer, pays nothing and removes the advert (%s px)",
    async (width, viewport, advert) => {
      const viewer = await member(db());
      const { page } = await signedInPage(suite, viewer, viewport);
      await open(page, advert.title);
      await countdownThenClaim(page);
      const choices = await expectCheckFor(page, advert.title);

      // Nothing picked: the browser's required-field check keeps the form from being sent.
      const claims: string[] = [];
      page.on("request", (request) => {
        if (isClaim(request)) claims.push(request.url());
      });
      await checkForm(page).getByRole("button", { name: "Claim Reward" }).click();
      await page.waitForTimeout(500);
      expect(claims).toEqual([]);
      const first = checkForm(page).getByRole("radio").first();
      expect(await first.evaluate((r: HTMLInputElement) => r.validity.valueMissing)).toBe(true);
      expect(await first.evaluate((r: HTMLInputElement) => r.validationMessage)).not.toBe("");
      expect(new URL(page.url()).pathname).toMatch(/^\/adverts\/[^/]+$/);
      expect(await checkForm(page).isVisible()).toBe(true);

      // A wrong pick, made with the mouse on its label.
      const wrong = choices.find((c) => c !== advert.title)!;
      await checkForm(page).getByText(wrong, { exact: true }).click();
      expect(await checkForm(page).getByRole("radio", { name: wrong, exact: true }).isChecked()).toBe(true);
      await checkForm(page).getByRole("button", { name: "Claim Reward" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      expect(claims).toHaveLength(1);
      await expectToast(page, "Wrong Answer", { message: WRONG_ANSWER, variant: "error" });
      expect(await statValue(page, "stat-total-earnings")).toBe("₦0.00");
      expect(await statValue(page, "stat-available-balance")).toBe("₦0.00");
      expect(await viewButton(page, advert.title).count()).toBe(0);
      await viewButton(page, ADVERTS[7].title).waitFor();
      await expectFitsAndAccessible(page, `dashboard-wrong-answer-${width}`);

      // It stays gone, and its page does not open again.
      await visit(page, "/dashboard");
      expect(await viewButton(page, advert.title).count()).toBe(0);
      const [view] = await db()
        .select({ claimedAt: advertViews.claimedAt, checkResult: advertViews.checkResult })
        .from(advertViews)
        .where(eq(advertViews.userId, viewer.id));
      expect(view).toEqual({ claimedAt: null, checkResult: "failed" });
    },
  );

  it("works without JavaScript: Claim Reward brings the check as a page, a right pick pays, a wrong one does not", async () => {
    const viewer = await member(db());
    const { page } = await signedInPage(suite, viewer, MOBILE, { javaScript: false });
    const [right, wrongOne] = [ADVERTS[4], ADVERTS[5]];

    await open(page, right.title);
    const advertPath = new URL(page.url()).pathname;
    expect(await checkForm(page).count()).toBe(0);
    await page.waitForTimeout(DWELL_SECONDS * 1000 + 100); // the dwell time on the server's clock
    await page.getByRole("button", { name: "Claim Reward" }).click();
    await checkForm(page).waitFor();
    expect(new URL(page.url()).pathname).toBe(advertPath);
    const choices = await expectCheckFor(page, right.title);
    // (axe needs a page that runs script: the same form is checked with it in the tests above.)
    await expectFits(page, "attention-check-no-js-360");
    // The check is kept with the view: the page shows the same one again.
    await page.reload();
    expect(await choicesShown(page)).toEqual(choices);

    // The browser's required-field check works without script too.
    const claims: string[] = [];
    page.on("request", (request) => {
      if (isClaim(request)) claims.push(request.url());
    });
    await checkForm(page).getByRole("button", { name: "Claim Reward" }).click();
    await page.waitForTimeout(500);
    expect(claims).toEqual([]);
    expect(await checkForm(page).isVisible()).toBe(true);

    await checkForm(page).getByRole("radio", { name: right.title, exact: true }).check();
    await checkForm(page).getByRole("button", { name: "Claim Reward" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    expect(await statValue(page, "stat-total-earnings")).toBe(right.reward);
    expect(await viewButton(page, right.title).count()).toBe(0);
    expect(await page.getByTestId("advert-notice").count()).toBe(0);

    await open(page, wrongOne.title);
    await page.waitForTimeout(DWELL_SECONDS * 1000 + 100);
    await page.getByRole("button", { name: "Claim Reward" }).click();
    const wrong = (await expectCheckFor(page, wrongOne.title)).find((c) => c !== wrongOne.title)!;
    await checkForm(page).getByRole("radio", { name: wrong, exact: true }).check();
    await checkForm(page).getByRole("button", { name: "Claim Reward" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    const notice = page.getByTestId("advert-notice");
    expect((await notice.innerText()).replace(/\s+/g, " ").trim()).toBe(`Wrong Answer ${WRONG_ANSWER}`);
    expect(await notice.getAttribute("role")).toBe("alert");
    expect(await statValue(page, "stat-total-earnings")).toBe(right.reward);
    expect(await viewButton(page, wrongOne.title).count()).toBe(0);
    await viewButton(page, ADVERTS[7].title).waitFor();
    await expectFits(page, "dashboard-wrong-answer-no-js-360");
  });
});

describe("the countdown runs only while the advert is on screen", () => {
  it("pauses while the page is hidden, says so, reports it, and goes on when it is seen again", async () => {
    // Long enough to hide the page mid-count and see a 5-second heartbeat after it is back.
    const dwell = 9;
    await db().update(appSettings).set({ advertDwellSeconds: dwell });
    try {
      const viewer = await member(db());
      const { page } = await signedInPage(suite, viewer, DESKTOP);
      const advert = ADVERTS[6];
      const firstReport = page.waitForRequest(isVisibilityReport("1"));
      await open(page, advert.title);
      await firstReport; // the page says at once that it is on screen
      await page.getByTestId("countdown").filter({ hasText: "Keep viewing for" }).waitFor();
      expect(await page.getByTestId("countdown-paused").count()).toBe(0);

      // The member switches tabs: the page reports it and the countdown stops where it was.
      const hiddenReport = page.waitForRequest(isVisibilityReport("0"));
      await setVisibility(page, "hidden");
      await hiddenReport;
      const paused = page.getByTestId("countdown-paused");
      await paused.waitFor();
      expect(await paused.innerText()).toBe("The countdown pauses while the advert is not on screen.");
      const stoppedAt = await secondsShown(page);
      expect(stoppedAt).toBeGreaterThanOrEqual(5);
      const progress = page.getByRole("progressbar", { name: "Viewing time" });
      const progressAt = await progress.getAttribute("aria-valuenow");
      const claim = page.getByRole("button", { name: "Claim Reward" });
      expect(await claim.isDisabled()).toBe(true);
      await screenshot(page, "advert-countdown-paused-1280");

      const reportsWhileHidden: string[] = [];
      const onRequest = (request: Request) => {
        if (new URL(request.url()).pathname.endsWith("/visibility")) reportsWhileHidden.push(request.postData() ?? "");
      };
      page.on("request", onRequest);
      await page.waitForTimeout(2_500);
      page.off("request", onRequest);
      expect(await secondsShown(page)).toBe(stoppedAt);
      expect(await progress.getAttribute("aria-valuenow")).toBe(progressAt);
      expect(await paused.isVisible()).toBe(true);
      expect(await claim.isDisabled()).toBe(true);
      expect(reportsWhileHidden).toEqual([]); // no heartbeat from a hidden page

      // Back on screen: reported at once; the server did not count the hidden 2.5 s either.
      const shownReport = page.waitForResponse((response) => isVisibilityReport("1")(response.request()));
      await setVisibility(page, "visible");
      const answer = (await (await shownReport).json()) as { secondsLeft: number };
      expect(answer.secondsLeft).toBeGreaterThanOrEqual(stoppedAt - 1);
      await expect.poll(() => secondsShown(page), { timeout: 3_000 }).toBeLessThan(stoppedAt);
      // The note stays while the count goes on: the member knows why it took longer.
      expect(await paused.isVisible()).toBe(true);
      // While visible, the page says so again every 5 s.
      await page.waitForRequest(isVisibilityReport("1"), { timeout: 7_000 });

      await page.getByTestId("countdown").filter({ hasText: "You can now claim your reward." }).waitFor();
      expect(await paused.count()).toBe(0);
      await claim.click();
      await expectCheckFor(page, advert.title);
      await checkForm(page).getByRole("radio", { name: advert.title, exact: true }).check();
      await checkForm(page).getByRole("button", { name: "Claim Reward" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      await expectToast(page, "Reward Earned!", {
        message: `You earned ${advert.reward} for viewing this advert.`,
        variant: "success",
      });
      expect(await statValue(page, "stat-total-earnings")).toBe(advert.reward);
      // The server's count: the dwell time seen, out of a longer time open (the hidden 2.5 s left out).
      const [view] = await db()
        .select({
          reported: advertViews.visibilityReported,
          visibleMs: advertViews.visibleMs,
          visibleSince: advertViews.visibleSince,
          startedAt: advertViews.startedAt,
          checkIssuedAt: advertViews.checkIssuedAt,
        })
        .from(advertViews)
        .where(and(eq(advertViews.userId, viewer.id), eq(advertViews.checkResult, "passed")));
      expect(view?.reported).toBe(true);
      const issuedAt = view!.checkIssuedAt!.getTime();
      const seen = view!.visibleMs + (view!.visibleSince ? issuedAt - view!.visibleSince.getTime() : 0);
      expect(seen).toBeGreaterThanOrEqual(dwell * 1000);
      expect(seen).toBeLessThanOrEqual(issuedAt - view!.startedAt.getTime() - 2_000);
    } finally {
      await db().update(appSettings).set({ advertDwellSeconds: DWELL_SECONDS });
    }
  });
});
