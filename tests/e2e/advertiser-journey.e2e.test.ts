import { eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { appSettings, campaigns, users } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { createUser, member, setReceivingAccount } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { latestLink } from "~test/mail";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signIn,
  signedInPage,
  type Persona,
  visit,
} from "./support/browser";

/**
 * An advertiser's whole journey through the UI, on a phone (360 px) with the key screens at
 * 1280 px too: sign up from the landing page and confirm the email, an admin approves the
 * business, a campaign with its budget (₦50.00 × 4 views + 20% fee = ₦240.00) paid by bank
 * transfer, the admin confirms the payment by its CMP-… reference and activates the campaign, a
 * member views and claims it, the report shows one verified view (₦60.00 spent, ₦180.00 left),
 * and cancelling returns ₦180.00 to the advertiser's balance; the ledger reconciles.
 * The tests run in order and share the people and the campaign.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

const BUSINESS = "Ikorodu Fresh Fish Limited";
const EMAIL = "tolu@journey-e2e.test";
const PASSWORD = "palm-wine-under-the-moon";
const ADVERTISER: Persona = { email: EMAIL, password: PASSWORD, role: "advertiser" };
const TITLE = "Fresh catfish, smoked daily in Ikorodu";

let admin: Persona;
let viewer: { email: string; password: string };
let campaignId = "";
let reference = "";

beforeAll(async () => {
  // The platform's receiving account, so that bank transfer instructions show; a 2 s dwell time.
  await setReceivingAccount(db());
  await db().update(appSettings).set({ advertDwellSeconds: 2 });
  admin = await createUser(db(), { role: "admin", permissions: ["manage_adverts"] });
  viewer = await member(db(), { name: "Ngozi Viewer" });
});

const pathname = (page: Page) => new URL(page.url()).pathname;
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();

describe("an advertiser's journey", () => {
  it("1. signs a business up from the landing page, confirms its email and awaits approval", async () => {
    const { page } = await suite.open(MOBILE);
    await visit(page, "/");
    await page.getByRole("link", { name: "Advertise with us" }).click();
    await page.waitForURL((url) => url.pathname === "/advertise");
    await expectFitsAndAccessible(page, "journey-01-advertise-360");

    await page.getByLabel("Business Name").fill(BUSINESS);
    await page.getByLabel("Contact Name").fill("Tolu Bakare");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Phone Number").fill("0803 123 4567");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Advertiser Account" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    // Said under the login heading (not in a toast over it).
    await expect.poll(() => page.getByTestId("page-toast").innerText()).toContain("Registration Successful.");

    const link = await latestLink(db(), EMAIL, "/confirm-email");
    await visit(page, link.pathname + link.search);
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await expect.poll(() => page.getByTestId("page-toast").innerText()).toContain("Email Confirmed.");

    await signIn(page, EMAIL, PASSWORD, "/advertiser");

    await dismissToast(page);
    expect(await text(page, "business-name")).toBe(BUSINESS);
    expect(await text(page, "approval-banner")).toContain("Your business is awaiting approval");
    expect(await text(page, "advertiser-balance")).toBe("₦0.00");
    // No campaign can be created yet.
    expect(await page.getByRole("link", { name: "New campaign" }).count()).toBe(0);
    await expectFitsAndAccessible(page, "journey-02-advertiser-pending-360");
  });

  it("2. an admin approves the business on Advertisers", async () => {
    const { page } = await signedInPage(suite, admin, MOBILE);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Advertisers" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/advertisers");
    await page.getByTestId(`advertiser-card-${EMAIL}`).waitFor();
    await expectFitsAndAccessible(page, "journey-03-admin-advertisers-360");

    await page.getByRole("link", { name: `Approve ${BUSINESS}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
    await expectToast(page, "Advertiser Approved", { variant: "success" });
  });

  it("3. the advertiser creates a campaign, sees its budget with the fee, and chooses bank transfer", async () => {
    const { page } = await signedInPage(suite, ADVERTISER, MOBILE);
    expect(await page.getByTestId("approval-banner").count()).toBe(0);
    await page.getByRole("link", { name: "New campaign" }).click();
    await page.waitForURL((url) => url.pathname === "/advertiser/campaigns");

    await page.getByLabel("Title").fill(TITLE);
    await page.getByLabel("Description").fill("Smoked catfish and titus, packed fresh every morning. Order by 10am.");
    await page.getByLabel("Reward per verified view (₦)").fill("50");
    await page.getByLabel("Number of views wanted").fill("4");
    const preview = page.getByTestId("budget-preview");
    await expect.poll(() => text(page, "budget-total")).toBe("₦240.00");
    expect(await text(page, "budget-rewards")).toBe("₦200.00");
    expect(await text(page, "budget-fee")).toBe("₦40.00");
    const previewText = (await preview.innerText()).replace(/\s+/g, " ");
    expect(previewText).toContain("Rewards (₦50.00 × 4 views) ₦200.00");
    expect(previewText).toContain("Platform fee (20%) ₦40.00");
    expect(previewText).toContain("Total to pay ₦240.00");
    await expectFitsAndAccessible(page, "journey-04-campaign-form-360");

    await page.getByRole("button", { name: "Create campaign" }).click();
    await page.waitForURL((url) => /^\/advertiser\/campaigns\/[^/]+$/.test(url.pathname));
    await expectToast(page, "Campaign Created", { variant: "success" });
    campaignId = pathname(page).split("/").pop()!;
    expect(await text(page, "campaign-budget")).toBe("₦240.00");
    await dismissToast(page);

    await page.getByRole("button", { name: "Pay by bank transfer" }).click();
    await expectToast(page, "Awaiting Your Payment", { variant: "success" });
    const instructions = page.getByTestId("payment-instructions");
    await instructions.waitFor();
    reference = (await text(page, "campaign-reference")).trim();
    expect(reference).toMatch(/^CMP-/);
    expect(await text(page, "payment-amount")).toBe("₦240.00");
    expect(await instructions.innerText()).toContain(`Pay ₦240.00 by bank transfer`);
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row).toMatchObject({ status: "awaiting_payment", reference, budgetKobo: 24_000n });
    await dismissToast(page);
    await expectFitsAndAccessible(page, "journey-05-campaign-awaiting-payment-360");
  });

  it("4. the admin confirms the payment by its reference and activates the campaign (review also at 1280 px)", async () => {
    const { page } = await signedInPage(suite, admin, MOBILE);
    await visit(page, "/admin/campaigns");
    await page.getByLabel("Payment reference").fill(reference);
    await page.getByRole("button", { name: "Find Campaign" }).click();
    const found = page.getByTestId("payment-campaign");
    await found.getByText(TITLE).waitFor();
    expect(await found.innerText()).toContain("₦240.00");
    await expectFitsAndAccessible(page, "journey-06-admin-payment-360");
    await found.getByRole("button", { name: "Confirm Payment" }).click();
    await expectToast(page, "Payment Confirmed", { variant: "success" });
    await dismissToast(page);

    // The campaign now waits in review: the review list at 1280 px as well.
    const desktop = (await signedInPage(suite, admin, DESKTOP, { another: "admin 1280" })).page;
    await visit(desktop, "/admin/campaigns?status=in_review");
    await desktop.getByTestId(`campaign-row-${campaignId}`).waitFor();
    await expectFitsAndAccessible(desktop, "journey-07-admin-review-1280");

    await visit(page, "/admin");
    await page.getByRole("link", { name: "Manage Campaigns" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/campaigns");
    const card = page.getByTestId(`campaign-card-${campaignId}`);
    await card.waitFor();
    expect(await card.innerText()).toContain(BUSINESS);
    await expectFitsAndAccessible(page, "journey-08-admin-review-360");
    // Activate asks first.
    await card.getByRole("link", { name: `Activate ${TITLE}` }).click();
    await page
      .getByRole("alertdialog", { name: "Activate campaign?" })
      .getByRole("button", { name: "Activate", exact: true })
      .click();
    await expectToast(page, "Campaign Activated", { variant: "success" });
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row!.status).toBe("active");
  });

  it("5. an approved member sees the advert on the dashboard, views it and claims the reward", async () => {
    const { page } = await signedInPage(suite, viewer, MOBILE);
    const card = page.getByTestId("advert-card").filter({ hasText: TITLE });
    expect(await card.innerText()).toContain("Reward: ₦50.00");
    await expectFitsAndAccessible(page, "journey-09-member-dashboard-360");

    await page.getByRole("button", { name: `View Advert: ${TITLE}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/adverts/"));
    await page.getByRole("heading", { name: TITLE }).waitFor();
    await expectFitsAndAccessible(page, "journey-10-advert-view-360");
    await page.getByTestId("countdown").filter({ hasText: "You can now claim your reward." }).waitFor();
    await page.getByRole("button", { name: "Claim Reward" }).click();
    // The attention check: the advert's title, picked by its label, then the check's Claim Reward.
    const check = page.getByTestId("attention-check");
    await check.getByRole("radio", { name: TITLE, exact: true }).check();
    await check.getByRole("button", { name: "Claim Reward" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await expectToast(page, "Reward Earned!", {
      message: "You earned ₦50.00 for viewing this advert.",
      variant: "success",
    });
    expect(await page.getByRole("button", { name: `View Advert: ${TITLE}` }).count()).toBe(0);
  });

  it("6. the advertiser's report shows one verified view, ₦60.00 spent and ₦180.00 left (360 and 1280 px)", async () => {
    for (const [label, viewport] of [
      ["360", MOBILE],
      ["1280", DESKTOP],
    ] as const) {
      const { page } = await signedInPage(suite, ADVERTISER, viewport);
      const row = page.getByRole("link", { name: TITLE }).first();
      await row.click();
      await page.waitForURL((url) => url.pathname === `/advertiser/campaigns/${campaignId}`);
      expect(await text(page, "report-views")).toBe("1");
      expect(await text(page, "report-viewers")).toBe("1");
      expect(await text(page, "report-spend")).toBe("₦60.00");
      expect(await text(page, "report-rewards")).toBe("₦50.00");
      expect(await text(page, "report-fees")).toBe("₦10.00");
      expect(await text(page, "report-funded")).toBe("₦240.00");
      expect(await text(page, "report-remaining")).toBe("₦180.00");
      expect(await text(page, "report-refunded")).toBe("₦0.00");
      await page.getByRole("group", { name: "Verified views per day" }).waitFor();
      await expectFitsAndAccessible(page, `journey-11-campaign-report-${label}`);
    }
  });

  it("7. the advertiser cancels, confirming it, and the ₦180.00 left returns to the balance", async () => {
    const { page } = await signedInPage(suite, ADVERTISER, MOBILE);
    await visit(page, `/advertiser/campaigns/${campaignId}`);
    await page.getByRole("link", { name: "Cancel campaign" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this campaign?" });
    await dialog.waitFor();
    await screenshot(page, "journey-12-cancel-dialog-360", { fullPage: false });
    await dialog.getByRole("button", { name: "Cancel campaign" }).click();
    await expectToast(page, "Campaign Cancelled", {
      message: "₦180.00 of unspent budget returned to your balance.",
      variant: "success",
    });
    expect(await text(page, "report-refunded")).toBe("₦180.00");
    expect(await text(page, "report-remaining")).toBe("₦0.00");
    expect(await page.getByRole("link", { name: "Cancel campaign" }).count()).toBe(0);
    await dismissToast(page);

    await page.getByRole("navigation", { name: "Advertiser" }).getByRole("link", { name: "Home" }).click();
    await page.waitForURL((url) => url.pathname === "/advertiser");
    expect(await text(page, "advertiser-balance")).toBe("₦180.00");
    await expectFitsAndAccessible(page, "journey-13-advertiser-home-after-cancel-360");

    // The books: balanced, the escrow empty, the advertiser's ₦180.00 back in their balance.
    await expectLedgerReconciled(db());
    const [advertiser] = await db().select().from(users).where(eq(users.email, EMAIL));
    expect((await balances(db(), advertiser!.id)).availableKobo).toBe(18_000n);
    const escrow = await db().execute(sql`
      select coalesce(sum(e.amount_kobo), 0)::text as balance, count(*)::int as entries
        from ledger_accounts a join ledger_entries e on e.account_id = a.id
       where a.kind = 'campaign_escrow' and a.campaign_id = ${campaignId}`);
    const [totals] = (escrow as unknown as { rows: { balance: string; entries: number }[] }).rows;
    expect(totals!.entries).toBeGreaterThan(0);
    expect(totals!.balance).toBe("0");
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row!.status).toBe("cancelled");

    // Members are no longer offered the cancelled campaign's advert.
    const other = await member(db(), { name: "Emeka Later" });
    const memberPage = (await signedInPage(suite, other, MOBILE, { another: "member" })).page;
    await memberPage.getByText("No available adverts at the moment. Check back later!").waitFor();
    expect(await memberPage.getByRole("button", { name: `View Advert: ${TITLE}` }).count()).toBe(0);
  });
});
