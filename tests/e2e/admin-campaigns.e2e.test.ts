import { describe, expect, it } from "vitest";
import { campaigns } from "~/db/schema";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { payCampaignFromBalance } from "~/domain/campaigns/pay-campaign.server";
import { storeAdvertImage } from "~/domain/images/advert-images.server";
import { formatLagosDate } from "~/lib/lagos-time";
import { approvedAdvertiser, campaignInput, createUser, setBankDetails } from "~test/factories";
import { smallPng } from "~test/images";
import { expectLedgerReconciled } from "~test/ledger";
import { statusOf } from "~test/status";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  horizontalOverflow,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
  visit,
} from "./support/browser";

/**
 * Campaign review on /admin/campaigns in a browser (cards at 360 px, a table at 1280 px; Activate,
 * Reject through its reason dialog), and the advertiser's payouts page at both widths.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

async function campaignInReview(title: string, options: { image?: boolean } = {}) {
  const advertiser = await approvedAdvertiser(db(), { businessName: `${title} Ltd`, balanceKobo: 50_000n });
  const stored = options.image ? await storeAdvertImage(db(), advertiser.id, await smallPng(1200, 675)) : null;
  if (stored && stored.status !== "ok") throw new Error(stored.status);
  const created = await createCampaign(
    db(),
    advertiser.id,
    campaignInput({
      title,
      description: "Fresh loaves every morning from 6am, delivered across Yaba.",
      imageUrl: stored?.address ?? null,
    }),
  );
  if (created.status !== "ok") throw new Error(created.status);
  const paid = await payCampaignFromBalance(db(), advertiser.id, created.campaign.id);
  if (paid.status !== "ok") throw new Error(paid.status);
  return created.campaign;
}

describe("campaign review", () => {
  for (const [label, viewport] of [
    ["360", MOBILE],
    ["1280", DESKTOP],
  ] as const) {
    it(`activates one campaign after asking and rejects another with a reason (${label} px)`, async () => {
      const activateMe = await campaignInReview(`Bakery ${label}`, { image: true });
      const rejectMe = await campaignInReview(`Suya ${label}`);
      const admin = await createUser(db(), { role: "admin", permissions: ["manage_adverts"] });
      const { page, context } = await signedInPage(suite, admin, viewport);
      await visit(page, "/admin/campaigns");
      // A card on a phone, a table row from the medium breakpoint up.
      const shown = label === "360" ? "campaign-card" : "campaign-row";
      const entry = page.getByTestId(`${shown}-${activateMe.id}`);
      expect(await entry.isVisible()).toBe(true);
      expect(await entry.innerText()).toContain("When approved");
      await expectFitsAndAccessible(page, `admin-campaigns-${label}`);

      // The picture opens full size in a tab of its own: the image itself, served by the app.
      const [full] = await Promise.all([
        context.waitForEvent("page"),
        entry.getByRole("link", { name: `Full image of ${activateMe.title} (opens in a new tab)` }).click(),
      ]);
      await full.waitForLoadState();
      expect(new URL(full.url()).pathname).toMatch(/^\/images\/[0-9a-f]{64}$/);
      const image = await context.request.get(full.url());
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/webp");
      await full.close();

      // Activate asks first; Cancel changes nothing.
      await entry.getByRole("link", { name: `Activate ${activateMe.title}` }).click();
      const question = page.getByRole("alertdialog", { name: "Activate campaign?" });
      await question.waitFor({ state: "visible" });
      expect(await question.innerText()).toContain(`"${activateMe.title}" by Bakery ${label} Ltd becomes an advert`);
      await expectFitsAndAccessible(page, `admin-campaigns-activate-${label}`);
      await screenshot(page, `admin-campaigns-activate-dialog-${label}`, { fullPage: false });
      await question.getByRole("button", { name: "Cancel" }).click();
      await question.waitFor({ state: "detached" });
      expect(await statusOf(db(), campaigns, activateMe.id)).toBe("in_review");
      await entry.getByRole("link", { name: `Activate ${activateMe.title}` }).click();
      await question.getByRole("button", { name: "Activate", exact: true }).click();
      await expectToast(page, "Campaign Activated", { variant: "success" });
      expect(await statusOf(db(), campaigns, activateMe.id)).toBe("active");
      await dismissToast(page);

      await page.getByRole("link", { name: `Reject ${rejectMe.title}` }).click();
      const dialog = page.getByRole("dialog", { name: "Reject campaign?" });
      await dialog.waitFor({ state: "visible" });
      await expectFitsAndAccessible(page, `admin-campaigns-reject-${label}`);
      await dialog.getByRole("button", { name: "Reject Campaign" }).click();
      // Refused in the dialog, which stays open with the field's message (the toast sits behind the modal).
      await dialog.getByText("Give the advertiser a reason.").waitFor();
      await dialog.getByLabel("Reason for the advertiser").fill("The picture is blurred.");
      await dialog.getByRole("button", { name: "Reject Campaign" }).click();
      await expectToast(page, "Campaign Rejected", { variant: "success" });
      expect(await statusOf(db(), campaigns, rejectMe.id)).toBe("rejected");
      await expectLedgerReconciled(db());

      // Running, it says when it started.
      await visit(page, "/admin/campaigns?status=active");
      const running = page.getByTestId(`${shown}-${activateMe.id}`);
      await expect.poll(() => running.innerText()).toMatch(new RegExp(`Started\\s+${formatLagosDate(new Date())}`));
      await expectFitsAndAccessible(page, `admin-campaigns-active-${label}`);
    });
  }

  it("asks before Activate on the page itself before JavaScript has loaded", async () => {
    const campaign = await campaignInReview("Zobo 360");
    const admin = await createUser(db(), { role: "admin", permissions: ["manage_adverts"] });
    const { page } = await signedInPage(suite, admin, MOBILE, { javaScript: false });
    await page.goto("/admin/campaigns");
    await page
      .getByTestId(`campaign-card-${campaign.id}`)
      .getByRole("link", { name: `Activate ${campaign.title}` })
      .click();
    await page.waitForURL((url) => url.searchParams.get("activate") === campaign.id);
    const question = page.getByRole("region", { name: "Activate campaign?" });
    await expect.poll(() => question.isVisible()).toBe(true);
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("in_review");
    // (axe needs the page's script: the same question in the dialog is checked above.)
    const { scrollWidth, clientWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await screenshot(page, "admin-campaigns-activate-question-360");
    await question.getByRole("button", { name: "Activate", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin/campaigns" && !url.searchParams.has("activate"));
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("active");
  });
});

describe("advertiser payouts", () => {
  for (const [label, viewport] of [
    ["360", MOBILE],
    ["1280", DESKTOP],
  ] as const) {
    it(`fits and is accessible (${label} px)`, async () => {
      const advertiser = await approvedAdvertiser(db(), { businessName: "Ada Foods Ltd", balanceKobo: 50_000n });
      await setBankDetails(db(), advertiser.id);
      const { page } = await signedInPage(suite, advertiser, viewport);
      await visit(page, "/advertiser/payouts");
      await page.getByRole("heading", { name: "Payouts" }).waitFor();
      await expectFitsAndAccessible(page, `advertiser-payouts-${label}`);
    });
  }
});
