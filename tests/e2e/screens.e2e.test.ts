import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUser } from "~test/factories";
import {
  DESKTOP,
  dismissToast,
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
