import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, users } from "~/db/schema";
import { PENDING_SENDER_TEXT } from "~/domain/messages/rules";
import { newId } from "~/domain/shared/ids";
import { createUser } from "~test/factories";
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
 * Messages: a member with messages (hostile text among them) at 360 and 1280 px, read marking
 * after the page shows, Copy user ID, Reply and sending, and sending before JavaScript.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

const CORPUS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "\u202Eevil override \u202C and after",
  "W".repeat(2000),
  "Hello Bola,\nsee you at the market tomorrow.",
];

async function withMessages() {
  const sender = await createUser(db(), { name: "<b>Evil</b> \u202EEmeka", isApproved: true });
  const member = await createUser(db(), { name: "Bola Ade", isApproved: true });
  const start = Date.now() - 60 * 60_000;
  await db()
    .insert(messages)
    .values(
      CORPUS.map((content, i) => ({
        id: newId(),
        senderId: sender.id,
        recipientId: member.id,
        content,
        createdAt: new Date(start + i * 60_000),
      })),
    );
  await db()
    .insert(messages)
    .values({ id: newId(), senderId: member.id, recipientId: sender.id, content: "My reply", createdAt: new Date() });
  return { sender, member };
}

const unreadOf = (userId: string) =>
  db()
    .select({ readAt: messages.readAt })
    .from(messages)
    .where(eq(messages.recipientId, userId))
    .then((rows) => rows.filter((r) => r.readAt === null).length);

describe("Messages", () => {
  it("shows hostile messages as text at 360 and 1280 px, marks them read, copies the ID, replies", async () => {
    const { sender, member } = await withMessages();
    const { page, context } = await signedInPage(suite, member, MOBILE);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.app.origin });
    expect(await page.getByTestId("unread-messages").innerText()).toBe(String(CORPUS.length));
    const avatar = page.getByRole("button", { name: `Account menu for ${member.name}, 6 unread messages` });
    await avatar.click();
    const menuItem = page.getByRole("menuitem", { name: /Messages/ });
    expect(await menuItem.getByTestId("menu-unread-count").innerText()).toContain(String(CORPUS.length));
    await page.keyboard.press("Escape");

    await visit(page, "/messages");
    expect(await page.getByTestId("my-user-id").innerText()).toBe(member.displayId);
    const list = page.getByRole("region", { name: "Recent Messages" });
    expect(await list.getByRole("article").count()).toBe(CORPUS.length + 1);
    expect(await list.getByTestId("new-badge").count()).toBe(CORPUS.length);
    // After the page shows, its unread messages are marked read (a POST); the header follows.
    await expect.poll(() => unreadOf(member.id)).toBe(0);
    await page.getByRole("button", { name: `Account menu for ${member.name}`, exact: true }).waitFor();
    expect(await page.locator("script:not([src])").filter({ hasText: "alert(1)" }).count()).toBe(0);
    await expectFitsAndAccessible(page, "messages-mobile");

    await page.setViewportSize(DESKTOP);
    await expectFitsAndAccessible(page, "messages-desktop");

    await page.getByRole("button", { name: "Copy user ID" }).click();
    await expectToast(page, "User ID Copied", { variant: "success" });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(member.displayId);
    await dismissToast(page);

    await list
      .getByRole("link", { name: `Reply to ${sender.name}` })
      .first()
      .click();
    expect(await page.getByLabel("Recipient's User ID").inputValue()).toBe(sender.displayId);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("message-content");
    await page.keyboard.type("Thanks, see you.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Success", { message: "Message sent.", variant: "success" });
    expect(await page.getByLabel("Recipient's User ID").inputValue()).toBe("");
    expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe("");
    await expect.poll(() => list.getByText("Thanks, see you.").count()).toBe(1);
  });

  it("loads older messages in place", async () => {
    const sender = await createUser(db(), { isApproved: true });
    const member = await createUser(db(), { isApproved: true });
    const start = Date.now() - 60 * 60_000;
    await db()
      .insert(messages)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          id: newId(),
          senderId: sender.id,
          recipientId: member.id,
          content: `Numbered ${i}`,
          createdAt: new Date(start + i * 1000),
        })),
      );
    const { page } = await signedInPage(suite, member, DESKTOP);
    await visit(page, "/messages");
    const list = page.getByRole("region", { name: "Recent Messages" });
    expect(await list.getByRole("article").count()).toBe(20);
    await list.getByRole("link", { name: "Load older messages" }).click();
    await expect.poll(() => list.getByRole("article").count()).toBe(25);
    expect(page.url()).toBe(`${suite.app.origin}/messages`);
    expect(await list.getByText("Numbered 0", { exact: true }).count()).toBe(1);
    expect(await list.getByRole("link", { name: "Load older messages" }).count()).toBe(0);
    await expect.poll(() => unreadOf(member.id)).toBe(0);
  });

  it("sends before JavaScript loads", async () => {
    const { member, sender } = await withMessages();
    const { page } = await signedInPage(suite, member, MOBILE, { javaScript: false });
    await page.goto("/messages");
    await page
      .getByRole("link", { name: `Reply to ${sender.name}` })
      .first()
      .click();
    expect(await page.getByLabel("Recipient's User ID").inputValue()).toBe(sender.displayId);
    // A refusal keeps what was typed.
    await page.getByRole("button", { name: "Send Message" }).click();
    expect(await page.getByRole("alert").first().innerText()).toContain("Enter a message.");
    expect(await page.getByLabel("Recipient's User ID").inputValue()).toBe(sender.displayId);
    await page.getByLabel("Message", { exact: true }).fill("Sent without JavaScript");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Message sent." }).count()).toBe(1);
    expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe("");
    expect(await page.getByText("Sent without JavaScript").count()).toBe(1);
    // Mark as read is a plain form too.
    expect(await unreadOf(member.id)).toBe(CORPUS.length);
    await page.getByRole("button", { name: "Mark as read" }).click();
    await expect.poll(() => unreadOf(member.id)).toBe(0);
  });

  it("marks staff with a Staff badge on the dashboard's Messages card and on /messages, at 360 and 1280 px", async () => {
    const admin = await createUser(db(), { role: "admin", name: "Kemi Adeyemi" });
    // Written directly (the forms refuse such a name): a member calling themselves support is no staff.
    const poser = await createUser(db(), { name: "AdNaira Support", isApproved: true });
    const member = await createUser(db(), { name: "Tolu Bello", isApproved: true });
    const [root] = await db().select().from(users).where(eq(users.role, "super_admin"));
    const start = Date.now() - 10 * 60_000;
    await db()
      .insert(messages)
      .values([
        {
          id: newId(),
          senderId: admin.id,
          recipientId: member.id,
          content: "Your account is approved.",
          createdAt: new Date(start),
        },
        {
          id: newId(),
          senderId: poser.id,
          recipientId: member.id,
          content: "Send me your PIN",
          createdAt: new Date(start + 60_000),
        },
        ...(root
          ? [
              {
                id: newId(),
                senderId: root.id,
                recipientId: member.id,
                content: "Welcome aboard",
                createdAt: new Date(start + 120_000),
              },
            ]
          : []),
      ]);
    const staffCount = root ? 2 : 1;

    const { page } = await signedInPage(suite, member, MOBILE);
    const card = page.getByTestId("messages-card");
    const senders = card.getByRole("list", { name: "Unread messages from" });
    expect(await senders.getByRole("listitem").count()).toBe(staffCount + 1);
    expect(
      await senders.getByRole("listitem").filter({ hasText: "Kemi Adeyemi" }).getByTestId("staff-badge").innerText(),
    ).toBe("Staff");
    expect(
      await senders.getByRole("listitem").filter({ hasText: "AdNaira Support" }).getByTestId("staff-badge").count(),
    ).toBe(0);
    expect(await card.getByTestId("staff-badge").count()).toBe(staffCount);
    await expectFitsAndAccessible(page, "dashboard-staff-badge-mobile");
    await page.setViewportSize(DESKTOP);
    await expectFitsAndAccessible(page, "dashboard-staff-badge-desktop");

    await visit(page, "/messages");
    const list = page.getByRole("region", { name: "Recent Messages" });
    const message = (text: string) => list.getByRole("article").filter({ hasText: text });
    expect(await message("Your account is approved.").getByTestId("staff-badge").innerText()).toBe("Staff");
    expect(await message("Send me your PIN").getByTestId("staff-badge").count()).toBe(0);
    if (root) expect(await message("Welcome aboard").getByTestId("staff-badge").count()).toBe(1);
    await expectFitsAndAccessible(page, "messages-staff-badge-desktop");
    await page.setViewportSize(MOBILE);
    await expectFitsAndAccessible(page, "messages-staff-badge-mobile");
  });

  it("a member waiting for approval reads, and is told why there is no form", async () => {
    const sender = await createUser(db(), { name: "Ada Obi", isApproved: true });
    const pending = await createUser(db(), { name: "Pius Okon", isApproved: false });
    await db()
      .insert(messages)
      .values({ id: newId(), senderId: sender.id, recipientId: pending.id, content: "Hi Pius" });
    const { page } = await signedInPage(suite, pending, MOBILE);
    await visit(page, "/messages");
    expect(await page.getByTestId("cannot-send").innerText()).toContain(PENDING_SENDER_TEXT);
    expect(await page.getByRole("button", { name: "Send Message" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: /^Reply to/ }).count()).toBe(0);
    expect(await page.getByText("Hi Pius").count()).toBe(1);
    await expectFitsAndAccessible(page, "messages-pending-mobile");
  });

  it("an admin's account menu has no referrals entry, and /referrals sends them to /admin", async () => {
    const admin = await createUser(db(), { role: "admin", name: "Kemi Admin" });
    const { page } = await signedInPage(suite, admin, DESKTOP);
    await page.getByRole("button", { name: /^Account menu for Kemi Admin/ }).click();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: /Messages/ }).waitFor();
    expect(await menu.getByRole("menuitem", { name: /referr/i }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.goto("/referrals");
    expect(new URL(page.url()).pathname).toBe("/admin");
  });
});
