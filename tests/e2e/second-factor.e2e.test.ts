import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appSettings, sessions } from "~/db/schema";
import { createUser } from "~test/factories";
import { keyOnEnrolPage, unusedCode } from "~test/second-factor";
import {
  DESKTOP,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  passSecondFactor,
  screenshot,
  setUpBrowserSuite,
  signIn,
  submitLogin,
  visit,
} from "./support/browser";

/**
 * The second factor in the browser (issue 42 items 1–3), at 360 and 1280 px, axe clean: an
 * admin's enrolment at the first login, the code at the next, and the re-check a money action
 * asks for after 15 minutes, which keeps what was typed, with and without JavaScript.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

const widths = [
  ["360", MOBILE],
  ["1280", DESKTOP],
] as const;

describe("an admin's first login", () => {
  for (const [width, viewport] of widths) {
    it(`enrols an authenticator app and shows the recovery codes once (${width} px)`, async () => {
      const admin = await createUser(db(), { role: "admin", name: `Enrolling Ese ${width}` });
      const { page } = await suite.open(viewport);
      await submitLogin(page, admin.email, admin.password);
      await page.waitForURL((url) => url.pathname === "/login/enrol");
      await page.getByRole("heading", { name: "Set up two-step verification" }).waitFor();
      await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeTruthy();
      await expectFitsAndAccessible(page, `second-factor-enrol-${width}`);

      const key = keyOnEnrolPage(await page.locator("main").innerText());
      await page.getByLabel("Authentication code").fill("123 456");
      await page.getByRole("button", { name: "Turn on" }).click();
      await page.getByText("That code is not right.").waitFor();

      await page.getByLabel("Authentication code").fill(await unusedCode(admin.email, key));
      await page.getByRole("button", { name: "Turn on" }).click();
      await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
      expect(
        await page
          .getByRole("listitem")
          .filter({ hasText: /^[2-9A-Z]{5}-[2-9A-Z]{5}$/ })
          .count(),
      ).toBe(10);
      await expectFitsAndAccessible(page, `second-factor-recovery-codes-${width}`);
      await page.getByRole("button", { name: "I have saved my recovery codes" }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await expectToast(page, "Login Successful", { message: `Welcome back, ${admin.name}!` });
    });
  }
});

describe("the next login", () => {
  for (const [width, viewport] of widths) {
    it(`asks for the app's code after the password (${width} px)`, async () => {
      const admin = await createUser(db(), { role: "admin" });
      const first = await suite.open(viewport);
      await signIn(first.page, admin.email, admin.password, "/admin");

      const { page } = await suite.open(viewport);
      await submitLogin(page, admin.email, admin.password);
      await page.waitForURL((url) => url.pathname === "/login/verify");
      await page.getByRole("heading", { name: "Two-step verification" }).waitFor();
      await expectFitsAndAccessible(page, `second-factor-verify-${width}`);
      await page.getByLabel("Authentication code").fill("000000");
      await page.getByRole("button", { name: "Verify" }).click();
      await expectToast(page, "Login Failed", { message: "That code is not right." });
      await page.getByLabel("Authentication code").fill(await unusedCode(admin.email));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await expectToast(page, "Login Successful");
    });
  }
});

describe("a money action 15 minutes after the last code", () => {
  const minWithdrawal = async () =>
    (await db().select({ min: appSettings.minWithdrawalKobo }).from(appSettings))[0]!.min;

  for (const [width, viewport] of widths) {
    for (const javaScript of [true, false]) {
      it(`asks again and keeps the form (${width} px, ${javaScript ? "with" : "without"} JavaScript)`, async () => {
        const admin = await createUser(db(), { role: "admin", permissions: ["manage_settings"] });
        const { page } = await suite.open(viewport, { javaScript });
        if (javaScript) await signIn(page, admin.email, admin.password, "/admin");
        else {
          await submitLogin(page, admin.email, admin.password, { javaScript });
          await passSecondFactor(page, admin.email, "/admin");
          await page.waitForURL((url) => url.pathname === "/admin");
        }
        await db()
          .update(sessions)
          .set({ factorCheckedAt: sql`now() - interval '16 minutes'` })
          .where(eq(sessions.userId, admin.id));

        if (javaScript) await visit(page, "/admin/settings");
        else await page.goto("/admin/settings");
        const wanted = width === "360" ? "7" : "8";
        const form = page.locator("form", { has: page.getByLabel("Minimum withdrawal (₦)") });
        await form.getByLabel("Minimum withdrawal (₦)").fill(wanted);
        await form.getByRole("button").click();

        await page.waitForURL((url) => url.pathname === "/login/confirm");
        await page.getByRole("heading", { name: "Confirm it's you" }).waitFor();
        await page.getByText("To change the withdrawal limits, enter the code").waitFor();
        // axe runs in the page's script, so only the page with JavaScript is checked by it (same markup).
        if (javaScript) await expectFitsAndAccessible(page, `second-factor-confirm-${width}`);
        else await screenshot(page, `second-factor-confirm-${width}-no-js`);
        await page.getByLabel("Authentication code").fill(await unusedCode(admin.email));
        await page.getByRole("button", { name: "Confirm" }).click();
        await page.waitForURL((url) => url.pathname === "/admin/settings");
        if (javaScript) await expectToast(page, "Settings Updated");
        expect(await minWithdrawal()).toBe(BigInt(wanted) * 100n);
      });
    }
  }
});
