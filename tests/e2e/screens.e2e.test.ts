import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { createUser } from "~test/factories";
import {
  DESKTOP,
  dismissToast,
  expectNoA11yViolations,
  expectToast,
  horizontalOverflow,
  MISMATCHED_REGISTRATION,
  MOBILE,
  screenshot,
  signedInPage,
  submitRegistration,
  visit,
  setUpBrowserSuite,
} from "./support/browser";

/**
 * Screenshots for visual review (test-artifacts/screenshots/<page>-<width>.png, kept by CI)
 * and layout checks: nothing scrolls sideways on a 360 px phone, the top bar and its
 * actions fit, and the footer sits at the bottom.
 */

const suite = setUpBrowserSuite();

/** Checks the layout at this width and saves the screenshot. */
async function capture(page: Page, name: string, width: number) {
  if (width <= MOBILE.width) {
    const { scrollWidth } = await horizontalOverflow(page);
    expect(scrollWidth, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(width);
  }
  // Every control in the top bar is fully on screen.
  // (A CSS locator: an open menu hides the rest of the page from the accessibility tree.)
  const boxes = await page
    .locator("body > header")
    .locator("a, button")
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.left, `${name}: top-bar control off screen`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${name}: top-bar control off screen`).toBeLessThanOrEqual(width);
  }
  // The footer ends the page: no gap below it on short pages.
  const footerBottom = await page
    .locator("body > footer")
    .evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
  const docHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(Math.abs(docHeight - footerBottom), `${name}: footer not at the bottom`).toBeLessThanOrEqual(1);
  await screenshot(page, `${name}-${width}`);
}

describe.each([MOBILE, DESKTOP])("screens at $width px", (viewport) => {
  const { width } = viewport;

  it("landing, login and register", async () => {
    const session = await suite.open(viewport);
    const { page } = session;
    await visit(page, "/");
    await page.getByRole("link", { name: "Get Started Now" }).waitFor();
    await capture(page, "landing", width);
    await visit(page, "/login");
    await capture(page, "login", width);
    await visit(page, "/register");
    await capture(page, "register", width);
  });

  it("dashboard, signed in and pending approval", async () => {
    // A long name, as many Nigerian full names are, to stress the heading and the menu.
    const name = "Oluwaseun Adebayo-Okonkwo";
    const user = await createUser(suite.app.services.db, { name, isApproved: false });
    const { page } = await signedInPage(suite, user, viewport, { keepToast: true });
    await capture(page, "dashboard-toast", width);
    await dismissToast(page);
    await page.getByTestId("pending-approval").waitFor();
    await capture(page, "dashboard", width);

    await page.getByRole("button", { name: `Account menu for ${name}` }).click();
    const menu = page.getByRole("menu");
    await menu.waitFor({ state: "visible" });
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await capture(page, "dashboard-menu", width);
  });

  it("form errors, an error toast and the 404 page", async () => {
    const session = await suite.open(viewport);
    const { page } = session;
    await visit(page, "/register");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText("Full name is required").waitFor();
    await capture(page, "register-errors", width);

    await visit(page, "/register");
    await submitRegistration(page, MISMATCHED_REGISTRATION);
    await expectToast(page, "Password Mismatch", { variant: "error" });
    await capture(page, "register-mismatch-toast", width);

    await page.goto("/no-such-page");
    await capture(page, "not-found", width);
  });
});

/** Whether anything scrolls sideways: the page itself, or any list's table inside its frame. */
function sidewaysScroll(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    tables: [...document.querySelectorAll<HTMLElement>(".ui-list-table-wrap")]
      .filter((wrap) => wrap.getClientRects().length > 0)
      .map((wrap) => wrap.scrollWidth - wrap.clientWidth),
  }));
}

async function expectNoSidewaysScroll(page: Page, name: string) {
  const scroll = await sidewaysScroll(page);
  expect(scroll.page, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  for (const table of scroll.tables) expect(table, `${name}: a table scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * /admin/audit with the longest values the log holds (an address, a browser's user agent, a list
 * of payout references, an advert's long text, a tier's benefit lines, an IPv6 address): nothing
 * scrolls sideways at 360 or 1280 px; a long value shows its start and opens in full.
 */
describe("the audit log with long values", () => {
  const longUrl = `https://cdn.example.ng/${"campaign-assets-".repeat(6)}${"0f9e8d7c6b5a".repeat(12)}.png`;
  const userAgent =
    "Mozilla/5.0 (Linux; Android 13; SM-A546E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36";
  const token = `dev_${"9f3a".repeat(26)}`;
  const references = Array.from({ length: 40 }, (_, i) => `W${String(240000 + i)}ABCD`);
  const benefit = (n: number) => `Benefit line ${n}: ${"a long sentence about what the tier gives ".repeat(2).trim()}`;
  let seeded: Promise<void> | undefined;

  /** Entries written as the admin's actions write them (recordAudit), once for both widths. */
  function seed() {
    seeded ??= (async () => {
      const db = suite.app.services.db;
      const admin = await createUser(db, {
        role: "admin",
        name: "Oluwaseun Adebayo-Okonkwo",
        email: "audit.long.values@screens.test",
      });
      const actor: Actor = {
        id: admin.id,
        role: "super_admin",
        permissions: PERMISSIONS,
        ip: "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
      };
      await recordAudit(db, {
        actor,
        action: "settings.update",
        targetType: "settings",
        before: { appName: "AdNaira", logoUrl: "/logo.svg" },
        after: { appName: "AdNaira", logoUrl: longUrl },
      });
      await recordAudit(db, {
        actor,
        action: "bank_details.update",
        targetType: "bank_details",
        targetId: admin.id,
        after: { device: { userAgent, id: token }, reference: token.slice(0, 100) },
      });
      await recordAudit(db, {
        actor,
        action: "withdrawal.export_payouts",
        targetType: "withdrawal",
        after: { count: references.length, references },
      });
      await recordAudit(db, {
        actor,
        action: "advert.update",
        targetType: "advert",
        before: { title: "Bread", description: "Fresh bread ".repeat(30).trim() },
        after: { title: "Bread", description: "Fresh bread and akara ".repeat(20).trim() },
      });
      await recordAudit(db, {
        actor,
        action: "membership_benefits.update",
        targetType: "membership_tiers",
        before: { "Advert VIP benefits": [1, 2, 3, 4, 5, 6].map(benefit) },
        after: { "Advert VIP benefits": [1, 2, 3, 4, 5, 7, 8].map(benefit) },
      });
    })();
    return seeded;
  }

  for (const viewport of [
    { width: 360, height: 760 },
    { width: 1280, height: 800 },
  ]) {
    it(`fits at ${viewport.width} px, every long value whole on demand`, async () => {
      await seed();
      const reader = await createUser(suite.app.services.db, { role: "admin", permissions: ["view_reports"] });
      const { page } = await signedInPage(suite, reader, viewport);
      await visit(page, "/admin/audit");
      await page.getByRole("heading", { level: 1, name: "Audit Log" }).waitFor();
      await expectNoSidewaysScroll(page, `audit ${viewport.width}`);
      await expectNoA11yViolations(page);
      await screenshot(page, `admin-audit-long-values-${viewport.width}`);

      // The entries in view: cards on a phone, table rows from the medium breakpoint up.
      const entries = page.locator(viewport.width < 768 ? ".ui-list-cards" : ".ui-list-table");
      const address = entries.getByTestId("audit-long-value").filter({ hasText: "cdn.example.ng" });
      // Shortened: its start and "Show all"; the whole address only once opened (a tap, no script needed).
      expect(await address.innerText()).toMatch(/^https:\/\/cdn\.example\.ng\/.*… Show all$/);
      await address.getByText("Show all").click();
      await expect.poll(() => address.innerText()).toContain(longUrl.slice(-40));
      expect((await address.innerText()).replace(/\s+/g, "")).toContain(longUrl);
      for (const more of await entries.getByTestId("audit-long-value").all()) {
        if (!(await more.evaluate((el) => (el as HTMLDetailsElement).open))) await more.locator("summary").click();
      }
      // Every value open, the user agent and the payout references in full: still nothing scrolls sideways.
      expect(await entries.innerText()).toContain(userAgent);
      expect(await entries.innerText()).toContain(references.at(-1));
      await expectNoSidewaysScroll(page, `audit ${viewport.width}, every value open`);
      await expectNoA11yViolations(page);
      await screenshot(page, `admin-audit-long-values-open-${viewport.width}`);
    });
  }

  it("opens a long value before JavaScript has loaded", async () => {
    await seed();
    const reader = await createUser(suite.app.services.db, { role: "admin", permissions: ["view_reports"] });
    const { page } = await signedInPage(suite, reader, { width: 360, height: 760 }, { javaScript: false });
    await page.goto("/admin/audit");
    const address = page
      .locator(".ui-list-cards")
      .getByTestId("audit-long-value")
      .filter({ hasText: "cdn.example.ng" });
    await address.locator("summary").click();
    await expect.poll(() => address.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    expect((await address.innerText()).replace(/\s+/g, "")).toContain(longUrl);
    await expectNoSidewaysScroll(page, "audit without JavaScript");
  });
});
