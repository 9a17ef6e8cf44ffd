import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { createUser } from "~test/factories";
import { latestLink } from "~test/mail";
import {
  currentToast,
  expectFitsAndAccessible,
  expectToast,
  hueOf,
  MOBILE,
  rgbOf,
  signIn,
  toastRegion,
  setUpBrowserSuite,
  signedInPage,
  submitLogin,
  submitRegistration,
  visit,
  waitForHydration,
} from "./support/browser";

// Hydration mismatches, CSP violations and uncaught exceptions in the browser fail the test.
const suite = setUpBrowserSuite();

/** A phone's first screen (issue 40). */
const PHONE = { width: 360, height: 760 } as const;

/**
 * What brought the member to /login (their sign-up's answer, their email confirmed) is said under
 * the heading, in the page, and no toast covers the heading: nothing but the heading is found at
 * its corners and centre, once any toast would have shown.
 */
async function expectSaidOnLogin(page: Page, said: string) {
  const heading = page.getByRole("heading", { name: "Log in", level: 1 });
  await heading.waitFor();
  expect((await page.getByTestId("page-toast").innerText()).replace(/\s+/g, " ").trim()).toBe(said);
  await page.waitForTimeout(1_000); // the toast region loads after hydration
  expect(await currentToast(page).count()).toBe(0);
  const covered = await heading.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const points = [
      [box.left + 2, box.top + 2],
      [box.right - 2, box.top + 2],
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + 2, box.bottom - 2],
    ];
    return points.filter(([x, y]) => !el.contains(document.elementFromPoint(x!, y!))).length;
  });
  expect(covered, "points of the heading covered").toBe(0);
  const box = await heading.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
}

let seq = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${++seq}@example.ng`;
const PASSWORD = "Naira-Rewards-2024!";

describe("register, confirm, sign in, sign out", () => {
  it("takes a new user from the register form to a pending dashboard and back out", async () => {
    const session = await suite.open(PHONE);
    const { page } = session;
    const name = "Chiamaka Okafor";
    const email = uniqueEmail("chiamaka");

    // Register: on success goes to /login, which says so under its heading; no toast covers it.
    await visit(page, "/register");
    await submitRegistration(page, { name, email, password: PASSWORD });
    await page.waitForURL((url) => url.pathname === "/login");
    await waitForHydration(page);
    await expectSaidOnLogin(page, "Registration Successful. Please check your email to confirm your account.");
    await expectFitsAndAccessible(page, "login-after-sign-up-360");

    // Confirm through the emailed link: opening it only shows a button; pressing it confirms.
    const link = await latestLink(suite.app.services.db, email, "/confirm-email");
    expect(link.origin).toBe(suite.app.origin);
    await visit(page, link.pathname + link.search);
    await expect(page.getByRole("heading", { name: "Confirm your email" }).isVisible()).resolves.toBe(true);
    const [stillUnconfirmed] = await suite.app.services.db.select().from(users).where(eq(users.email, email));
    expect(stillUnconfirmed?.emailConfirmedAt).toBeNull();
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await expectSaidOnLogin(page, "Email Confirmed. Your email address is confirmed. You can now log in.");
    const [confirmed] = await suite.app.services.db.select().from(users).where(eq(users.email, email));
    expect(confirmed?.emailConfirmedAt).toBeInstanceOf(Date);

    // Sign in: a new user lands on /dashboard, pending approval, on the fallback membership.
    await signIn(page, email, PASSWORD, "/dashboard");
    await expectToast(page, "Login Successful", { message: `Welcome back, ${name}!`, variant: "success" });
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(`Welcome, ${name}!`);
    await expect(page.locator("main").innerText()).resolves.toMatch(/Membership:\s*Basic Member/);
    const banner = page.getByTestId("pending-approval");
    await expect(banner.isVisible()).resolves.toBe(true);
    await expect(banner.innerText()).resolves.toMatch(/pending approval/i);
    // "Yellow" banner: a light yellow background (hue ~40-70 degrees in sRGB).
    const bannerBg = await rgbOf(banner, "backgroundColor");
    expect(hueOf(bannerBg), `banner background rgb(${bannerBg.join(",")})`).toBeGreaterThanOrEqual(35);
    expect(hueOf(bannerBg), `banner background rgb(${bannerBg.join(",")})`).toBeLessThanOrEqual(75);

    // Avatar menu shows name and email; Logout returns to / with the "Logged Out" toast.
    const avatar = page.getByRole("button", { name: `Account menu for ${name}` });
    await avatar.click();
    const menu = page.getByRole("menu");
    await menu.waitFor({ state: "visible" });
    const menuText = await menu.innerText();
    expect(menuText).toContain(name);
    expect(menuText).toContain(email);
    await expect(menu.getByRole("menuitem", { name: "Dashboard" }).getAttribute("href")).resolves.toBe("/dashboard");
    await expect(menu.getByRole("menuitem", { name: "Profile" }).getAttribute("href")).resolves.toBe("/profile");
    await expect(menu.getByRole("menuitem", { name: "App Settings" }).count()).resolves.toBe(0);
    await menu.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectToast(page, "Logged Out", { message: "You have been successfully logged out." });
    const topBar = page.getByRole("banner");
    await expect(topBar.getByRole("link", { name: "Login", exact: true }).isVisible()).resolves.toBe(true);
    await expect(topBar.getByRole("link", { name: "Sign Up", exact: true }).isVisible()).resolves.toBe(true);
    await expect(avatar.count()).resolves.toBe(0);

    // The session is really gone: the dashboard sends us to /login.
    await page.goto("/dashboard");
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});

describe("account menu", () => {
  it("logs out from the keyboard too", async () => {
    const user = await createUser(suite.app.services.db, { name: "Bola Ahmed", isApproved: false });
    const { page } = await signedInPage(suite, user, MOBILE);
    await page.getByRole("button", { name: "Account menu for Bola Ahmed" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor({ state: "visible" });
    // Radix moves the focus in a timeout after a key press: each press waits for its move, or a
    // press sent in between would start from the old item again.
    const focusOn = (text: string) =>
      page.waitForFunction((t) => document.activeElement?.textContent?.trim() === t, text);
    await focusOn("Dashboard");
    for (const next of ["Profile", "Messages", "Notice Board", "My Referrals", "Statement", "Logout"]) {
      await page.keyboard.press("ArrowDown");
      await focusOn(next);
    }
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/");
    await expectToast(page, "Logged Out", { message: "You have been successfully logged out." });
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.name)).not.toContain("adnaira_session");
  });
});

describe("register validation", () => {
  it('shows "Password Mismatch" / "Passwords don\'t match!" and creates no account', async () => {
    const session = await suite.open(MOBILE);
    const { page } = session;
    const email = uniqueEmail("mismatch");
    await visit(page, "/register");
    await submitRegistration(page, { name: "Emeka Nwosu", email, password: PASSWORD, confirmPassword: `${PASSWORD}x` });

    const toast = await expectToast(page, "Password Mismatch", { message: "Passwords don't match!", variant: "error" });
    // Error toasts are red.
    const bg = await rgbOf(toast, "backgroundColor");
    const hue = hueOf(bg);
    expect(hue < 15 || hue > 345, `toast background rgb(${bg.join(",")})`).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/register");
    // The typed name and email survive; the field error is tied to Confirm Password.
    await expect(page.getByLabel("Full Name").inputValue()).resolves.toBe("Emeka Nwosu");
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe(email);
    await expect(page.getByLabel("Confirm Password").getAttribute("aria-invalid")).resolves.toBe("true");
    const rows = await suite.app.services.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });
});

describe("register with a referral link", () => {
  it("a friend's code says a friend invited you; a code that matches no member does not, and says why", async () => {
    const friend = await createUser(suite.app.services.db, { name: "Kunle Friend" });
    const { page } = await suite.open(PHONE);
    await visit(page, `/register?ref=${friend.referralCode}`);
    await expect(page.getByTestId("invited").innerText()).resolves.toBe(
      "A friend invited you: their referral code is filled in below.",
    );
    await expect(page.getByLabel("Referral Code (Optional)").inputValue()).resolves.toBe(friend.referralCode);

    // A link cut short: no invitation; the code is there to fix or clear, with the reason.
    const wrong = friend.referralCode.slice(0, 7);
    await visit(page, `/register?ref=${wrong}`);
    expect(await page.getByTestId("invited").count()).toBe(0);
    expect(await page.getByText("A friend invited you").count()).toBe(0);
    expect(await page.title()).not.toContain("invited");
    const field = page.getByLabel("Referral Code (Optional)");
    await expect(field.inputValue()).resolves.toBe(wrong);
    await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
    await page.getByText("Referral code not found").waitFor();
    await expectFitsAndAccessible(page, "register-wrong-ref-360");
    // Cleared, it signs up without a referral.
    const email = uniqueEmail("unreferred");
    await field.fill("");
    await submitRegistration(page, { name: "Tobi Unreferred", email, password: PASSWORD });
    await page.waitForURL((url) => url.pathname === "/login");
    const [created] = await suite.app.services.db.select().from(users).where(eq(users.email, email));
    expect(created?.referredById).toBeNull();
  });
});

describe("login page", () => {
  it("shows and hides the password with an accessible toggle", async () => {
    const session = await suite.open(MOBILE);
    const { page } = session;
    await visit(page, "/login");
    const input = page.getByLabel("Password", { exact: true });
    await input.fill("s3cret-Value");
    await expect(input.getAttribute("type")).resolves.toBe("password");

    const show = page.getByRole("button", { name: "Show password" });
    await expect(show.getAttribute("aria-pressed")).resolves.toBe("false");
    await show.click();
    await expect(input.getAttribute("type")).resolves.toBe("text");
    const hide = page.getByRole("button", { name: "Hide password" });
    await expect(hide.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(input.inputValue()).resolves.toBe("s3cret-Value");

    await hide.click();
    await expect(input.getAttribute("type")).resolves.toBe("password");
    await expect(page.getByRole("button", { name: "Show password" }).getAttribute("aria-pressed")).resolves.toBe(
      "false",
    );
  });

  it("F8 moves focus to the toast region while a toast shows; the toast can be closed", async () => {
    const session = await suite.open(MOBILE);
    const { page } = session;
    await submitLogin(page, uniqueEmail("nobody"), "wrong-password-1");
    await expectToast(page, "Login Failed", { message: "Invalid email or password", variant: "error" });

    const focusedRegion = () =>
      page.evaluate(() => document.activeElement?.closest("[role='region']")?.getAttribute("aria-label") ?? null);
    await page.getByLabel("Email").focus();
    expect(await focusedRegion()).toBeNull();
    await page.keyboard.press("F8");
    expect(await focusedRegion()).toBe("Notifications (F8)");

    await currentToast(page).getByRole("button", { name: "Close" }).click();
    await currentToast(page).waitFor({ state: "detached" });
    await expect(toastRegion(page).locator("li").count()).resolves.toBe(0);
  });

  it("a toast closes by itself after about 5 seconds", async () => {
    const session = await suite.open(MOBILE);
    const { page } = session;
    await submitLogin(page, uniqueEmail("nobody"), "wrong-password-2");
    const toast = await expectToast(page, "Login Failed");
    const shownAt = Date.now();
    // Park the pointer away from the toast (top of the screen on phones): hovering pauses its timer.
    await page.mouse.move(MOBILE.width / 2, MOBILE.height - 5);
    await page.waitForTimeout(3_500);
    await expect(toast.isVisible()).resolves.toBe(true);
    await toast.waitFor({ state: "detached", timeout: 6_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4_000);
  });
});
