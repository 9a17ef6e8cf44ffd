import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createNotice } from "~/domain/notices/notices.server";
import { createUser, creditUser } from "~test/factories";
import {
  DESKTOP,
  expectFitsAndAccessible,
  expectNoA11yViolations,
  horizontalOverflow,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
} from "./support/browser";

/**
 * Getting around without typing addresses: the member's account menu (Notice Board, My
 * Referrals) and dashboard notice card; the super admin's way into the admin screens; the admin
 * navigation on every admin page, at 360 px and 1280 px, with and without JavaScript.
 */
const SUPER_ADMIN = { email: "chief@navigation-e2e.test", password: "Navigation-Super-2024!" };
const suite = setUpBrowserSuite({
  env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN.email, SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password },
});
const db = () => suite.app.services.db;
const pathname = (page: Page) => new URL(page.url()).pathname;

const NOTICE = {
  title: "Payouts every Friday",
  content: `Withdrawals requested by Thursday evening are paid on Friday. ${"Keep your bank details up to date. ".repeat(8)}`,
};

beforeAll(async () => {
  const poster = await createUser(db(), { role: "admin", permissions: ["manage_notices"] });
  const actor = { id: poster.id, role: poster.role, permissions: poster.permissions };
  await createNotice(db(), actor, { ...NOTICE, audience: "all" });
});

async function openAccountMenu(page: Page) {
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  const menu = page.getByRole("menu");
  await menu.waitFor({ state: "visible" });
  return menu;
}

const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin" });

describe.each([MOBILE, DESKTOP])("at $width px", (viewport) => {
  const { width } = viewport;

  it("a member reaches the Notice Board from the dashboard's card and the account menu, and My Referrals", async () => {
    const member = await createUser(db(), { name: "Adaeze Okoro", isApproved: true });
    const { page } = await signedInPage(suite, member, viewport);

    const card = page.getByTestId("latest-notice-card");
    await card.getByRole("heading", { name: NOTICE.title }).waitFor();
    const excerpt = await card.getByTestId("latest-notice-excerpt").innerText();
    expect(excerpt.startsWith("Withdrawals requested by Thursday evening")).toBe(true);
    expect(excerpt.endsWith("…")).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await expectFitsAndAccessible(page, `dashboard-notice-card-${width}`);
    await card.getByRole("link", { name: "View all notices" }).click();
    await page.waitForURL((url) => url.pathname === "/notices");
    await page.getByRole("heading", { name: NOTICE.title }).waitFor();

    const menu = await openAccountMenu(page);
    expect(await menu.getByRole("menuitem").allInnerTexts()).toEqual([
      "Dashboard",
      "Profile",
      "Messages",
      "Notice Board",
      "My Referrals",
      "Statement",
      "Logout",
    ]);
    await screenshot(page, `account-menu-member-${width}`, { fullPage: false });
    await menu.getByRole("menuitem", { name: "My Referrals" }).click();
    await page.waitForURL((url) => url.pathname === "/referrals");
    await page.getByRole("heading", { level: 1, name: "My Referrals" }).waitFor();

    await (await openAccountMenu(page)).getByRole("menuitem", { name: "Notice Board" }).click();
    await page.waitForURL((url) => url.pathname === "/notices");
    await page.getByRole("heading", { level: 1, name: "Notice Board" }).waitFor();
  });

  it("the super admin goes from /superadmin to every admin screen by the admin navigation", async () => {
    const earner = await createUser(db(), { name: "Chinedu Earnings-Onyekachi", isApproved: true });
    await creditUser(db(), earner.id, 1_234_567_89n);
    const { page } = await signedInPage(suite, { ...SUPER_ADMIN, role: "super_admin" }, viewport);
    await page.getByRole("link", { name: "Admin Dashboard" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.getByRole("heading", { level: 1, name: "Admin Dashboard", exact: true }).waitFor();

    const nav = adminNav(page);
    expect(await nav.getByRole("link").allInnerTexts()).toEqual([
      "Dashboard",
      "Users",
      "Adverts",
      "Advertisers",
      "Campaigns",
      "Withdrawals",
      "Memberships",
      "Referrals",
      "Notices",
      "Messages",
      "Settings",
      "Linked Accounts",
      "Audit Log",
    ]);
    await expect.poll(() => nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    await expectFitsAndAccessible(page, `admin-nav-dashboard-${width}`);
    if (width >= DESKTOP.width) {
      // One row, every link on screen.
      const tops = await nav.getByRole("link").evaluateAll((links) => links.map((a) => a.getBoundingClientRect().top));
      expect(new Set(tops).size).toBe(1);
      const rights = await nav
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().right));
      expect(Math.max(...rights)).toBeLessThanOrEqual(width);
    }

    // Keyboard: Tab reaches the links in order; Enter follows one.
    await nav.getByRole("link", { name: "Dashboard" }).focus();
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Users");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/admin/users");
    await expect.poll(() => nav.getByRole("link", { name: "Users" }).getAttribute("aria-current")).toBe("page");

    // Manage Users: the member's Earnings, in the table at 1280 px and in the cards on a phone.
    await page.getByLabel("Search users").fill("Earnings-Onyekachi");
    await page.getByLabel("Search users").press("Enter");
    await page.waitForURL((url) => url.search.includes("Earnings-Onyekachi"));
    const view = width >= DESKTOP.width ? "row" : "card";
    const entry = page.getByTestId(`user-${view}-${earner.email}`);
    await expect.poll(() => entry.getByTestId("user-earnings").innerText()).toBe("₦1,234,567.89");
    // The card names the figure: its label, then the amount.
    if (view === "card") expect((await entry.innerText()).replace(/\s+/g, " ")).toContain("Earnings ₦1,234,567.89");
    else {
      const headers = await page.getByRole("columnheader").allInnerTexts();
      expect(headers).toEqual(["Referral Code", "Name", "Email", "Earnings", "Joined", "Status", "Actions"]);
    }
    await expectFitsAndAccessible(page, `admin-users-earnings-${width}`);

    // The last link, cut off at 360 px on the dashboard, is brought into view on its page.
    await nav.getByRole("link", { name: "Audit Log" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/audit");
    const current = nav.getByRole("link", { name: "Audit Log" });
    await expect.poll(() => current.getAttribute("aria-current")).toBe("page");
    await expect
      .poll(async () => {
        const box = (await current.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= width;
      })
      .toBe(true);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(width);
    await screenshot(page, `admin-nav-audit-${width}`, { fullPage: false });

    // The account menu: the Notice Board, and no referrals for staff.
    const menu = await openAccountMenu(page);
    const items = await menu.getByRole("menuitem").allInnerTexts();
    expect(items).toContain("Notice Board");
    expect(items).not.toContain("My Referrals");
    await menu.getByRole("menuitem", { name: "Notice Board" }).click();
    await page.waitForURL((url) => url.pathname === "/notices");
    await page.getByRole("heading", { name: NOTICE.title }).waitFor();
    await expectNoA11yViolations(page);
  });

  it("an admin moves between the screens their permissions open, before JavaScript too", async () => {
    const admin = await createUser(db(), { role: "admin", permissions: ["manage_withdrawals", "view_reports"] });
    const { page } = await signedInPage(suite, admin, viewport, { javaScript: false });

    const nav = adminNav(page);
    expect(await nav.getByRole("link").allInnerTexts()).toEqual(["Dashboard", "Withdrawals", "Messages", "Audit Log"]);
    await nav.getByRole("link", { name: "Withdrawals" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/withdrawals");
    expect(await nav.getByRole("link", { name: "Withdrawals" }).getAttribute("aria-current")).toBe("page");
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(width);
    await nav.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    expect(pathname(page)).toBe("/admin");
  });
});
