import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/db/schema";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { newId } from "~/domain/shared/ids";
import {
  advertAdmin,
  approvedAdvertiser,
  campaignInput,
  createUser,
  member,
  runningCampaign,
  setReceivingAccount,
} from "~test/factories";
import { DESKTOP, expectFitsAndAccessible, MOBILE, setUpBrowserSuite, signedInPage, visit } from "./support/browser";

/**
 * An advertiser and support in a browser, at 360 px and 1280 px: the navigation (Payouts, and
 * Messages with its unread count), the admin's reply with its Staff badge, a question about a
 * campaign sent from its page (no recipient to type), and the question in another admin's inbox
 * under the business's name, answered. The campaign page offers no bank transfer while no
 * receiving account is set.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

describe("an advertiser's messages", () => {
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    admin = await createUser(db(), { role: "admin", name: "Kemi Adeyemi" });
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`fits ${viewport.width} px and is accessible: the unread count, the reply, a question about a campaign, support's inbox`, async () => {
      await setReceivingAccount(db(), null);
      const shop = await approvedAdvertiser(db(), {
        name: "Bisi Oladipo",
        businessName: "Mama Put Kitchen and Bakery Limited",
        balanceKobo: 50_000n,
      });
      const created = await createCampaign(db(), shop.id, campaignInput({ title: "Jollof Friday at Yaba" }));
      if (created.status !== "ok") throw new Error(created.status);
      const { id: campaignId, reference } = created.campaign;
      await db().insert(messages).values({
        id: newId(),
        senderId: admin.id,
        recipientId: shop.id,
        content: "Thank you for signing up. We review new campaigns within a day; ask here if anything is unclear.",
      });
      const { page } = await signedInPage(suite, shop, viewport);
      const nav = page.getByRole("navigation", { name: "Advertiser" });
      expect(await nav.getByRole("link").allTextContents()).toEqual([
        "Home",
        "Campaigns",
        "Payouts",
        "Messages1 unread",
      ]);

      // The campaign page: no receiving account, so no bank transfer; the balance covers it.
      await visit(page, `/advertiser/campaigns/${campaignId}`);
      const payment = page.getByTestId("campaign-payment");
      expect(await payment.getByRole("button").allTextContents()).toEqual(["Pay from balance"]);
      expect(await payment.textContent()).not.toMatch(/bank transfer/i);
      await expectFitsAndAccessible(page, `advertiser-campaign-no-bank-${viewport.width}`);

      await page.getByTestId("campaign-support").getByRole("link", { name: "Message support" }).click();
      await page.waitForURL((url) => url.pathname === "/messages");
      await page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();
      const reply = page.getByTestId("message").filter({ hasText: "We review new campaigns" });
      expect(await reply.getByTestId("staff-badge").first().textContent()).toBe("Staff");
      // No recipient to type: it goes to support, about the campaign.
      expect(await page.getByLabel("Recipient's User ID").count()).toBe(0);
      expect(await page.getByTestId("message-about").textContent()).toContain(
        `About campaign Jollof Friday at Yaba (${reference})`,
      );
      await expectFitsAndAccessible(page, `advertiser-messages-${viewport.width}`);

      await page
        .getByRole("textbox", { name: "Message", exact: true })
        .fill(`Why is my campaign still in review? (${viewport.width} px)`);
      await page.getByRole("button", { name: "Send Message" }).click();
      const sent = page
        .getByTestId("message")
        .filter({ hasText: `Why is my campaign still in review? (${viewport.width} px)` });
      await sent.waitFor();
      expect(await sent.getByTestId("message-campaign").textContent()).toContain("Jollof Friday at Yaba");
      expect(await sent.getByTestId("support-unanswered").textContent()).toBe("Not answered yet");
      await expect.poll(() => nav.getByTestId("nav-unread-count").count()).toBe(0);
      await expectFitsAndAccessible(page, `advertiser-messages-sent-${viewport.width}`);

      // Another admin's inbox (one who never wrote to the business): the question, from the business.
      const tunde = await createUser(db(), { role: "admin", name: "Tunde Bello", permissions: ["manage_withdrawals"] });
      const support = await signedInPage(suite, tunde, viewport, { another: `support-${viewport.width}` });
      await visit(support.page, "/messages");
      const question = support.page
        .getByTestId("message")
        .filter({ hasText: `Why is my campaign still in review? (${viewport.width} px)` });
      await question.waitFor();
      expect(await question.locator("header").textContent()).toContain("Mama Put Kitchen and Bakery Limited");
      expect(await question.locator("header").textContent()).not.toContain("Bisi Oladipo");
      expect(await question.getByTestId("message-campaign").textContent()).toContain(reference);
      // Kemi answers: Tunde's inbox shows it answered, by her.
      await db().insert(messages).values({
        id: newId(),
        senderId: admin.id,
        recipientId: shop.id,
        content: "An admin reviews it this afternoon.",
      });
      await visit(support.page, "/messages");
      expect(await question.getByTestId("support-answered").textContent()).toContain("Answered by Kemi Adeyemi");
      await expectFitsAndAccessible(support.page, `support-inbox-${viewport.width}`);
    });

    it(`fits ${viewport.width} px and is accessible: /advertise says what views cost; members see the business of a campaign's advert`, async () => {
      const visitor = await suite.openAnother(viewport, `visitor-${viewport.width}`);
      await visit(visitor.page, "/advertise");
      expect(await visitor.page.getByTestId("advertise-pricing").textContent()).toContain(
        "at least ₦1.00, and the platform's fee is 20% of each reward: at ₦1.00 a view, each view costs you ₦1.20.",
      );
      await expectFitsAndAccessible(visitor.page, `advertise-pricing-${viewport.width}`);

      const adverts = await advertAdmin(db());
      const { advertId } = await runningCampaign(
        db(),
        adverts,
        { title: `Jollof Friday ${viewport.width}` },
        { businessName: "Mama Put Kitchen and Bakery Limited" },
      );
      const viewer = await member(db());
      const { page } = await signedInPage(suite, viewer, viewport);
      const card = page.getByTestId("advert-card").filter({ hasText: `Jollof Friday ${viewport.width}` });
      expect(await card.getByTestId("advert-business").textContent()).toBe("From Mama Put Kitchen and Bakery Limited");
      await card.scrollIntoViewIfNeeded();
      await expectFitsAndAccessible(page, `dashboard-campaign-advert-${viewport.width}`);
      await card.getByRole("button", { name: /View Advert/ }).click();
      await page.waitForURL((url) => url.pathname === `/adverts/${advertId}`);
      await page.getByRole("heading", { level: 1, name: `Jollof Friday ${viewport.width}` }).waitFor();
      expect(await page.getByTestId("advert-business").textContent()).toBe("From Mama Put Kitchen and Bakery Limited");
      await expectFitsAndAccessible(page, `advert-page-business-${viewport.width}`);
    });
  }
});
