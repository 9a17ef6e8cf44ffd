import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { lagosDay, lagosMonth } from "~/lib/lagos-time";
import { createUser } from "~test/factories";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  setUpBrowserSuite,
  signedInPage,
  waitForHydration,
} from "./support/browser";

/**
 * The daily report's form on the admin dashboard: labelled From/To dates defaulting to this Lagos
 * month, a download that leaves the admin on the page, an invalid range answered with a toast,
 * and the card fits 1280 and 360 px with nothing serious for axe.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

const section = (page: Page) => page.getByRole("region", { name: "Download Report" });

describe("Download Report on /admin", () => {
  it("downloads the CSV for a chosen range, refuses To before From with a toast; fits 1280 and 360 px", async () => {
    const admin = await createUser(db(), { role: "admin", permissions: ["view_reports"] });
    const { page } = await signedInPage(suite, admin, DESKTOP);
    await waitForHydration(page);
    const now = new Date();
    const from = section(page).getByLabel("From", { exact: true });
    const to = section(page).getByLabel("To", { exact: true });
    expect(await from.inputValue()).toBe(lagosDay(lagosMonth(now).start));
    expect(await to.inputValue()).toBe(lagosDay(now));
    await expectFitsAndAccessible(page, "admin-daily-report-desktop");

    await from.fill("2025-07-01");
    await to.fill("2025-07-03");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section(page).getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("adnaira-daily-report-2025-07-01-to-2025-07-03.csv");
    expect(new URL(page.url()).pathname).toBe("/admin");

    await from.fill("2025-07-03");
    await to.fill("2025-07-01");
    await section(page).getByRole("button", { name: "Download CSV" }).click();
    await expectToast(page, "Report Not Downloaded", { variant: "error", message: "To not before From" });
    expect(new URL(page.url()).pathname).toBe("/admin");
    await dismissToast(page);

    await page.setViewportSize(MOBILE);
    const box = await section(page).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    await expectFitsAndAccessible(page, "admin-daily-report-mobile");
  }, 60_000);
});
