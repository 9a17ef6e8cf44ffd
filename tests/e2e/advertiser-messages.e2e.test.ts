import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/db/schema";
import { newId } from "~/domain/shared/ids";
import { approvedAdvertiser, createUser } from "~test/factories";
import { DESKTOP, expectFitsAndAccessible, MOBILE, setUpBrowserSuite, signedInPage } from "./support/browser";

/**
 * An advertiser and support in a browser, at 360 px and 1280 px: Messages in the advertiser's
 * navigation with its unread count, the admin's reply with its Staff badge, and a message sent.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

describe("an advertiser's messages", () => {
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    admin = await createUser(db(), { role: "admin", name: "Kemi Adeyemi" });
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`fits ${viewport.width} px and is accessible: the unread count, the reply, a question sent`, async () => {
      const shop = await approvedAdvertiser(db(), {
        name: "Bisi Oladipo",
        businessName: "Mama Put Kitchen and Bakery Limited",
        status: "pending",
      });
      await db().insert(messages).values({
        id: newId(),
        senderId: admin.id,
        recipientId: shop.id,
        content: "Thank you for signing up. We review new businesses within a day; ask here if anything is unclear.",
      });
      const { page } = await signedInPage(suite, shop, viewport);
      const nav = page.getByRole("navigation", { name: "Advertiser" });
      expect(await nav.getByRole("link").allTextContents()).toEqual(["Home", "Campaigns", "Messages1 unread"]);
      await nav.getByRole("link", { name: /Messages/ }).click();
      await page.waitForURL((url) => url.pathname === "/messages");
      await page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();

      const reply = page.getByTestId("message").filter({ hasText: "We review new businesses" });
      expect(await reply.getByTestId("staff-badge").first().textContent()).toBe("Staff");
      // The form starts with the ID of the admin who wrote.
      expect(await page.getByLabel("Recipient's User ID").inputValue()).toBe(admin.displayId);
      await expectFitsAndAccessible(page, `advertiser-messages-${viewport.width}`);

      await page.getByRole("textbox", { name: "Message", exact: true }).fill("When will my account be approved?");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByTestId("message").filter({ hasText: "When will my account be approved?" }).waitFor();
      await expect.poll(() => nav.getByTestId("nav-unread-count").count()).toBe(0);
      expect(await page.getByLabel("Recipient's User ID").inputValue()).toBe(admin.displayId);
      await expectFitsAndAccessible(page, `advertiser-messages-sent-${viewport.width}`);
    });
  }
});
