import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/db/schema";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { MESSAGE_RATE_LIMITS, SUPPORT_INBOX_TEXT } from "~/domain/messages/rules";
import { SEND_MESSAGE_REFUSALS } from "~/domain/messages/send-message.server";
import { newId } from "~/domain/shared/ids";
import { campaignInput } from "~test/factories";
import { signInAdmin, signInAdvertiser, signInMember } from "~test/sign-in";
import { pageText, startTestApp, type HttpClient, type TestApp } from "~test/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const db = () => app.services.db;

/** An advertiser's Send Message form: no recipient, only the text (and the campaign it is about). */
const ask = (client: HttpClient, content: string, extra: Record<string, string> = {}) =>
  client.post("/messages", { intent: "send", content, ...extra });

/** The message cards of a /messages page. */
const cardsOf = (html: string) => html.split('data-testid="message"').slice(1);
const cardWith = (html: string, content: string) => cardsOf(html).find((card) => card.includes(content));
/** The ids of the messages a /messages page shows as unread (its Mark as read form). */
const unreadIdsOf = (html: string) =>
  [...html.matchAll(/<input type="hidden" name="id" value="([^"]+)"/g)].map((m) => m[1]!);
/** The header's account menu: "Account menu for <name>, N unread messages". */
const accountMenuOf = (html: string) => /aria-label="(Account menu for [^"]*)"/.exec(html)?.[1] ?? null;

describe("an advertiser and support", () => {
  it("writes to support with no ID to type; every admin sees it under the business name, one answers, all see it answered", async () => {
    const shop = await signInAdvertiser(app, {
      status: "pending",
      name: "Bisi Oladipo",
      businessName: "Bisi Bakery",
      landed: true,
    });
    const kemi = await signInAdmin(app, ["manage_adverts"], { name: "Kemi Adeyemi", landed: true });
    const tunde = await signInAdmin(app, ["manage_withdrawals"], { name: "Tunde Bello", landed: true });

    const first = await shop.client.get("/messages");
    expect(first.status).toBe(200);
    expect(first.body).toContain('data-testid="advertiser-nav"');
    expect(first.body).not.toContain('name="recipientId"');
    expect(pageText(first.body)).toContain(`To: Support. ${SUPPORT_INBOX_TEXT}`);

    const asked = await ask(shop.client, "When will my account be approved?");
    expect(asked.status).toBe(200);
    expect(asked.body).toContain("Message sent.");
    // A recipient posted anyway (a crafted form) changes nothing: it goes to support.
    expect((await ask(shop.client, "Hello Kemi", { recipientId: kemi.user.displayId })).status).toBe(200);
    const stored = await db().select().from(messages).where(eq(messages.senderId, shop.user.id));
    expect(stored.map((m) => m.recipientId)).toEqual([null, null]);

    // Every admin finds both in their inbox, unread, from the business (not its contact's name).
    for (const admin of [kemi, tunde]) {
      const page = await admin.client.get("/messages");
      const card = cardWith(page.body, "When will my account be approved?")!;
      expect(card).toBeDefined();
      const [from] = card.split("<time");
      expect(from).toContain("Bisi Bakery");
      expect(from).toContain(shop.user.displayId);
      expect(card).not.toContain("Bisi Oladipo");
      expect(from).not.toContain('data-testid="staff-badge"');
      expect(pageText(card)).toContain("To: Support");
      expect(card).toContain('data-testid="support-unanswered"');
      expect(accountMenuOf(page.body)).toBe(`Account menu for ${admin.user.name}, 2 unread messages`);
    }

    // Kemi's page marks them read (as its script does): read for Tunde too.
    const kemiPage = await kemi.client.get("/messages");
    const ids = unreadIdsOf(kemiPage.body);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect((await kemi.client.post("/messages", { intent: "mark-read", id })).status).toBe(200);
    expect(accountMenuOf((await tunde.client.get("/messages")).body)).toBe("Account menu for Tunde Bello");

    // Kemi answers (Reply fills in the business's ID): Tunde sees the question answered, by her.
    expect(cardWith(kemiPage.body, "When will my account be approved?")).toContain(
      `href="/messages?to=${shop.user.displayId}"`,
    );
    const answer = await kemi.client.post("/messages", {
      intent: "send",
      recipientId: shop.user.displayId,
      content: "Today. Thank you for waiting.",
    });
    expect(answer.status).toBe(200);
    const tundePage = await tunde.client.get("/messages");
    const answered = cardWith(tundePage.body, "When will my account be approved?")!;
    expect(answered).toMatch(/data-testid="support-answered"[^>]*>Answered by <bdi>Kemi Adeyemi<\/bdi>/);
    // Kemi's answer itself is between her and the business.
    expect(cardWith(tundePage.body, "Today. Thank you for waiting.")).toBeUndefined();

    const home = await shop.client.get("/advertiser");
    expect(home.body).toMatch(/data-testid="nav-unread-count"[^>]*>1</);
    const inbox = await shop.client.get("/messages");
    expect(cardWith(inbox.body, "Today. Thank you for waiting.")).toMatch(
      /Kemi Adeyemi[\s\S]*data-testid="staff-badge"[^>]*>Staff</,
    );
    // The business's own question shows it was answered, and still no recipient to type.
    expect(cardWith(inbox.body, "When will my account be approved?")).toContain('data-testid="support-answered"');
    expect(inbox.body).not.toContain('name="recipientId"');
  });

  it("the members' limits apply, and a member cannot reach a business", async () => {
    const shop = await signInAdvertiser(app, { landed: true });
    const ada = await signInMember(app, { landed: true });

    const tooLong = await ask(shop.client, "x".repeat(2001));
    expect(tooLong.status).toBe(400);
    expect(pageText(tooLong.body)).toContain("A message can be at most 2,000 characters.");
    // A member cannot find the advertiser's ID.
    const toShop = await ada.client.post("/messages", {
      intent: "send",
      recipientId: shop.user.displayId,
      content: "Hello shop",
    });
    expect(toShop.status).toBe(400);
    expect(pageText(toShop.body)).toContain("No account has this user ID.");

    await db()
      .insert(messages)
      .values(
        Array.from({ length: MESSAGE_RATE_LIMITS.minute.max }, (_, i) => ({
          id: newId(),
          senderId: shop.user.id,
          recipientId: null,
          content: `question ${i}`,
        })),
      );
    const limited = await ask(shop.client, "One more");
    expect(limited.status).toBe(429);
    expect(pageText(limited.body)).toContain("You can send up to 30 messages a minute.");
    expect(await db().$count(messages, eq(messages.senderId, shop.user.id))).toBe(MESSAGE_RATE_LIMITS.minute.max);
  });

  it("Message support on a campaign's page names the campaign; support sees which one", async () => {
    const shop = await signInAdvertiser(app, { landed: true });
    const other = await signInAdvertiser(app, { landed: true });
    const kemi = await signInAdmin(app, undefined, { landed: true });
    const created = await createCampaign(db(), shop.user.id, campaignInput({ title: "Jollof Friday" }));
    const theirs = await createCampaign(db(), other.user.id, campaignInput({ title: "Not yours" }));
    if (created.status !== "ok" || theirs.status !== "ok") throw new Error("campaign not created");
    const { id, reference } = created.campaign;

    const page = await shop.client.get(`/advertiser/campaigns/${id}`);
    expect(page.status).toBe(200);
    expect(pageText(page.body)).toContain("Questions about this campaign? Message support about it.");
    expect(page.body).toMatch(new RegExp(`data-testid="campaign-support"[\\s\\S]*?href="/messages\\?campaign=${id}"`));
    expect(page.body).toMatch(/data-testid="advertiser-nav"[\s\S]*?href="\/messages"/);

    const form = await shop.client.get(`/messages?campaign=${id}`);
    expect(pageText(form.body)).toContain(`About campaign Jollof Friday (${reference})`);
    expect(form.body).toContain(`<input type="hidden" name="campaignId" value="${id}"/>`);
    expect(form.body).toContain(`action="/messages?campaign=${id}"`);
    // Another business's campaign is not named (nor found).
    const notTheirs = await other.client.get(`/messages?campaign=${id}`);
    expect(notTheirs.body).not.toContain("Jollof Friday");
    expect(notTheirs.body).not.toContain('name="campaignId"');

    const sent = await shop.client.post(`/messages?campaign=${id}`, {
      intent: "send",
      content: "Why is it still in review?",
      campaignId: id,
    });
    expect(sent.status).toBe(200);
    const refused = await shop.client.post("/messages", {
      intent: "send",
      content: "About theirs",
      campaignId: theirs.campaign.id,
    });
    expect(refused.status).toBe(400);
    expect(pageText(refused.body)).toContain(SEND_MESSAGE_REFUSALS["unknown-campaign"]);
    const stored = await db().select().from(messages).where(eq(messages.senderId, shop.user.id));
    expect(stored.map((m) => [m.content, m.campaignId, m.recipientId])).toEqual([
      ["Why is it still in review?", id, null],
    ]);

    const support = await kemi.client.get("/messages");
    expect(pageText(cardWith(support.body, "Why is it still in review?")!)).toContain(
      `About campaign Jollof Friday (${reference})`,
    );
  });

  it("the navigation links Home, Campaigns, Payouts and Messages", async () => {
    const shop = await signInAdvertiser(app, { landed: true });
    const home = await shop.client.get("/advertiser");
    const nav = /data-testid="advertiser-nav"[\s\S]*?<\/nav>/.exec(home.body)![0];
    expect([...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "/advertiser",
      "/advertiser/campaigns",
      "/advertiser/payouts",
      "/messages",
    ]);
  });
});
