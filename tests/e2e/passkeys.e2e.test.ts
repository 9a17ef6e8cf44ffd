import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { passkeys } from "~/db/schema";
import { createUser } from "~test/factories";
import {
  DESKTOP,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  setUpBrowserSuite,
  signIn,
  submitLogin,
  visit,
} from "./support/browser";

/**
 * Passkeys as the second step (issue 42 item 1), with Chromium's virtual authenticator (the
 * DevTools WebAuthn domain) standing in for a phone's screen lock. The app runs at
 * http://localhost: a passkey's relying party must be a domain name, not 127.0.0.1.
 */
const suite = setUpBrowserSuite({ host: "localhost" });
const db = () => suite.app.services.db;

/** A platform authenticator that says yes at once, as a phone does after its fingerprint. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

describe("a passkey", () => {
  for (const [width, viewport] of [
    ["360", MOBILE],
    ["1280", DESKTOP],
  ] as const) {
    it(`is added on the Security page and then answers the login's second step (${width} px)`, async () => {
      const admin = await createUser(db(), { role: "admin", name: `Passkey Pat ${width}` });
      const { page } = await suite.open(viewport);
      await addVirtualAuthenticator(page);
      await signIn(page, admin.email, admin.password, "/admin");

      await visit(page, "/security");
      await page.getByRole("heading", { name: "Passkeys" }).waitFor();
      await page.getByText("No passkeys yet.").waitFor();
      await page.getByLabel("Passkey name").fill("My phone");
      await page.getByRole("button", { name: "Add a passkey" }).click();
      await expectToast(page, "Passkey Added", { message: "My phone can now sign you in instead of a code." });
      await page.getByText(/Added .* · not used yet/).waitFor();
      await expectFitsAndAccessible(page, `passkeys-security-${width}`);
      expect(await db().select().from(passkeys).where(eq(passkeys.userId, admin.id))).toHaveLength(1);

      await page.context().clearCookies();
      await submitLogin(page, admin.email, admin.password);
      await page.waitForURL((url) => url.pathname === "/login/verify");
      await page.getByRole("button", { name: "Use a passkey" }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await expectToast(page, "Login Successful", { message: `Welcome back, ${admin.name}!` });
      const [key] = await db().select().from(passkeys).where(eq(passkeys.userId, admin.id));
      expect(key!.lastUsedAt).toBeInstanceOf(Date);
    });
  }
});
