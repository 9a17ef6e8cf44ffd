import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { lagosDay, lagosMonth, lagosWeek, lagosYear } from "~/lib/lagos-time";
import { createUser, member } from "~test/factories";
import { backdatedTransfer } from "~test/ledger";
import {
  DESKTOP,
  expectFitsAndAccessible,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
} from "./support/browser";

/**
 * Top Performers on the admin dashboard: the Weekly, Monthly and Yearly tabs are links, so an
 * admin switches them with JavaScript (client navigation) and without (full page loads); the
 * list fits a 360 px phone, long names wrap, and axe finds nothing serious.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

const LONG_NAME = "Oluwaseyifunmi Adebayo-Chukwuemeka Okonkwo-Ibrahimovich Babatundewilliams";

const now = new Date();
/** Earners at instants that fall in this week, this month and this year (Lagos calendar). */
const EARNERS = [
  { name: LONG_NAME, at: new Date(now.getTime() - 2000), amountKobo: 12_345_678_90n },
  { name: "Nkechi Thisweek", at: new Date(now.getTime() - 1000), amountKobo: 1_000_00n },
  { name: "Musa Monthstart", at: lagosMonth(now).start, amountKobo: 2_000_50n },
  { name: "Bisi Yearstart", at: lagosYear(now).start, amountKobo: 3_000_05n },
];
/** Who a period lists, most earned first: those whose reward falls on or after its start. */
const expectedNames = (start: Date) =>
  EARNERS.filter((e) => e.at >= start)
    .sort((a, b) => (a.amountKobo > b.amountKobo ? -1 : 1))
    .map((e) => e.name);

let seeded: Promise<void> | undefined;
const seed = () =>
  (seeded ??= (async () => {
    for (const { name, at, amountKobo } of EARNERS) {
      const user = await member(db(), { name });
      await backdatedTransfer(db(), { userId: user.id, amountKobo, at });
    }
  })());

const section = (page: Page) => page.getByRole("region", { name: "Top Performers" });
const tab = (page: Page, label: string) =>
  section(page).getByRole("navigation", { name: "Top Performers period" }).getByRole("link", { name: label });
/** The rows on screen: the table's from the medium breakpoint up, the cards below it. */
const performers = (page: Page) => section(page).getByTestId("top-performer").filter({ visible: true });
const names = async (page: Page) =>
  (await performers(page).locator("p.font-medium").allInnerTexts()).map((t) => t.trim());

async function expectTab(page: Page, label: string, period: string) {
  await page.waitForURL((url) => url.pathname === "/admin" && url.searchParams.get("period") === period);
  await expect.poll(() => tab(page, label).getAttribute("aria-current")).toBe("page");
  for (const other of ["Weekly", "Monthly", "Yearly"].filter((l) => l !== label)) {
    expect(await tab(page, other).getAttribute("aria-current")).toBeNull();
  }
}

async function switchTabs(page: Page) {
  // Each tab lists only its period's earners, in order of what they earned.
  await tab(page, "Yearly").click();
  await expectTab(page, "Yearly", "year");
  await expect.poll(() => names(page)).toEqual(expectedNames(lagosYear(now).start));
  expect(await section(page).getByTestId("top-performers-period").innerText()).toBe(lagosDay(now).slice(0, 4));

  await tab(page, "Monthly").click();
  await expectTab(page, "Monthly", "month");
  await expect.poll(() => names(page)).toEqual(expectedNames(lagosMonth(now).start));

  await tab(page, "Weekly").click();
  await expectTab(page, "Weekly", "week");
  await expect.poll(() => names(page)).toEqual(expectedNames(lagosWeek(now).start));
  expect(await section(page).getByTestId("top-performers-period").innerText()).toMatch(/^Week of \d{1,2} \w{3} \d{4}$/);
}

describe("Top Performers", () => {
  it("an admin switches Weekly, Monthly and Yearly with JavaScript; fits 1280 and 360 px", async () => {
    await seed();
    const admin = await createUser(db(), { role: "admin", permissions: ["view_reports"] });
    const { page } = await signedInPage(suite, admin, DESKTOP);
    expect(await tab(page, "Weekly").getAttribute("aria-current")).toBe("page");
    await switchTabs(page);
    expect(await performers(page).getByText("₦12,345,678.90").isVisible()).toBe(true);
    await expectFitsAndAccessible(page, "admin-top-performers-desktop");

    await page.setViewportSize(MOBILE);
    await tab(page, "Monthly").click();
    await expectTab(page, "Monthly", "month");
    // The long name wraps inside its row; the amount stays beside it.
    const row = performers(page).filter({ hasText: LONG_NAME });
    const box = await row.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(MOBILE.width);
    expect(await row.getByText("₦12,345,678.90").isVisible()).toBe(true);
    await expectFitsAndAccessible(page, "admin-top-performers-mobile");
  }, 60_000);

  it("the tabs work without JavaScript (plain links, full page loads) at 360 px", async () => {
    await seed();
    const admin = await createUser(db(), { role: "admin", permissions: ["view_reports"] });
    const bare = (await signedInPage(suite, admin, MOBILE, { javaScript: false })).page;
    await bare.goto("/admin?period=nonsense");
    expect(await tab(bare, "Weekly").getAttribute("aria-current")).toBe("page");
    await switchTabs(bare);
    // The section fits the phone (axe and the overflow check need a script: the page with
    // JavaScript covers them above).
    const box = await section(bare).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(bare, "admin-top-performers-mobile-no-js");
  }, 60_000);

  it("an admin without view_reports does not see the section", async () => {
    await seed();
    const admin = await createUser(db(), { role: "admin", permissions: ["manage_users"] });
    const { page } = await signedInPage(suite, admin, MOBILE);
    expect(await section(page).count()).toBe(0);
  }, 30_000);
});
