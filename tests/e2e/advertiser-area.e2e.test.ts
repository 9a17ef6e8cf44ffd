import { beforeAll, describe, expect, it } from "vitest";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { advertAdmin, campaignInput, member, runningCampaign } from "~test/factories";
import {
  DESKTOP,
  expectFitsAndAccessible,
  MOBILE,
  type Persona,
  setUpBrowserSuite,
  signedInPage,
  visit,
} from "./support/browser";
import { claimAnswering } from "~test/claims";

/**
 * The advertiser's area in a browser: home, the campaign form with its live budget, and a
 * running campaign's page with its report, at 360 px and 1280 px, fitting and accessible.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;
let owner: Persona;
let campaignId: string;

beforeAll(async () => {
  const admin = await advertAdmin(db(), ["manage_adverts"]);
  const running = await runningCampaign(
    db(),
    admin,
    { title: "Fresh bread in Yaba, hot every morning", rewardKobo: 1_500n, viewsWanted: 40 },
    { businessName: "Mama Put Kitchen and Bakery Limited" },
  );
  for (const tier of ["basic", "silver", "gold"]) {
    const viewer = await member(db(), { tier });
    await startAdvertView(db(), viewer.id, running.advertId, new Date(Date.now() - 60 * 60 * 1000));
    await claimAnswering(db(), viewer.id, running.advertId);
  }
  const draft = await createCampaign(db(), running.advertiser.id, campaignInput({ title: "A draft for later" }));
  if (draft.status !== "ok") throw new Error(draft.status);
  owner = running.advertiser;
  campaignId = running.campaign.id;
});

describe("the advertiser's area", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`fits ${viewport.width} px and is accessible: home, campaigns with the live budget, the report`, async () => {
      const { page } = await signedInPage(suite, owner, viewport);
      await page.getByRole("heading", { name: "Mama Put Kitchen and Bakery Limited" }).waitFor();
      await expectFitsAndAccessible(page, `advertiser-home-${viewport.width}`);

      await visit(page, "/advertiser/campaigns");
      await page.getByLabel("Reward per verified view (₦)").fill("12.50");
      await page.getByLabel("Number of views wanted").fill("8");
      await expect.poll(() => page.getByTestId("budget-total").textContent()).toBe("₦120.00");
      expect(await page.getByTestId("budget-fee").textContent()).toBe("₦20.00");
      await expectFitsAndAccessible(page, `advertiser-campaigns-${viewport.width}`);
      // Under ₦1.00 a view: the live budget says so at once, and a submit is refused at the field.
      const reward = page.getByLabel("Reward per verified view (₦)");
      await reward.fill("0.99");
      await expect
        .poll(() => page.getByTestId("budget-refusal").textContent())
        .toBe("Reward per view must be at least ₦1.00.");
      await page.getByLabel("Title").fill("Too cheap a view");
      await page.getByLabel("Description").fill("Hot loaves");
      await page.getByRole("button", { name: "Create campaign" }).click();
      await expect.poll(() => reward.getAttribute("aria-invalid")).toBe("true");
      const errorId = (await reward.getAttribute("aria-describedby"))?.split(" ").find((id) => id.endsWith("-error"));
      expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe("Reward per view must be at least ₦1.00.");

      await visit(page, `/advertiser/campaigns/${campaignId}`);
      expect(await page.getByTestId("report-views").textContent()).toBe("3");
      await page.getByRole("group", { name: "Verified views per day" }).waitFor();
      await expectFitsAndAccessible(page, `advertiser-campaign-${viewport.width}`);
      await page.getByRole("link", { name: "Cancel campaign" }).click();
      await page.getByRole("alertdialog", { name: "Cancel this campaign?" }).waitFor();
    });
  }
});
