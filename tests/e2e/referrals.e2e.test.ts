import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUser } from "~test/factories";
import { referredMember } from "~test/referrals";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  setUpBrowserSuite,
  signedInPage,
  visit,
} from "./support/browser";
import { lagosWeek, lagosYear } from "~/lib/lagos-time";

/**
 * A member's referrals: the code and link with their Copy buttons (toast, two-second tick), the
 * copy on a phone without the clipboard API (the text is selected instead), the empty text, the
 * list as cards on a phone and a table on a desktop, the dashboard's card, and the page before
 * JavaScript.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;
const EMPTY = "You haven't referred anyone yet. Share your referral code to get started!";

describe("My Referrals", () => {
  it("copies the code and the link, and shows the empty text (360 px)", async () => {
    const member = await createUser(db(), { name: "Kemi Alade", isApproved: true });
    const { page, context } = await signedInPage(suite, member, MOBILE);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.app.origin });

    await visit(page, "/referrals");
    await expect.poll(() => page.getByTestId("referral-code").innerText()).toBe(member.referralCode);
    const link = `${suite.app.origin}/register?ref=${member.referralCode}`;
    expect(await page.getByTestId("referral-link").innerText()).toBe(link);
    expect(await page.getByTestId("no-referrals").innerText()).toBe(EMPTY);
    // What a referral earns: the live rule (40% by default) for each paid tier.
    expect(await page.getByTestId("referral-rule").innerText()).toContain("you earn 40% of what they paid");
    expect(await page.getByTestId("referral-rule-tiers").innerText()).toContain(
      "They upgrade to Advert VIP (₦2,000.00): you earn ₦800.00.",
    );
    await expectFitsAndAccessible(page, "referrals-empty-mobile");

    // Clicked and timed in the page: the tick shows at once and goes after two seconds.
    const tickMs = await page.evaluate(async () => {
      const button = document.querySelector<HTMLButtonElement>("[data-testid=referral-code] + button")!;
      const until = async (done: () => boolean) => {
        while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
      };
      const start = performance.now();
      button.click();
      await until(() => button.dataset.copied === "true" && button.innerText.includes("Copied"));
      await until(() => button.dataset.copied === undefined);
      return performance.now() - start;
    });
    expect(tickMs).toBeGreaterThanOrEqual(1950);
    expect(tickMs).toBeLessThan(4000);
    await expectToast(page, "Referral Code Copied", { variant: "success" });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(member.referralCode);
    expect(await page.getByRole("button", { name: "Copy referral code" }).isVisible()).toBe(true);
    await dismissToast(page);

    await page.getByRole("button", { name: "Copy referral link" }).click();
    await expectToast(page, "Link Copied!", { variant: "success" });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dismissToast(page);
  });

  it("selects the code and says so where the browser cannot copy", async () => {
    const member = await createUser(db(), { isApproved: true });
    const { page, context } = await signedInPage(suite, member, MOBILE);
    // An older phone browser: no clipboard API, and the old copy command refused.
    await context.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
      document.execCommand = () => false;
    });
    await visit(page, "/referrals");
    await page.getByRole("button", { name: "Copy referral code" }).click();
    await expectToast(page, "Copy It Yourself", {
      message: "your referral code is selected, use your device's Copy.",
      variant: "info",
    });
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(member.referralCode);
    expect(await page.getByRole("button", { name: "Copy referral code" }).isVisible()).toBe(true); // no tick
  });

  it("lists referred people as cards on a phone and a table on a desktop; the dashboard has the link card", async () => {
    const member = await createUser(db(), { name: "Tunde Okafor", isApproved: true });
    await referredMember(db(), member, { name: "Ngozi Pending", createdAt: new Date("2026-04-01T09:00:00Z") });
    await referredMember(db(), member, {
      name: "Segun Approved",
      approvedRewardKobo: 40_000n,
      createdAt: new Date("2026-04-02T09:00:00Z"),
    });

    const phone = (await signedInPage(suite, member, MOBILE)).page;
    await visit(phone, "/referrals");
    const cards = phone.getByTestId("referral-cards").getByRole("listitem");
    await expect.poll(() => cards.count()).toBe(2);
    expect((await cards.first().innerText()).replace(/\s+/g, " ")).toMatch(
      /Segun Approved Approved Joined .+ Reward ₦400\.00/,
    );
    expect(await phone.getByTestId("referral").isVisible()).toBe(false);
    expect(await phone.getByTestId("total-referrals").innerText()).toBe("2");
    expect(await phone.getByTestId("total-referral-earnings").innerText()).toBe("₦400.00");
    await expectFitsAndAccessible(phone, "referrals-list-mobile");

    await visit(phone, "/dashboard");
    const card = phone.getByTestId("referral-link-card");
    expect(await card.getByTestId("dashboard-referral-link").innerText()).toBe(
      `${suite.app.origin}/register?ref=${member.referralCode}`,
    );
    expect(await card.getByTestId("dashboard-total-referrals").innerText()).toBe("2");
    expect(await card.getByTestId("dashboard-referral-earnings").innerText()).toBe("₦400.00");
    await expectFitsAndAccessible(phone, "dashboard-referral-card-mobile");

    const desktop = (await signedInPage(suite, member, DESKTOP)).page;
    await visit(desktop, "/referrals");
    const rows = desktop.getByTestId("referral").locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    expect((await rows.nth(1).innerText()).replace(/\s+/g, " ")).toMatch(/Ngozi Pending .+ Pending ₦0\.00/);
    expect(await desktop.getByTestId("referral-cards").isVisible()).toBe(false);
    await expectFitsAndAccessible(desktop, "referrals-list-desktop");
  });

  it("shows the code and link as text before JavaScript", async () => {
    const member = await createUser(db(), { isApproved: true });
    const noScript = await signedInPage(suite, member, MOBILE, { javaScript: false });
    await noScript.page.goto("/referrals");
    expect(await noScript.page.getByTestId("referral-code").innerText()).toBe(member.referralCode);
    expect(await noScript.page.getByTestId("referral-link").innerText()).toContain(
      `/register?ref=${member.referralCode}`,
    );
    expect(await noScript.page.getByText(EMPTY).isVisible()).toBe(true);
  });

  it("switches the leaderboard's period with and without JavaScript, and fits at 360 and 1280 px", async () => {
    const now = new Date();
    const yearStart = lagosYear(now).start;
    const approved = async (name: string, n: number, approvedAt?: Date) => {
      const referrer = await createUser(db(), { name, isApproved: true });
      for (let i = 0; i < n; i++) await referredMember(db(), referrer, { approvedRewardKobo: 100n, approvedAt });
      return referrer;
    };
    await approved("Chiamaka Obi-Nwosu Adeyemi-Bakare Oluwaseun", 8);
    for (const [name, n] of [
      ["Musa Bello", 7],
      ["Aisha Lawal", 6],
      ["Emeka Eze", 5],
      ["Funke Ade", 4],
      ["Garba Sani", 3],
    ] as const) {
      await approved(name, n);
    }
    await approved("Yearly Star", 9, yearStart); // 1 January 00:00 Lagos: this year, rarely this week
    const viewer = await approved("Leaderboard Viewer", 2);
    const yearStarThisWeek = yearStart >= lagosWeek(now).start;

    const rows = (page: Page) => page.getByTestId("leaderboard-rows").getByRole("listitem");
    const current = (page: Page) =>
      page.getByRole("navigation", { name: "Leaderboard period" }).locator('[aria-current="page"]').innerText();

    const phone = (await signedInPage(suite, viewer, MOBILE)).page;
    await phone.getByRole("link", { name: "View leaderboard" }).click();
    await expect.poll(() => new URL(phone.url()).search + new URL(phone.url()).hash).toBe("?period=week#leaderboard");
    expect(await current(phone)).toBe("Weekly");
    expect(await rows(phone).count()).toBe(5);
    expect((await rows(phone).first().innerText()).replace(/\s+/g, " ")).toBe(
      yearStarThisWeek ? "#1 Yearly S. 9 approved referrals" : "#1 Chiamaka O. 8 approved referrals",
    );
    expect(await phone.getByTestId("leaderboard-me").innerText()).toBe(
      `Your position: #${yearStarThisWeek ? 8 : 7} with 2 approved referrals`,
    );
    await expectFitsAndAccessible(phone, "referrals-leaderboard-week-mobile");

    await phone.getByRole("link", { name: "Yearly" }).click();
    await expect.poll(() => current(phone)).toBe("Yearly");
    expect(new URL(phone.url()).searchParams.get("period")).toBe("year");
    await expect.poll(() => rows(phone).first().innerText()).toMatch(/^#1\s+Yearly S\.\s+9 approved referrals$/);
    await expectFitsAndAccessible(phone, "referrals-leaderboard-year-mobile");

    const desktop = (await signedInPage(suite, viewer, DESKTOP)).page;
    await visit(desktop, "/referrals?period=week");
    // The viewer's own row, highlighted, once they are in the top five.
    for (let i = 0; i < 5; i++) await referredMember(db(), viewer, { approvedRewardKobo: 100n });
    await visit(desktop, "/referrals?period=week");
    const mine = desktop.getByTestId("leaderboard-rows").locator("li[data-me]");
    expect((await mine.innerText()).replace(/\s+/g, " ")).toMatch(/^#\d Leaderboard V\. \(You\) 7 approved referrals$/);
    expect(await desktop.getByTestId("leaderboard-me").count()).toBe(0);
    await expectFitsAndAccessible(desktop, "referrals-leaderboard-week-desktop");

    // Without JavaScript the period links are plain links.
    const noScript = await signedInPage(suite, viewer, MOBILE, { javaScript: false });
    await noScript.page.goto("/referrals");
    expect(await current(noScript.page)).toBe("Weekly");
    await noScript.page.getByRole("link", { name: "Monthly" }).click();
    await noScript.page.waitForURL(/period=month/);
    expect(await current(noScript.page)).toBe("Monthly");
    expect(await rows(noScript.page).count()).toBe(5);
  });
});
