import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, users } from "~/db/schema";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { MESSAGE_RATE_LIMITS, SUPPORT_ONLY_TEXT } from "~/domain/messages/rules";
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

const send = (client: HttpClient, recipientId: string, content: string) =>
  client.post("/messages", { intent: "send", recipientId, content });

/** The value the page renders in the recipient field. */
const recipientValue = (html: string) =>
  /value="([^"]*)"/.exec(/<input[^>]*name="recipientId"[^>]*>/.exec(html)?.[0] ?? "")?.[1] ?? null;

/** The message cards of a /messages page. */
const cardsOf = (html: string) => html.split('data-testid="message"').slice(1);

describe("an advertiser and support", () => {
  it("an advertiser waiting for approval writes to support; the admin reads it and replies; the reply carries the Staff badge", async () => {
    const shop = await signInAdvertiser(app, { status: "pending", name: "Bisi Bakery", landed: true });
    const kemi = await signInAdmin(app, undefined, { name: "Kemi Adeyemi", landed: true });

    // The form starts with support's ID (the super admin's until an admin has written).
    const [root] = await db()
      .select({ displayId: users.displayId })
      .from(users)
      .where(and(eq(users.role, "super_admin"), isNull(users.deactivatedAt)))
      .orderBy(asc(users.createdAt))
      .limit(1);
    const first = await shop.client.get("/messages");
    expect(first.status).toBe(200);
    expect(first.body).toContain('data-testid="advertiser-nav"');
    expect(first.body).toContain("Support&#x27;s user ID: starts with A or SA");
    expect(recipientValue(first.body)).toBe(root?.displayId ?? "");

    const asked = await send(shop.client, kemi.user.displayId, "When will my account be approved?");
    expect(asked.status).toBe(200);
    expect(asked.body).toContain("Message sent.");
    // The form keeps support's ID: the admin just written to.
    expect(recipientValue(asked.body)).toBe(kemi.user.displayId);

    const adminPage = await kemi.client.get("/messages");
    const question = cardsOf(adminPage.body).find((card) => card.includes("When will my account be approved?"));
    // From the advertiser (no Staff badge beside them), to the admin.
    const [from] = question!.split("<time");
    expect(from).toContain("Bisi Bakery");
    expect(from).not.toContain('data-testid="staff-badge"');

    expect((await send(kemi.client, shop.user.displayId, "Today. Thank you for waiting.")).status).toBe(200);
    const home = await shop.client.get("/advertiser");
    expect(home.body).toMatch(/data-testid="nav-unread-count"[^>]*>1</);

    const inbox = await shop.client.get("/messages");
    const reply = cardsOf(inbox.body).find((card) => card.includes("Today. Thank you for waiting."));
    expect(reply).toMatch(/Kemi Adeyemi[\s\S]*data-testid="staff-badge"[^>]*>Staff</);
    // The conversation goes on with the admin who answered.
    expect(recipientValue(inbox.body)).toBe(kemi.user.displayId);
  });

  it("the members' limits apply, and an advertiser writes to staff only", async () => {
    const shop = await signInAdvertiser(app, { landed: true });
    const kemi = await signInAdmin(app, undefined, { landed: true });
    const ada = await signInMember(app, { landed: true });

    const toMember = await send(shop.client, ada.user.displayId, "Buy our bread");
    expect(toMember.status).toBe(400);
    expect(pageText(toMember.body)).toContain(SUPPORT_ONLY_TEXT);
    const tooLong = await send(shop.client, kemi.user.displayId, "x".repeat(2001));
    expect(tooLong.status).toBe(400);
    expect(pageText(tooLong.body)).toContain("A message can be at most 2,000 characters.");
    // A member cannot find the advertiser's ID.
    const toShop = await send(ada.client, shop.user.displayId, "Hello shop");
    expect(toShop.status).toBe(400);
    expect(pageText(toShop.body)).toContain("No account has this user ID.");

    await db()
      .insert(messages)
      .values(
        Array.from({ length: MESSAGE_RATE_LIMITS.minute.max }, (_, i) => ({
          id: newId(),
          senderId: shop.user.id,
          recipientId: kemi.user.id,
          content: `question ${i}`,
        })),
      );
    const limited = await send(shop.client, kemi.user.displayId, "One more");
    expect(limited.status).toBe(429);
    expect(pageText(limited.body)).toContain("You can send up to 30 messages a minute.");
    expect(await db().$count(messages, eq(messages.senderId, shop.user.id))).toBe(MESSAGE_RATE_LIMITS.minute.max);
  });

  it("the campaign page and the navigation lead to Messages", async () => {
    const shop = await signInAdvertiser(app, { landed: true });
    const created = await createCampaign(db(), shop.user.id, campaignInput());
    if (created.status !== "ok") throw new Error(created.status);
    const page = await shop.client.get(`/advertiser/campaigns/${created.campaign.id}`);
    expect(page.status).toBe(200);
    expect(pageText(page.body)).toContain("Questions about this campaign? Message support");
    expect(page.body).toMatch(/data-testid="campaign-support"[\s\S]*?href="\/messages"/);
    expect(page.body).toMatch(/data-testid="advertiser-nav"[\s\S]*?href="\/messages"/);
  });
});
