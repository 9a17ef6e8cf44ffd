import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { launchBrowser, MOBILE, openPage, waitForHydration, type BrowserSession } from "./support/browser";

let app: TestApp;
let browser: Browser;
let session: BrowserSession | undefined;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});
afterEach(async () => {
  const errors = session?.errors ?? [];
  await session?.close();
  session = undefined;
  expect(errors, "errors in the browser").toEqual([]);
});

const SPEC_TEXT =
  "Oops! The page you're looking for doesn't seem to exist. It might have been moved, deleted, or maybe you just mistyped the URL.";

describe("404 page", () => {
  it("answers an unknown path with status 404, the spec's text and a link home", async () => {
    session = await openPage(browser, app.origin, MOBILE);
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
    session = await openPage(browser, app.origin, MOBILE);
    const { page } = session;
    const response = await page.goto("/dashboard/no/such/thing");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Page Not Found");
  });
});
