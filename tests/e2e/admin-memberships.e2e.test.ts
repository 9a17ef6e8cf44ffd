import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { membershipTiers, upgradeRequests } from "~/db/schema";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import { GTB, GTB_ACCOUNT, withWrongCheckDigit } from "~test/bank-accounts";
import { createUser, creditUser, member, setReceivingAccount } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { statusOf } from "~test/status";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
  visit,
} from "./support/browser";

/**
 * Manage Memberships in a browser: the Update Membership Prices dialog (a refusal keeps it open
 * with the field's message; Save Changes closes it with "Prices Updated"), Approve and Reject
 * through their confirmation dialogs, the list as cards at 360 px and a table at 1280 px, and
 * a decision before JavaScript loads.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

async function membershipsAdmin() {
  return createUser(db(), { role: "admin", permissions: ["manage_memberships"] });
}

async function pendingUpgrade(name: string, method: "balance" | "bank_transfer") {
  const m = await member(db(), { name });
  await creditUser(db(), m.id, 100_000n);
  if (method === "bank_transfer") await setReceivingAccount(db()); // offered only with one
  const result = await requestUpgrade(db(), { userId: m.id, tierId: "bronze", method });
  if (result.status !== "ok") throw new Error(`requestUpgrade: ${result.status}`);
  return result.request;
}

const silver = async () => (await db().select().from(membershipTiers).where(eq(membershipTiers.id, "silver")))[0]!;

describe("Manage Memberships", () => {
  it("updates prices through the dialog, approves one request and rejects another (1280 px)", async () => {
    const approveMe = await pendingUpgrade("Adaeze Approve", "balance");
    const rejectMe = await pendingUpgrade("Bayo Reject", "bank_transfer");
    const { page } = await signedInPage(suite, await membershipsAdmin(), DESKTOP);
    await visit(page, "/admin/memberships");
    expect(await page.getByTestId("tier-row-silver").isVisible()).toBe(true);
    expect(await page.getByTestId(`upgrade-row-${approveMe.reference}`).isVisible()).toBe(true);
    await expectFitsAndAccessible(page, "admin-memberships-desktop");

    await page.getByRole("button", { name: "Update Membership Prices" }).click();
    const dialog = page.getByRole("dialog", { name: "Update Membership Prices" });
    await dialog.waitFor({ state: "visible" });
    await dialog.getByLabel("Advert Silver price (₦)").fill("400");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    const refusal = "Advert Silver must cost more than Advert Bronze (₦500.00).";
    await expectToast(page, "Update Failed", { message: refusal, variant: "error" });
    expect(await dialog.getByText(refusal).isVisible()).toBe(true);
    expect((await silver()).priceKobo).toBe(100_000n);
    await dismissToast(page);
    await expectFitsAndAccessible(page, "admin-memberships-prices-dialog-desktop");

    await dialog.getByLabel("Advert Silver price (₦)").fill("1,200");
    await dialog.getByLabel("Advert Silver daily advert limit").fill("25");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Prices Updated", { variant: "success" });
    await dialog.waitFor({ state: "detached" });
    expect(await silver()).toMatchObject({ priceKobo: 120_000n, dailyAdViews: 25 });
    await expect.poll(() => page.getByTestId("tier-row-silver").innerText()).toMatch(/₦1,200\.00\s+25 adverts a day/);
    await dismissToast(page);

    await page.getByRole("button", { name: new RegExp(`^Approve upgrade ${approveMe.reference}`) }).click();
    const confirmApprove = page.getByRole("alertdialog", { name: "Approve upgrade?" });
    await confirmApprove.waitFor({ state: "visible" });
    await screenshot(page, "admin-memberships-approve-confirm-desktop");
    await confirmApprove.getByRole("button", { name: "Approve", exact: true }).click();
    await expectToast(page, "Upgrade Approved", { variant: "success" });
    expect(await statusOf(db(), upgradeRequests, approveMe.id)).toBe("approved");
    await dismissToast(page);

    await page.getByRole("button", { name: new RegExp(`^Reject upgrade ${rejectMe.reference}`) }).click();
    const confirmReject = page.getByRole("alertdialog", { name: "Reject upgrade?" });
    await confirmReject.getByRole("button", { name: "Reject", exact: true }).click();
    await expectToast(page, "Upgrade Rejected", {
      message: "The membership upgrade request has been rejected.",
      variant: "success",
    });
    expect(await statusOf(db(), upgradeRequests, rejectMe.id)).toBe("rejected");
    await expect.poll(() => page.getByText("No pending upgrade requests", { exact: true }).isVisible()).toBe(true);
    await dismissToast(page);
    await expectFitsAndAccessible(page, "admin-memberships-decided-desktop");
    await expectLedgerReconciled(db());
  });

  it("shows tiers and requests as cards at 360 px, with the dialog fitting the screen", async () => {
    const request = await pendingUpgrade("Chiamaka Phone", "bank_transfer");
    const { page } = await signedInPage(suite, await membershipsAdmin(), MOBILE);
    await visit(page, "/admin/memberships");
    expect(await page.getByTestId("tier-card-vip").isVisible()).toBe(true);
    expect(await page.getByTestId("tier-row-vip").isVisible()).toBe(false);
    expect(await page.getByTestId(`upgrade-card-${request.reference}`).isVisible()).toBe(true);
    await expectFitsAndAccessible(page, "admin-memberships-mobile");
    await page.getByRole("button", { name: "Update Membership Prices" }).click();
    await page.getByRole("dialog", { name: "Update Membership Prices" }).waitFor({ state: "visible" });
    await expectFitsAndAccessible(page, "admin-memberships-prices-dialog-mobile");
    await page.getByRole("button", { name: "Cancel" }).click();

    await page.getByLabel("Bank", { exact: true }).selectOption(GTB);
    await page.getByLabel("Account Number").fill(withWrongCheckDigit(GTB_ACCOUNT));
    await page.getByLabel("Account Name").fill("AdNaira Technologies Ltd");
    await page.getByRole("button", { name: "Save Receiving Account" }).click();
    await expectToast(page, "Update Failed", { message: "not valid for the selected bank", variant: "error" });
    await dismissToast(page);
    await page.getByLabel("Account Number").fill(GTB_ACCOUNT);
    await page.getByRole("button", { name: "Save Receiving Account" }).click();
    await expectToast(page, "Receiving Account Updated", { variant: "success" });
    expect(await page.getByTestId("receiving-account").innerText()).toContain(GTB_ACCOUNT);
    expect((await getAppSettings(db())).receivingAccountNumber).toBe(GTB_ACCOUNT);
    await dismissToast(page);
    await expectFitsAndAccessible(page, "admin-memberships-receiving-account-mobile");
  });

  it("approves before JavaScript loads (a plain post; the answer said on the page)", async () => {
    const request = await pendingUpgrade("Dayo NoScript", "balance");
    const admin = await membershipsAdmin();
    const { page } = await signedInPage(suite, admin, MOBILE, { javaScript: false });
    await page.goto(`/admin/memberships?q=${request.reference}`);
    await page
      .getByTestId(`upgrade-card-${request.reference}`)
      .getByRole("button", { name: new RegExp(`^Approve upgrade ${request.reference}`) })
      .click();
    await expect.poll(() => page.getByRole("status").first().innerText()).toContain("Upgrade Approved");
    expect(await statusOf(db(), upgradeRequests, request.id)).toBe("approved");
    // No axe here: it runs as a script, and this page has none.
    await screenshot(page, "admin-memberships-nojs-mobile");
  });
});
