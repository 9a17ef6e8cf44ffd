import { describe, expect, it } from "vitest";
import { MOBILE, setUpBrowserSuite, waitForHydration } from "./support/browser";

// Hydration mismatches, CSP violations and uncaught exceptions in the browser fail the test.
const suite = setUpBrowserSuite();

const SPEC_TEXT =
  "Oops! The page you're looking for doesn't seem to exist. It might have been moved, deleted, or maybe you just mistyped the URL.";

describe("404 page", () => {
  it("answers an unknown path with status 404, its text and a link home", async () => {
    const session = await suite.open(MOBILE);
    const { page } = session;
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);

    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Page Not Found");
    const main = (await page.locator("main").innerText()).replace(/\s+/g, " ");
    expect(main).toContain(SPEC_TEXT);
    await expect(page.title()).resolves.toContain("Page Not Found");

    const home = page.locator("main").getByRole("link", { name: /home/i });
    await expect(home.getAttribute("href")).resolves.toBe("/");
    await home.click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("link", { name: "Get Started Now" }).waitFor({ state: "visible" });
  });

  it("is a 404 for nested unknown paths too", async () => {
    const session = await suite.open(MOBILE);
    const { page } = session;
    const response = await page.goto("/dashboard/no/such/thing");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Page Not Found");
  });
});
