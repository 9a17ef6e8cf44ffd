import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { advertiserProfiles, users } from "~/db/schema";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { submitCampaignForPayment } from "~/domain/campaigns/pay-campaign.server";
import { approvedAdvertiser, campaignInput, createUser } from "~test/factories";
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
 * Advertisers: the /advertise sign-up form on a phone, and the admin's page (cards at 360 px, a
 * table at 1280 px): approve and reject in dialogs, and a campaign's payment looked up and confirmed.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

describe("Advertise with us", () => {
  it("signs a business up from the landing page (360 px)", async () => {
    const { page } = await suite.open(MOBILE);
    await visit(page, "/");
    await expectFitsAndAccessible(page, "landing-advertise-mobile");
    await page.getByRole("link", { name: "Advertise with us" }).click();
    await page.waitForURL((url) => url.pathname === "/advertise");
    await expectFitsAndAccessible(page, "advertise-mobile");

    await page.getByLabel("Business Name").fill("Yaba Fresh Bread");
    await page.getByLabel("Contact Name").fill("Kemi Adeyemi");
    await page.getByLabel("Email").fill("kemi@advertisers-e2e.test");
    await page.getByLabel("Phone Number").fill("0803 123 456");
    await page.getByLabel("Password", { exact: true }).fill("kola-nut-evening-breeze");
    await page.getByLabel("Confirm Password").fill("kola-nut-evening-breeze");
    await page.getByRole("button", { name: "Create Advertiser Account" }).click();
    await expect.poll(() => page.getByText("Enter a Nigerian phone number").first().isVisible()).toBe(true);
    await expectFitsAndAccessible(page, "advertise-refused-mobile");

    await page.getByLabel("Phone Number").fill("0803 123 4567");
    await page.getByLabel("Password", { exact: true }).fill("kola-nut-evening-breeze");
    await page.getByLabel("Confirm Password").fill("kola-nut-evening-breeze");
    await page.getByRole("button", { name: "Create Advertiser Account" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    // Said under the login heading (not in a toast over it).
    await expect
      .poll(() => page.getByTestId("page-toast").innerText())
      .toBe("Registration Successful. Please check your email to confirm your account.");
    const [user] = await db().select().from(users).where(eq(users.email, "kemi@advertisers-e2e.test"));
    expect(user!.role).toBe("advertiser");
  });
});

describe("/admin/advertisers", () => {
  it("approves and rejects in dialogs and confirms a payment; cards at 360 px, a table at 1280 px", async () => {
    const approve = await approvedAdvertiser(db(), {
      status: "pending",
      businessName: "Lekki Paints and Coatings Nigeria Limited",
      email: "lekki@advertisers-e2e.test",
    });
    const reject = await approvedAdvertiser(db(), { status: "pending", businessName: "Oshodi Phones" });
    const paying = await approvedAdvertiser(db(), { businessName: "Ikeja Shoes", balanceKobo: 250_000n });
    const created = await createCampaign(db(), paying.id, campaignInput({ title: "Back to school sale" }));
    if (created.status !== "ok") throw new Error(created.status);
    await submitCampaignForPayment(db(), paying.id, created.campaign.id);
    const admin = await createUser(db(), { role: "admin", permissions: ["manage_adverts"] });

    const { page } = await signedInPage(suite, admin, MOBILE);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Advertisers" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/advertisers");
    await expect.poll(() => page.getByTestId("advertiser-card-lekki@advertisers-e2e.test").isVisible()).toBe(true);
    await expectFitsAndAccessible(page, "admin-advertisers-mobile");

    await page.getByRole("link", { name: "Approve Lekki Paints and Coatings Nigeria Limited" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expectToast(page, "Advertiser Approved", { variant: "success" });
    await expect.poll(() => statusOf(db(), advertiserProfiles, approve.id, advertiserProfiles.userId)).toBe("approved");
    await dismissToast(page);

    await page.getByRole("link", { name: "Reject Oshodi Phones" }).click();
    const rejectDialog = page.getByTestId("reject-advertiser-dialog");
    await rejectDialog.waitFor({ state: "visible" });
    await screenshot(page, "admin-advertisers-reject-mobile", { fullPage: false });
    await rejectDialog.getByRole("button", { name: "Reject Advertiser" }).click();
    await expect.poll(() => rejectDialog.getByText("Please give a reason for the rejection").isVisible()).toBe(true);
    await rejectDialog.getByLabel("Reason").fill("We could not verify the business");
    await rejectDialog.getByRole("button", { name: "Reject Advertiser" }).click();
    await expectToast(page, "Advertiser Rejected", { variant: "success" });
    await expect.poll(() => statusOf(db(), advertiserProfiles, reject.id, advertiserProfiles.userId)).toBe("rejected");
    await dismissToast(page);

    // Payments are confirmed on Campaigns.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Campaigns" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/campaigns");
    await page.getByLabel("Payment reference").fill(created.campaign.reference);
    await page.getByRole("button", { name: "Find Campaign" }).click();
    const found = page.getByTestId("payment-campaign");
    await expect.poll(() => found.getByText("Back to school sale").isVisible()).toBe(true);
    await expectFitsAndAccessible(page, "admin-campaigns-payment-mobile");
    await found.getByRole("button", { name: "Confirm Payment" }).click();
    await expectToast(page, "Payment Confirmed", { variant: "success" });
    await expect
      .poll(() => found.getByText("This campaign's payment has already been confirmed.").isVisible())
      .toBe(true);

    const desktop = (await signedInPage(suite, admin, DESKTOP)).page;
    await visit(desktop, "/admin/advertisers?status=all");
    await expect.poll(() => desktop.getByTestId(`advertiser-row-${paying.email}`).isVisible()).toBe(true);
    expect(await desktop.getByTestId(`advertiser-row-${paying.email}`).innerText()).toContain("₦2,500.00");
    await expectFitsAndAccessible(desktop, "admin-advertisers-desktop");
  });

  it("restricts an advertiser in a dialog and unrestricts without JavaScript; cards at 360 px", async () => {
    const business = await approvedAdvertiser(db(), {
      businessName: "Agege Bread and Confectionery Wholesale Limited",
      email: "agege@advertisers-e2e.test",
    });
    const admin = await createUser(db(), { role: "admin", permissions: ["manage_adverts"] });
    const restrictedOf = async () =>
      (await db().select().from(users).where(eq(users.id, business.id)))[0]!.isRestricted;

    const { page } = await signedInPage(suite, admin, MOBILE);
    await visit(page, "/admin/advertisers?status=approved&q=agege");
    const card = page.getByTestId("advertiser-card-agege@advertisers-e2e.test");
    await expect.poll(() => card.isVisible()).toBe(true);

    await card.getByRole("link", { name: "Restrict Agege Bread and Confectionery Wholesale Limited" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.innerText()).toContain("Stop and reject");
    await expectFitsAndAccessible(page, "admin-advertisers-restrict-mobile");
    await screenshot(page, "admin-advertisers-restrict-dialog-mobile", { fullPage: false });
    await dialog.getByRole("button", { name: "Restrict" }).click();
    await expectToast(page, "Advertiser Restricted", { variant: "success" });
    await expect.poll(restrictedOf).toBe(true);
    await dismissToast(page);
    await expect.poll(() => card.getByText("Restricted", { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() =>
        card.getByRole("link", { name: "Unrestrict Agege Bread and Confectionery Wholesale Limited" }).isVisible(),
      )
      .toBe(true);
    await expectFitsAndAccessible(page, "admin-advertisers-restricted-mobile");

    // Without JavaScript: the link asks on the page, and the plain form unrestricts.
    const noScript = (await signedInPage(suite, admin, MOBILE, { javaScript: false })).page;
    await noScript.goto("/admin/advertisers?status=approved&q=agege");
    await noScript
      .getByTestId("advertiser-card-agege@advertisers-e2e.test")
      .getByRole("link", { name: "Unrestrict Agege Bread and Confectionery Wholesale Limited" })
      .click();
    await noScript.waitForURL((url) => url.searchParams.has("unrestrict"));
    await expect.poll(() => noScript.getByText("Unrestrict advertiser?").isVisible()).toBe(true);
    await screenshot(noScript, "admin-advertisers-unrestrict-question-mobile", { fullPage: false });
    await noScript.getByRole("button", { name: "Unrestrict", exact: true }).click();
    await expect.poll(() => noScript.getByRole("status").first().innerText()).toContain("Advertiser Unrestricted");
    await expect.poll(restrictedOf).toBe(false);
  });
});
