import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, users } from "~/db/schema";
import { MEMBER_RECIPIENT_HINT, PENDING_SENDER_TEXT, RECIPIENT_HINT, SUPPORT_ID } from "~/domain/messages/rules";
import { SEND_MESSAGE_REFUSALS } from "~/domain/messages/send-message.server";
import { newId } from "~/domain/shared/ids";
import { createUser } from "~test/factories";
import { signInAdmin, signInMember } from "~test/sign-in";
import { pageText, startTestApp, type TestApp } from "~test/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const db = () => app.services.db;

type Member = Awaited<ReturnType<typeof signInMember>>;

const send = (from: Member, recipientId: string, content: string) =>
  from.client.post("/messages", { intent: "send", recipientId, content });
const sentBy = (m: Member) => db().$count(messages, eq(messages.senderId, m.user.id));

/** The text of the element with this data-testid, or null. */
function testIdText(html: string, testId: string): string | null {
  const match = new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html);
  return match ? match[1]!.trim() : null;
}

/** The value attribute or textarea text the page renders for a field. */
function fieldValue(html: string, name: string): string | null {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (input) return /value="([^"]*)"/.exec(input)?.[1] ?? "";
  const textarea = new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  return textarea ? textarea[1]! : null;
}

describe("sending", () => {
  it("refuses each mistake next to its field, keeps what was typed, and stores nothing", async () => {
    const ada = await signInMember(app, { landed: true });
    const bola = await signInMember(app, { landed: true });
    const admin = await createUser(db(), { role: "admin" });
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, admin.id));
    const cases: [string, string, string, string][] = [
      ["", "Hello Bola", "recipientId", "Enter the recipient's user ID."],
      [bola.user.displayId, "  \n ", "content", "Enter a message."],
      [bola.user.displayId, "x".repeat(2001), "content", "A message can be at most 2,000 characters."],
      [bola.user.displayId, "a\0b", "content", "A message cannot contain NUL"],
      ["UNOBODY99", "Hello", "recipientId", "No account has this user ID."],
      [admin.displayId, "Hello", "recipientId", "No account has this user ID."],
      [ada.user.displayId, "Hello me", "recipientId", "You cannot send a message to yourself."],
    ];
    for (const [recipientId, content, field, text] of cases) {
      const res = await send(ada, recipientId, content);
      expect(res.status, text).toBe(400);
      expect(pageText(res.body), text).toContain(text);
      expect(res.body).toMatch(new RegExp(`id="message-${field === "content" ? "content" : "recipient"}-error"`));
      expect(fieldValue(res.body, "recipientId")).toBe(recipientId);
      if (!content.includes("\0") && content.trim()) expect(fieldValue(res.body, "content")).toBe(content);
    }
    expect(await sentBy(ada)).toBe(0);
  });

  it("forgives case and spaces in the ID, stores the trimmed text with its line breaks, and clears the form", async () => {
    const ada = await signInMember(app, { landed: true });
    const bola = await signInMember(app, { landed: true });
    const res = await send(ada, `  ${bola.user.displayId.toLowerCase()}  `, "\r\n  Hello Bola,\r\n\r\nsee you.  ");
    expect(res.status).toBe(200);
    expect(res.body).toContain("Message sent.");
    expect(fieldValue(res.body, "recipientId")).toBe("");
    expect(fieldValue(res.body, "content")).toBe("");
    const [row] = await db().select().from(messages).where(eq(messages.senderId, ada.user.id));
    expect(row).toMatchObject({ recipientId: bola.user.id, content: "Hello Bola,\n\nsee you.", readAt: null });
  });

  it("a restricted member still receives", async () => {
    const ada = await signInMember(app, { landed: true });
    const rita = await createUser(db(), { isRestricted: true });
    expect((await send(ada, rita.displayId, "hi")).status).toBe(200);
  });

  it("refuses a member's 31st message in a minute with 429 and stores nothing; an admin is not limited", async () => {
    const ada = await signInMember(app, { landed: true });
    const bola = await signInMember(app, { landed: true });
    for (let i = 0; i < 30; i++) expect((await send(ada, bola.user.displayId, `m${i}`)).status).toBe(200);
    const res = await send(ada, bola.user.displayId, "one too many");
    expect(res.status).toBe(429);
    expect(pageText(res.body)).toContain(
      "You can send up to 30 messages a minute. Please wait a moment and try again.",
    );
    expect(fieldValue(res.body, "content")).toBe("one too many");
    expect(await sentBy(ada)).toBe(30);

    const admin = await signInAdmin(app, undefined, { landed: true });
    for (let i = 0; i < 31; i++) expect((await send(admin, bola.user.displayId, `a${i}`)).status).toBe(200);
  });

  it("refuses a post from another site", async () => {
    const ada = await signInMember(app, { landed: true });
    const bola = await signInMember(app, { landed: true });
    const res = await ada.client.post(
      "/messages",
      { intent: "send", recipientId: bola.user.displayId, content: "forged" },
      { Origin: "https://evil.example" },
    );
    expect(res.status).toBe(400);
    expect(await sentBy(ada)).toBe(0);
  });
});

describe("who may write", () => {
  it("a member waiting for approval is told why instead of a form, reads what is sent, and a post is refused (403)", async () => {
    const pius = await signInMember(app, { isApproved: false, name: "Pending Pius", landed: true });
    const bola = await signInMember(app, { landed: true });
    expect((await send(bola, pius.user.displayId, "Welcome, Pius")).status).toBe(200);

    const page = await pius.client.get("/messages");
    expect(page.status).toBe(200);
    const text = pageText(page.body);
    expect(text).toContain(PENDING_SENDER_TEXT);
    expect(text).toContain("Welcome, Pius");
    expect(page.body).not.toContain('name="content"');
    // No Reply link to a form they cannot use.
    expect(page.body).not.toContain(`/messages?to=${bola.user.displayId}`);

    const refused = await send(pius, bola.user.displayId, "Hello everyone");
    expect(refused.status).toBe(403);
    expect(pageText(refused.body)).toContain(PENDING_SENDER_TEXT);
    expect(await sentBy(pius)).toBe(0);

    // Once approved, the form is there and the message goes.
    await db().update(users).set({ isApproved: true }).where(eq(users.id, pius.user.id));
    expect((await pius.client.get("/messages")).body).toContain('name="content"');
    expect((await send(pius, bola.user.displayId, "Thanks!")).status).toBe(200);
  });
});

describe("support", () => {
  it("a member writes to Support, typed in any case; every admin finds it; staff answer rather than write to it", async () => {
    const ada = await signInMember(app, { landed: true });
    const kemi = await signInAdmin(app, [], { landed: true });
    const page = await ada.client.get("/messages?to=support");
    expect(pageText(page.body)).toContain(MEMBER_RECIPIENT_HINT);
    expect(fieldValue(page.body, "recipientId")).toBe(SUPPORT_ID);

    expect((await send(ada, " support ", "I cannot withdraw")).status).toBe(200);
    const [row] = await db().select().from(messages).where(eq(messages.senderId, ada.user.id));
    expect(row).toMatchObject({ recipientId: null, content: "I cannot withdraw" });
    // Ada sees it sent to Support, and Reply writes to Support again.
    const card = (await ada.client.get("/messages")).body
      .split('data-testid="message"')
      .find((c) => c.includes("I cannot withdraw"))!;
    expect(pageText(card)).toContain("To: Support");
    expect(card).toContain(`href="/messages?to=${SUPPORT_ID}"`);
    // An admin holding no permission at all reads support's inbox too (and is not told to write to it).
    const inbox = pageText((await kemi.client.get("/messages")).body);
    expect(inbox).toContain("I cannot withdraw");
    expect(inbox).toContain(`${RECIPIENT_HINT} Message`);
    const refused = await send(kemi, "Support", "Hello");
    expect(refused.status).toBe(400);
    expect(pageText(refused.body)).toContain(SEND_MESSAGE_REFUSALS["staff-to-support"]);
  });
});

describe("staff are recognisable", () => {
  it("a message from an admin or the super admin carries a Staff badge from their role, on /messages and the dashboard", async () => {
    const kemi = await signInAdmin(app, undefined, { name: "Kemi Adeyemi", landed: true });
    const [rootRow] = await db().select().from(users).where(eq(users.role, "super_admin"));
    const root = rootRow ?? (await createUser(db(), { role: "super_admin", name: "Chief" }));
    // A member whose name says "AdNaira Support" (written directly: the forms refuse it) is no staff.
    const poser = await signInMember(app, { name: "AdNaira Support", landed: true });
    const bola = await signInMember(app, { name: "Bola Ige", landed: true });
    expect((await send(kemi, bola.user.displayId, "From the team")).status).toBe(200);
    expect((await send(poser, bola.user.displayId, "Send me your password")).status).toBe(200);
    await db()
      .insert(messages)
      .values({ id: newId(), senderId: root.id, recipientId: bola.user.id, content: "Hello from the top" });

    const page = await bola.client.get("/messages");
    const cards = page.body.split('data-testid="message"').slice(1);
    const from = (content: string) => cards.find((card) => card.includes(content))!;
    expect(from("From the team")).toMatch(/Kemi Adeyemi[\s\S]*data-testid="staff-badge"[^>]*>Staff</);
    expect(from("Hello from the top")).toContain('data-testid="staff-badge"');
    expect(from("Send me your password")).not.toContain('data-testid="staff-badge"');

    const dashboard = await bola.client.get("/dashboard");
    const senders = dashboard.body.split('data-testid="unread-sender"').slice(1);
    expect(senders).toHaveLength(3);
    const sender = (name: string) => senders.find((row) => row.includes(name))!;
    expect(sender("Kemi Adeyemi")).toContain('data-testid="staff-badge"');
    expect(sender(root.name)).toContain('data-testid="staff-badge"');
    expect(sender("AdNaira Support")).not.toContain('data-testid="staff-badge"');
    const staffBadges = dashboard.body.match(/data-testid="staff-badge"/g) ?? [];
    expect(staffBadges).toHaveLength(2);
  });
});

describe("reading", () => {
  it("a received message raises the recipient's count; GET changes nothing; mark-read lowers it", async () => {
    const ada = await signInMember(app, { landed: true });
    const bola = await signInMember(app, { landed: true });
    expect((await send(ada, bola.user.displayId, "Hi Bola")).status).toBe(200);

    const dashboard = await bola.client.get("/dashboard");
    expect(testIdText(dashboard.body, "unread-messages")).toBe("1");
    expect(dashboard.body).toContain("1 unread message");
    expect(dashboard.body).toContain('href="/messages"');

    const page = await bola.client.get("/messages");
    expect(page.status).toBe(200);
    expect(pageText(page.body)).toContain("Hi Bola");
    expect(page.body).toContain('data-testid="new-badge"');
    expect(pageText(page.body)).toContain("Mark as read");
    const [row] = await db().select().from(messages).where(eq(messages.recipientId, bola.user.id));
    expect(row!.readAt).toBeNull();
    expect(testIdText((await bola.client.get("/dashboard")).body, "unread-messages")).toBe("1");

    // The sender's own count is not raised, and the sender cannot mark it.
    expect(testIdText((await ada.client.get("/dashboard")).body, "unread-messages")).toBe("0");
    await ada.client.post("/messages", { intent: "mark-read", id: row!.id });
    expect(testIdText((await bola.client.get("/dashboard")).body, "unread-messages")).toBe("1");

    const marked = await bola.client.post("/messages", { intent: "mark-read", id: row!.id });
    expect(marked.status).toBe(200);
    expect(testIdText((await bola.client.get("/dashboard")).body, "unread-messages")).toBe("0");
    expect((await bola.client.get("/messages")).body).not.toContain('data-testid="new-badge"');
  });

  it("shows the member's own user ID, and the avatar names the unread messages", async () => {
    const ada = await signInMember(app, { landed: true });
    const bola = await signInMember(app, { landed: true });
    for (const text of ["one", "two", "three"]) await send(ada, bola.user.displayId, text);
    const page = await bola.client.get("/messages");
    expect(testIdText(page.body, "my-user-id")).toBe(bola.user.displayId);
    expect(pageText(page.body)).toContain("Your user ID");
    expect(page.body).toContain("3 unread messages");
  });

  it("pages 20 at a time, newest first, with a link to the older page", async () => {
    const ada = await signInMember(app, { landed: true });
    const bola = await signInMember(app, { landed: true });
    const start = Date.now() - 3600_000;
    await db()
      .insert(messages)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          id: newId(),
          senderId: ada.user.id,
          recipientId: bola.user.id,
          content: `numbered ${String(i).padStart(2, "0")}`,
          createdAt: new Date(start + i * 1000),
        })),
      );
    const first = await bola.client.get("/messages");
    const firstTexts = [...pageText(first.body).matchAll(/numbered (\d\d)/g)].map((m) => m[1]);
    expect(firstTexts).toEqual(Array.from({ length: 20 }, (_, i) => String(24 - i).padStart(2, "0")));
    const href = /href="(\/messages\?before=[^"]+)"/.exec(first.body)?.[1];
    expect(href).toBeTruthy();
    const older = await bola.client.get(href!.replace(/&amp;/g, "&"));
    const olderTexts = [...pageText(older.body).matchAll(/numbered (\d\d)/g)].map((m) => m[1]);
    expect(olderTexts).toEqual(["04", "03", "02", "01", "00"]);
    expect(older.body).not.toContain("?before=");
  });

  it("never shows another member's messages, whatever the parameters", async () => {
    const ada = await signInMember(app, { landed: true });
    const bola = await signInMember(app, { landed: true });
    const chidi = await signInMember(app, { landed: true });
    await send(ada, chidi.user.displayId, "secret for Chidi");
    const [row] = await db().select().from(messages).where(eq(messages.senderId, ada.user.id));
    const micros = BigInt(row!.createdAt.getTime() + 1000) * 1000n;
    for (const path of [
      "/messages",
      `/messages?before=${micros}.${row!.id}`,
      `/messages?before=99999999999999999.zzzz`,
      `/messages?to=${ada.user.displayId}`,
      `/messages?to=${chidi.user.displayId}&before=${row!.id}`,
    ]) {
      const res = await bola.client.get(path);
      expect(res.status, path).toBe(200);
      expect(pageText(res.body), path).not.toContain("secret for Chidi");
      expect(pageText(res.body), path).toContain("No messages yet");
    }
    await bola.client.post("/messages", { intent: "mark-read", id: row!.id });
    const [after] = await db().select().from(messages).where(eq(messages.id, row!.id));
    expect(after!.readAt).toBeNull();
  });

  it("Reply without JavaScript is a link that fills in the recipient", async () => {
    const ada = await signInMember(app, { name: "Ada Obi", landed: true });
    const bola = await signInMember(app, { landed: true });
    await send(ada, bola.user.displayId, "Reply to me");
    const page = await bola.client.get("/messages");
    expect(page.body).toContain(`aria-label="Reply to Ada Obi"`);
    expect(page.body).toContain(`href="/messages?to=${ada.user.displayId}"`);
    const prefilled = await bola.client.get(`/messages?to=${ada.user.displayId.toLowerCase()}`);
    expect(fieldValue(prefilled.body, "recipientId")).toBe(ada.user.displayId);
  });
});

describe("escaping", () => {
  const CORPUS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "javascript:alert(1)",
    "\u202Eevil override",
    "W".repeat(2000),
  ];

  it("renders message text and sender names as text, never as markup", async () => {
    const evil = await signInMember(app, { name: "<img src=x onerror=alert(2)>", landed: true });
    const bola = await signInMember(app, { landed: true });
    for (const content of CORPUS) expect((await send(evil, bola.user.displayId, content)).status).toBe(200);
    const page = await bola.client.get("/messages");
    expect(page.body).not.toContain("<script>alert(1)");
    expect(page.body).not.toContain("<img src=x");
    expect(page.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page.body).toContain("&lt;img src=x onerror=alert(2)&gt;");
    expect(page.body).not.toMatch(/href="javascript:/);
    expect(page.body).toContain("W".repeat(2000));
    expect(page.body).toContain("\u202Eevil override");
  });
});
