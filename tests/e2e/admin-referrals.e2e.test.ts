import { describe, expect, it } from "vitest";
import { getAppSettings } from "~/domain/settings/app-settings";
import { createUser } from "~test/factories";
import { referredMember } from "~test/referrals";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  setUpBrowserSuite,
  signedInPage,
} from "./support/browser";

/**
 * The referral settings page: the reward type shows its own input, a refused percentage keeps the
 * page with the field's message, Save Settings says "Success"; the statistics; the referrals as
 * cards on a phone and a table on a desktop; and the form before JavaScript.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

async function referralAdmin() {
  return createUser(db(), { role: "admin", permissions: ["manage_referrals"] });
}

describe("Referral System Settings", () => {
  it("switches the input with the reward type, refuses 100.5, saves (360 px)", async () => {
    const { page } = await signedInPage(suite, await referralAdmin(), MOBILE);
    await page.goto("/admin/referrals");
    await expect.poll(() => page.getByRole("heading", { name: "Referral System Settings" }).isVisible()).toBe(true);
    expect(await page.getByRole("switch", { name: /Enable Referral System/ }).isChecked()).toBe(true);
    const percentage = page.getByLabel("Percentage (%)");
    const fixed = page.getByLabel("Fixed Amount (₦)");
    expect(await percentage.isVisible()).toBe(true);
    expect(await fixed.isVisible()).toBe(false);
    expect(await page.getByText("No referrals found.").isVisible()).toBe(true);
    await expectFitsAndAccessible(page, "admin-referrals-mobile");

    await percentage.fill("100.5");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expectToast(page, "Update Failed", { message: "Percentage must be between 0 and 100.", variant: "error" });
    expect(await page.getByText("Percentage must be between 0 and 100.").first().isVisible()).toBe(true);
    expect((await getAppSettings(db())).referralPercentBps).toBe(4_000);
    await dismissToast(page);

    await page.getByRole("radio", { name: "Fixed Amount" }).check();
    expect(await fixed.isVisible()).toBe(true);
    expect(await percentage.isVisible()).toBe(false);
    await fixed.fill("150");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expectToast(page, "Success", { message: "Referral settings updated.", variant: "success" });
    const saved = await getAppSettings(db());
    expect({ type: saved.referralRewardType, fixed: saved.referralFixedKobo, bps: saved.referralPercentBps }).toEqual({
      type: "fixed",
      fixed: 15_000n,
      bps: 4_000,
    });
    await expectFitsAndAccessible(page, "admin-referrals-saved-mobile");
  });

  it("shows the statistics and the referrals as cards at 360 px and a table at 1280 px", async () => {
    const referrer = await createUser(db(), { name: "Amaka Referrer", email: "amaka@admin-ref-e2e.test" });
    await referredMember(db(), referrer, { name: "Bola Pending", email: "bola@admin-ref-e2e.test" });
    await referredMember(db(), referrer, {
      name: "Chinedu Approved",
      email: "chinedu@admin-ref-e2e.test",
      approvedRewardKobo: 4_000n,
    });
    const admin = await referralAdmin();

    const phone = (await signedInPage(suite, admin, MOBILE)).page;
    await phone.goto("/admin/referrals");
    await expect.poll(() => phone.getByTestId("stat-Total Referrals").innerText()).toBe("2");
    expect(await phone.getByTestId("stat-Active Referrers").innerText()).toBe("1");
    expect(await phone.getByTestId("referral-card-chinedu@admin-ref-e2e.test").isVisible()).toBe(true);
    expect(await phone.getByTestId("referral-row-chinedu@admin-ref-e2e.test").isVisible()).toBe(false);
    await expectFitsAndAccessible(phone, "admin-referrals-list-mobile");

    const desktop = (await signedInPage(suite, admin, DESKTOP)).page;
    await desktop.goto("/admin/referrals?status=pending");
    const row = desktop.getByTestId("referral-row-bola@admin-ref-e2e.test");
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await desktop.getByTestId("referral-row-chinedu@admin-ref-e2e.test").count()).toBe(0);
    expect((await row.innerText()).replace(/\s+/g, " ")).toMatch(/Amaka Referrer .*Bola Pending .*Pending/);
    await expectFitsAndAccessible(desktop, "admin-referrals-list-desktop");
  });

  it("saves the rule before JavaScript loads (plain POST and redirect)", async () => {
    const admin = await referralAdmin();
    const { page } = await signedInPage(suite, admin, MOBILE, { javaScript: false });
    await page.goto("/admin/referrals");
    // The matching input is chosen by CSS, so it works without scripts too.
    await page.getByText("Percentage", { exact: true }).click();
    const percentage = page.getByLabel("Percentage (%)");
    expect(await percentage.isVisible()).toBe(true);
    await percentage.fill("12.5");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/referrals");
    await expect.poll(async () => (await getAppSettings(db())).referralPercentBps).toBe(1_250);
    expect((await getAppSettings(db())).referralRewardType).toBe("percentage");
    expect(await page.getByLabel("Percentage (%)").inputValue()).toBe("12.5");
  });
});
