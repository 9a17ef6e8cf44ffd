import { eq, isNull, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { messages, users } from "~/db/schema";
import { newId } from "~/domain/shared/ids";
import { openTestDatabase, usingPostgres } from "~test/database";
import { approvedAdvertiser, campaignInput, createUser } from "~test/factories";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { listMessages, listUnreadSenders } from "./list-messages.server";
import { countUnreadMessages, markMessagesRead } from "./read-state.server";
import { MESSAGE_RATE_LIMITS, SUPPORT_ID } from "./rules";
import { SEND_MESSAGE_REFUSALS, sendMessage } from "./send-message.server";

const { db } = await openTestDatabase({ poolSize: 40 });

type U = Awaited<ReturnType<typeof createUser>>;
const sender = (u: U) => ({ id: u.id, role: u.role, isApproved: u.isApproved });
let ada: U, bola: U, chidi: U;

beforeEach(async () => {
  ada = await createUser(db, { name: "Ada", isApproved: true });
  bola = await createUser(db, { name: "Bola", isApproved: true });
  chidi = await createUser(db, { name: "Chidi", isApproved: true });
});

const countFrom = (userId: string) => db.$count(messages, eq(messages.senderId, userId));

describe("sendMessage", () => {
  it("sends to an ID typed in any case with spaces around it, stored as given", async () => {
    const result = await sendMessage(db, sender(ada), {
      recipientDisplayId: `  ${bola.displayId.toLowerCase()} `,
      content: "Hello\nthere",
    });
    expect(result.status).toBe("ok");
    const [row] = await db.select().from(messages).where(eq(messages.senderId, ada.id));
    expect(row).toMatchObject({ recipientId: bola.id, content: "Hello\nthere", readAt: null });
  });

  it("refuses an unknown ID, one's own ID and a deactivated admin", async () => {
    expect(await sendMessage(db, sender(ada), { recipientDisplayId: "UNOSUCH99", content: "x" })).toEqual({
      status: "unknown-recipient",
    });
    expect(await sendMessage(db, sender(ada), { recipientDisplayId: "U\0X", content: "x" })).toEqual({
      status: "unknown-recipient",
    });
    expect(await sendMessage(db, sender(ada), { recipientDisplayId: ada.displayId, content: "x" })).toEqual({
      status: "to-self",
    });
    const admin = await createUser(db, { role: "admin" });
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, admin.id));
    expect(await sendMessage(db, sender(ada), { recipientDisplayId: admin.displayId, content: "x" })).toEqual({
      status: "unknown-recipient",
    });
    expect(await countFrom(ada.id)).toBe(0);
  });

  it("a restricted member still receives", async () => {
    const rita = await createUser(db, { isRestricted: true });
    expect((await sendMessage(db, sender(ada), { recipientDisplayId: rita.displayId, content: "hi" })).status).toBe(
      "ok",
    );
  });

  it("refuses a member's 31st message in a minute and stores nothing", async () => {
    const now = new Date();
    for (let i = 0; i < MESSAGE_RATE_LIMITS.minute.max; i++) {
      const at = new Date(now.getTime() - 30_000 + i);
      expect(
        (await sendMessage(db, sender(ada), { recipientDisplayId: bola.displayId, content: `m${i}` }, at)).status,
      ).toBe("ok");
    }
    expect(
      await sendMessage(db, sender(ada), { recipientDisplayId: bola.displayId, content: "one more" }, now),
    ).toEqual({
      status: "rate-limited",
      window: "minute",
    });
    expect(await countFrom(ada.id)).toBe(30);
    // A minute after the first of them, the member may send again.
    const later = new Date(now.getTime() + 31_000);
    expect(
      (await sendMessage(db, sender(ada), { recipientDisplayId: bola.displayId, content: "later" }, later)).status,
    ).toBe("ok");
  });

  it("refuses a member's 301st message in 24 hours", async () => {
    const now = new Date();
    // 300 messages spread over the last 23 hours, never 30 in a minute.
    await db.insert(messages).values(
      Array.from({ length: MESSAGE_RATE_LIMITS.day.max }, (_, i) => ({
        id: newId(),
        senderId: ada.id,
        recipientId: bola.id,
        content: `old ${i}`,
        createdAt: new Date(now.getTime() - 23 * 3600_000 + i * 60_000),
      })),
    );
    expect(await sendMessage(db, sender(ada), { recipientDisplayId: bola.displayId, content: "x" }, now)).toEqual({
      status: "rate-limited",
      window: "day",
    });
    expect(await countFrom(ada.id)).toBe(300);
    // A day after the oldest one, one more fits.
    const later = new Date(now.getTime() + 3600_000 + 1000);
    expect(
      (await sendMessage(db, sender(ada), { recipientDisplayId: bola.displayId, content: "x" }, later)).status,
    ).toBe("ok");
  });

  it("a member waiting for approval cannot write (but is written to)", async () => {
    const pius = await createUser(db, { name: "Pending Pius", isApproved: false });
    expect(await sendMessage(db, sender(pius), { recipientDisplayId: bola.displayId, content: "hi all" })).toEqual({
      status: "pending-approval",
    });
    expect(SEND_MESSAGE_REFUSALS["pending-approval"]).toMatch(/pending approval/);
    expect(await countFrom(pius.id)).toBe(0);
    expect(
      (await sendMessage(db, sender(ada), { recipientDisplayId: pius.displayId, content: "Welcome" })).status,
    ).toBe("ok");
  });

  it("an advertiser, approved or still waiting, writes to support only; members and advertisers cannot reach one", async () => {
    const admin = await createUser(db, { role: "admin" });
    const shop = await createUser(db, { role: "advertiser", isApproved: false });
    const otherShop = await createUser(db, { role: "advertiser" });
    expect(
      (await sendMessage(db, sender(shop), { recipientDisplayId: SUPPORT_ID, content: "Why pending?" })).status,
    ).toBe("ok");
    for (const someone of [admin, bola, otherShop]) {
      expect(await sendMessage(db, sender(shop), { recipientDisplayId: someone.displayId, content: "hi" })).toEqual({
        status: "support-only",
      });
    }
    expect(SEND_MESSAGE_REFUSALS["support-only"]).toBe("You can message support only.");
    // A member never finds an advertiser's ID; staff answer them.
    expect(await sendMessage(db, sender(ada), { recipientDisplayId: shop.displayId, content: "hello" })).toEqual({
      status: "unknown-recipient",
    });
    expect(
      (await sendMessage(db, sender(admin), { recipientDisplayId: shop.displayId, content: "Approved soon." })).status,
    ).toBe("ok");
    expect(await countFrom(shop.id)).toBe(1);
    const [stored] = await db.select().from(messages).where(eq(messages.senderId, shop.id));
    expect(stored).toMatchObject({ recipientId: null, campaignId: null });
    const inbox = await listMessages(db, shop);
    expect(inbox.messages.map((m) => [m.content, m.sender.staff, m.recipient.name])).toEqual([
      ["Approved soon.", true, expect.any(String)],
      ["Why pending?", false, "Support"],
    ]);
  });

  it("an advertiser is held to the members' limit", async () => {
    const admin = await createUser(db, { role: "admin" });
    const shop = await createUser(db, { role: "advertiser" });
    const now = new Date();
    await db.insert(messages).values(
      Array.from({ length: MESSAGE_RATE_LIMITS.minute.max }, (_, i) => ({
        id: newId(),
        senderId: shop.id,
        recipientId: admin.id,
        content: `m${i}`,
        createdAt: new Date(now.getTime() - 1000),
      })),
    );
    expect(await sendMessage(db, sender(shop), { recipientDisplayId: SUPPORT_ID, content: "one more" }, now)).toEqual({
      status: "rate-limited",
      window: "minute",
    });
  });

  it("staff write whatever their approval flag says: their role is what counts", async () => {
    const root = await createUser(db, { role: "super_admin", isApproved: false });
    const admin = await createUser(db, { role: "admin", isApproved: false });
    for (const staff of [root, admin]) {
      expect((await sendMessage(db, sender(staff), { recipientDisplayId: bola.displayId, content: "Hi" })).status).toBe(
        "ok",
      );
    }
  });

  it("admins are not limited", async () => {
    const admin = await createUser(db, { role: "admin" });
    for (let i = 0; i < 35; i++) {
      expect(
        (await sendMessage(db, sender(admin), { recipientDisplayId: bola.displayId, content: `a${i}` })).status,
      ).toBe("ok");
    }
    expect(await countFrom(admin.id)).toBe(35);
  });
});

describe("listMessages and read state", () => {
  it("lists sent and received, newest first, and never another pair's messages", async () => {
    await sendMessage(db, sender(ada), { recipientDisplayId: bola.displayId, content: "A to B" }, new Date(1_000));
    await sendMessage(db, sender(bola), { recipientDisplayId: ada.displayId, content: "B to A" }, new Date(2_000));
    await sendMessage(db, sender(ada), { recipientDisplayId: chidi.displayId, content: "A to C" }, new Date(3_000));
    const page = await listMessages(db, bola);
    expect(page.messages.map((m) => m.content)).toEqual(["B to A", "A to B"]);
    expect(page.messages[0]).toMatchObject({ sentByMe: true, unread: false, recipient: { name: "Ada" } });
    expect(page.messages[1]).toMatchObject({ sentByMe: false, unread: true, sender: { displayId: ada.displayId } });
    expect(page.next).toBeNull();
  });

  it("marks staff by role, whatever the name: admins and the super admin are staff, members never", async () => {
    const admin = await createUser(db, { role: "admin", name: "Kemi" });
    // Written in the database directly: the forms refuse such a name for a member.
    const poser = await createUser(db, { name: "AdNaira Support", isApproved: true });
    await sendMessage(
      db,
      sender(admin),
      { recipientDisplayId: bola.displayId, content: "From staff" },
      new Date(1_000),
    );
    await sendMessage(
      db,
      sender(poser),
      { recipientDisplayId: bola.displayId, content: "From poser" },
      new Date(2_000),
    );
    await sendMessage(db, sender(bola), { recipientDisplayId: admin.displayId, content: "To staff" }, new Date(3_000));
    const page = await listMessages(db, bola);
    expect(page.messages.map((m) => [m.content, m.sender.staff, m.recipient.staff])).toEqual([
      ["To staff", false, true],
      ["From poser", false, false],
      ["From staff", true, false],
    ]);
  });

  it("lists who wrote the unread messages: one row each, the latest writer first, staff marked", async () => {
    const admin = await createUser(db, { role: "admin", name: "Kemi" });
    await sendMessage(db, sender(ada), { recipientDisplayId: bola.displayId, content: "1" }, new Date(1_000));
    await sendMessage(db, sender(admin), { recipientDisplayId: bola.displayId, content: "2" }, new Date(2_000));
    await sendMessage(db, sender(ada), { recipientDisplayId: bola.displayId, content: "3" }, new Date(3_000));
    await sendMessage(db, sender(chidi), { recipientDisplayId: bola.displayId, content: "4" }, new Date(500));
    await sendMessage(db, sender(bola), { recipientDisplayId: ada.displayId, content: "not to Bola" }, new Date(4_000));
    expect(await listUnreadSenders(db, bola.id, 2)).toEqual([
      { name: "Ada", displayId: ada.displayId, staff: false, unread: 2, latestAt: new Date(3_000) },
      { name: "Kemi", displayId: admin.displayId, staff: true, unread: 1, latestAt: new Date(2_000) },
    ]);
    const chidis = await db.select({ id: messages.id }).from(messages).where(eq(messages.senderId, chidi.id));
    await markMessagesRead(
      db,
      bola,
      chidis.map((m) => m.id),
    );
    expect((await listUnreadSenders(db, bola.id)).map((s) => s.name)).toEqual(["Ada", "Kemi"]);
    expect(await listUnreadSenders(db, chidi.id)).toEqual([]);
  });

  it("pages 20 at a time without gaps or duplicates, even for messages in the same instant", async () => {
    const at = new Date();
    const rows = Array.from({ length: 45 }, (_, i) => ({
      id: newId(),
      senderId: i % 2 ? ada.id : bola.id,
      recipientId: i % 2 ? bola.id : ada.id,
      content: `n${i}`,
      // Groups of five share an instant, and the database keeps microseconds.
      createdAt: new Date(at.getTime() - Math.floor(i / 5) * 1000),
    }));
    await db.insert(messages).values(rows);
    await db.execute(
      // Microseconds a JavaScript Date cannot carry: the cursor must still be exact.
      sql`update messages set created_at = created_at + interval '123 microseconds' where content like 'n1%'`,
    );
    const seen: string[] = [];
    let before = null;
    let pages = 0;
    do {
      const page = await listMessages(db, ada, { before });
      seen.push(...page.messages.map((m) => m.id));
      expect(page.messages.length).toBeLessThanOrEqual(20);
      before = page.next;
      pages++;
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(45);
    expect(new Set(seen)).toEqual(new Set(rows.map((r) => r.id)));
    // Chidi sees none of them, whatever cursor he is given.
    const page = await listMessages(db, chidi);
    expect(page.messages).toEqual([]);
  });

  it("marks read only the recipient's own unread messages", async () => {
    await sendMessage(db, sender(ada), { recipientDisplayId: bola.displayId, content: "1" });
    await sendMessage(db, sender(ada), { recipientDisplayId: bola.displayId, content: "2" });
    await sendMessage(db, sender(ada), { recipientDisplayId: chidi.displayId, content: "to C" });
    const all = await db.select().from(messages).where(eq(messages.senderId, ada.id));
    const ids = all.map((m) => m.id);
    expect(await countUnreadMessages(db, bola)).toBe(2);
    // Ada (the sender) and Chidi cannot mark Bola's messages; Bola cannot mark Chidi's.
    expect(await markMessagesRead(db, ada, ids)).toBe(0);
    expect(
      await markMessagesRead(
        db,
        chidi,
        ids.filter((id) => all.find((m) => m.id === id)!.recipientId === bola.id),
      ),
    ).toBe(0);
    expect(await countUnreadMessages(db, bola)).toBe(2);
    expect(await markMessagesRead(db, bola, [...ids, "bad\0id"])).toBe(2);
    expect(await countUnreadMessages(db, bola)).toBe(0);
    expect(await countUnreadMessages(db, chidi)).toBe(1);
    expect(await markMessagesRead(db, bola, ids)).toBe(0);
  });
});

describe("support's inbox", () => {
  // Support's inbox is the whole platform's: each test starts with it empty.
  beforeEach(async () => {
    await db.delete(messages).where(isNull(messages.recipientId));
  });
  /** The one super admin (an earlier test may have made it). */
  const superAdmin = async (): Promise<U> => {
    const [existing] = await db.select().from(users).where(eq(users.role, "super_admin"));
    return existing ? { ...existing, password: "" } : createUser(db, { role: "super_admin" });
  };
  const contents = async (reader: U) => (await listMessages(db, reader)).messages.map((m) => m.content);

  it("a message to support reaches every admin and the super admin, never other members; read by one, read for all", async () => {
    const kemi = await createUser(db, { role: "admin", name: "Kemi", permissions: [] });
    const tunde = await createUser(db, { role: "admin", name: "Tunde" });
    const root = await superAdmin();
    const shop = await approvedAdvertiser(db, { name: "Bisi Oladipo", businessName: "Mama Put Kitchen" });
    const asked = await sendMessage(db, sender(shop), {
      recipientDisplayId: SUPPORT_ID,
      content: "Is my advert live?",
    });
    // A member writes "Support" in any case, spaces around it.
    const member = await sendMessage(db, sender(ada), { recipientDisplayId: " support ", content: "Help me" });
    expect([asked.status, member.status]).toEqual(["ok", "ok"]);

    const received = async (reader: U) =>
      (await listMessages(db, reader)).messages.filter((m) => !m.sentByMe).map((m) => m.content);
    for (const staff of [kemi, tunde, root]) {
      expect(await received(staff)).toEqual(["Help me", "Is my advert live?"]);
      expect(await countUnreadMessages(db, staff)).toBe(2);
    }
    // Members see only their own: Bola none of them, Ada hers (sent, so not unread).
    expect(await contents(bola)).toEqual([]);
    expect(await countUnreadMessages(db, bola)).toBe(0);
    const adas = (await listMessages(db, ada)).messages;
    expect(adas.map((m) => [m.content, m.sentByMe, m.unread, m.recipient])).toEqual([
      ["Help me", true, false, { name: "Support", displayId: SUPPORT_ID, staff: true }],
    ]);

    // The business is named by its business name, to staff.
    const seen = (await listMessages(db, tunde)).messages;
    const fromShop = seen.find((m) => m.content === "Is my advert live?")!;
    expect(fromShop).toMatchObject({
      sentByMe: false,
      unread: true,
      sender: { name: "Mama Put Kitchen", displayId: shop.displayId, staff: false },
      recipient: { name: "Support", staff: true },
      support: { answeredBy: null },
      campaign: null,
    });
    // Kemi reads them: read for Tunde and the super admin too; nobody else can mark them.
    const ids = seen.map((m) => m.id);
    expect(await markMessagesRead(db, ada, ids)).toBe(0);
    expect(await markMessagesRead(db, bola, ids)).toBe(0);
    expect(await markMessagesRead(db, kemi, ids)).toBe(2);
    for (const staff of [kemi, tunde, root]) expect(await countUnreadMessages(db, staff)).toBe(0);
  });

  it("an answer from one admin shows the message answered to every admin; a later question is open again", async () => {
    const kemi = await createUser(db, { role: "admin", name: "Kemi Adeyemi" });
    const tunde = await createUser(db, { role: "admin", name: "Tunde" });
    const shop = await approvedAdvertiser(db, { businessName: "Bisi Bakery" });
    await sendMessage(db, sender(shop), { recipientDisplayId: SUPPORT_ID, content: "Question 1" }, new Date(1_000));
    await sendMessage(db, sender(ada), { recipientDisplayId: SUPPORT_ID, content: "Ada's question" }, new Date(1_500));
    // Someone else writing to the business (a member cannot) or to Ada answers nothing for the shop.
    await sendMessage(db, sender(bola), { recipientDisplayId: ada.displayId, content: "Not staff" }, new Date(1_800));
    const answer = (reader: U, content: string) =>
      listMessages(db, reader).then((page) => page.messages.find((m) => m.content === content)!.support);
    expect(await answer(tunde, "Question 1")).toEqual({ answeredBy: null });
    expect(await answer(tunde, "Ada's question")).toEqual({ answeredBy: null });

    await sendMessage(db, sender(kemi), { recipientDisplayId: shop.displayId, content: "Yes" }, new Date(2_000));
    await sendMessage(db, sender(tunde), { recipientDisplayId: shop.displayId, content: "Also yes" }, new Date(2_500));
    await sendMessage(db, sender(shop), { recipientDisplayId: SUPPORT_ID, content: "Question 2" }, new Date(3_000));
    const kemiParty = { name: "Kemi Adeyemi", displayId: kemi.displayId, staff: true };
    // The first to answer is named, to every admin and to the business itself.
    expect(await answer(tunde, "Question 1")).toEqual({ answeredBy: kemiParty });
    expect(await answer(kemi, "Question 1")).toEqual({ answeredBy: kemiParty });
    expect(await answer(shop, "Question 1")).toEqual({ answeredBy: kemiParty });
    expect(await answer(tunde, "Question 2")).toEqual({ answeredBy: null });
    expect(await answer(tunde, "Ada's question")).toEqual({ answeredBy: null });
    // Tunde sees Kemi's answer as answered, not the answer itself: it is Kemi's and the shop's.
    expect(await contents(tunde)).toEqual(["Question 2", "Also yes", "Ada's question", "Question 1"]);
  });

  it("staff answer support rather than write to it", async () => {
    const kemi = await createUser(db, { role: "admin" });
    const root = await superAdmin();
    for (const staff of [kemi, root]) {
      expect(await sendMessage(db, sender(staff), { recipientDisplayId: "Support", content: "x" })).toEqual({
        status: "staff-to-support",
      });
    }
    const pius = await createUser(db, { isApproved: false });
    expect(await sendMessage(db, sender(pius), { recipientDisplayId: SUPPORT_ID, content: "x" })).toEqual({
      status: "pending-approval",
    });
    expect(await countFrom(kemi.id)).toBe(0);
  });

  it("a message to support names the advertiser's own campaign, never another's, and only to support", async () => {
    const kemi = await createUser(db, { role: "admin" });
    const shop = await approvedAdvertiser(db);
    const other = await approvedAdvertiser(db);
    const mine = await createCampaign(db, shop.id, campaignInput({ title: "Jollof Friday" }));
    const theirs = await createCampaign(db, other.id, campaignInput());
    if (mine.status !== "ok" || theirs.status !== "ok") throw new Error("campaign not created");
    const about = (campaignId: string, from: U = shop, to = SUPPORT_ID) =>
      sendMessage(db, sender(from), { recipientDisplayId: to, content: "About it", campaignId });

    expect(await about(theirs.campaign.id)).toEqual({ status: "unknown-campaign" });
    expect(await about("no-such-campaign")).toEqual({ status: "unknown-campaign" });
    expect(await about(mine.campaign.id, ada)).toEqual({ status: "unknown-campaign" });
    expect(await about(mine.campaign.id, kemi, shop.displayId)).toEqual({ status: "unknown-campaign" });
    expect(await countFrom(shop.id)).toBe(0);

    expect((await about(mine.campaign.id)).status).toBe("ok");
    const expected = { title: "Jollof Friday", reference: mine.campaign.reference };
    for (const reader of [kemi, shop]) {
      expect((await listMessages(db, reader)).messages[0]).toMatchObject({ content: "About it", campaign: expected });
    }
  });
});

describe.runIf(usingPostgres())("concurrent sends on PostgreSQL", () => {
  it("40 sends at once by one member → exactly 30 stored", async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        sendMessage(db, sender(ada), { recipientDisplayId: bola.displayId, content: `race ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === "ok")).toHaveLength(30);
    expect(results.filter((r) => r.status === "rate-limited")).toHaveLength(10);
    expect(await countFrom(ada.id)).toBe(30);
  });
});
