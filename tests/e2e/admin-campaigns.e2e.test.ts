import { describe, expect, it } from "vitest";
import { campaigns } from "~/db/schema";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { payCampaignFromBalance } from "~/domain/campaigns/pay-campaign.server";
import { approvedAdvertiser, campaignInput, createUser, setBankDetails } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { statusOf } from "~test/status";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
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

async function campaignInReview(title: string) {
  const advertiser = await approvedAdvertiser(db(), { businessName: `${title} Ltd`, balanceKobo: 50_000n });
  const created = await createCampaign(
    db(),
    advertiser.id,
    campaignInput({ title, description: "Fresh loaves every morning from 6am, delivered across Yaba." }),
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
    it(`activates one campaign and rejects another with a reason (${label} px)`, async () => {
      const activateMe = await campaignInReview(`Bakery ${label}`);
      const rejectMe = await campaignInReview(`Suya ${label}`);
      const admin = await createUser(db(), { role: "admin", permissions: ["manage_adverts"] });
      const { page } = await signedInPage(suite, admin, viewport);
      await visit(page, "/admin/campaigns");
      // A card on a phone, a table row from the medium breakpoint up.
      const shown = label === "360" ? "campaign-card" : "campaign-row";
      expect(await page.getByTestId(`${shown}-${activateMe.id}`).isVisible()).toBe(true);
      await expectFitsAndAccessible(page, `admin-campaigns-${label}`);

      await page
        .getByTestId(`${shown}-${activateMe.id}`)
        .getByRole("button", { name: `Activate ${activateMe.title}` })
        .click();
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
    });
  }
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
