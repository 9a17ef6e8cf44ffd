import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, membershipTiers, upgradeRequests, users } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { DEFAULT_TIERS } from "~/domain/memberships/default-tiers";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { pageText, redirectToast, startTestApp, type TestApp } from "~test/app";
import { signIn, signInAdmin } from "~test/sign-in";
import { GTB, GTB_ACCOUNT, withWrongCheckDigit } from "~test/bank-accounts";
import { creditUser, member, recordReferral } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { statusOf } from "~test/status";

let app: TestApp;
const ROOT = { email: "root@memberships.test", password: "memberships-super-admin-password" };
beforeAll(async () => {
  app = await startTestApp({ env: { SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password } });
});
afterAll(async () => app?.close());
afterEach(async () => expectLedgerReconciled(app.services.db));

const db = () => app.services.db;
const PAGE = "/admin/memberships";

/** The Update Membership Prices form as the page sends it, the defaults unless changed. */
const pricesForm = (changes: Record<string, string> = {}) => ({
  intent: "update-prices",
  "limit-basic": "5",
  "price-bronze": "500.00",
  "limit-bronze": "10",
  "price-silver": "1000.00",
  "limit-silver": "20",
  "price-gold": "1500.00",
  "limit-gold": "30",
  "price-vip": "2000.00",
  "limit-vip": "50",
  ...changes,
});
const tiers = () =>
  db()
    .select({
      id: membershipTiers.id,
      priceKobo: membershipTiers.priceKobo,
      dailyAdViews: membershipTiers.dailyAdViews,
    })
    .from(membershipTiers)
    .orderBy(asc(membershipTiers.rank));
const DEFAULTS = DEFAULT_TIERS.map((t) => ({ id: t.id, priceKobo: t.priceKobo, dailyAdViews: t.dailyAdViews }));
const auditBy = (
  actorId: string,
  action: "membership_prices.update" | "receiving_account.update" | "membership_benefits.update",
) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, action)));

beforeEach(async () => {
  for (const t of DEFAULTS) {
    await db()
      .update(membershipTiers)
      .set({ priceKobo: t.priceKobo, dailyAdViews: t.dailyAdViews })
      .where(eq(membershipTiers.id, t.id));
  }
  for (const t of DEFAULT_TIERS) {
    await db()
      .update(membershipTiers)
      .set({ benefits: [...t.benefits] })
      .where(eq(membershipTiers.id, t.id));
  }
});

/** A member with ₦1,000.00 who asked for `tierId` the real way. */
async function pendingUpgrade(name: string, method: "balance" | "bank_transfer" = "balance", tierId = "bronze") {
  const m = await member(db(), { name });
  await creditUser(db(), m.id, 100_000n);
  const result = await requestUpgrade(db(), { userId: m.id, tierId, method });
  if (result.status !== "ok") throw new Error(`requestUpgrade: ${result.status}`);
  return { member: m, request: result.request };
}

const balanceOf = async (userId: string, kind: "user_available" | "user_held") =>
  (await balances(db(), userId))[kind === "user_available" ? "availableKobo" : "heldKobo"];
const tierOf = async (userId: string) =>
  (await db().select({ t: users.membershipTierId }).from(users).where(eq(users.id, userId)))[0]!.t;

describe("Manage Memberships page", () => {
  it("shows the tiers (price in naira, daily limit, benefits), the receiving account and the requests", async () => {
    const { client } = await signInAdmin(app, ["manage_memberships"]);
    const res = await client.get(PAGE);
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    for (const words of [
      "Manage Memberships",
      "Membership Tiers",
      "Basic Member",
      "Free",
      "5 adverts a day",
      "Advert Bronze",
      "₦500.00",
      "10 adverts a day",
      "Advert VIP",
      "₦2,000.00",
      "50 adverts a day",
      "A higher daily advert limit than Advert Gold, from the moment your upgrade is approved",
      "Update Membership Prices",
      "Save Changes",
      "Receiving Bank Account",
      "Upgrade Requests",
    ])
      expect(text).toContain(words);
    // A table on wide screens and cards on phones, both in the page.
    expect(res.body).toContain('data-testid="tier-row-bronze"');
    expect(res.body).toContain('data-testid="tier-card-bronze"');
  });

  it("the super admin may open it; an admin without manage_memberships gets 403; a member goes home", async () => {
    const root = app.client();
    await root.login(ROOT.email, ROOT.password);
    expect((await root.get(PAGE)).status).toBe(200);
    const { client } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_memberships"),
    );
    const denied = await client.get(PAGE);
    expect(denied.status).toBe(403);
    expect(pageText(denied.body)).toContain("Access Denied.");
    const m = await member(db());
    const memberClient = app.client();
    await memberClient.login(m.email, m.password);
    const home = await memberClient.get(PAGE);
    expect({ status: home.status, location: home.location }).toEqual({ status: 302, location: "/dashboard" });
  });
});

describe("Update Membership Prices", () => {
  it("saves prices and limits (no JavaScript: a plain post), says Prices Updated, audited", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_memberships"]);
    const res = await client.post(
      PAGE,
      pricesForm({ "price-bronze": "600", "limit-bronze": "12", "price-vip": "2,500.50" }),
    );
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    expect(text).toContain("Prices Updated");
    expect(text).toContain("Open upgrade requests keep the price they were made at.");
    expect(await tiers()).toEqual(
      DEFAULTS.map((t) =>
        t.id === "bronze"
          ? { ...t, priceKobo: 60_000n, dailyAdViews: 12 }
          : t.id === "vip"
            ? { ...t, priceKobo: 250_050n }
            : t,
      ),
    );
    expect(text).toContain("₦600.00");
    expect(text).toContain("₦2,500.50");
    expect(await auditBy(admin.id, "membership_prices.update")).toHaveLength(1);
  });

  it("refuses each bad value with its message, what was typed echoed, nothing saved", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_memberships"]);
    const cases: [Record<string, string>, string][] = [
      [{ "price-bronze": "" }, "Enter an amount."],
      [{ "price-bronze": "five hundred" }, "Enter an amount in naira, such as 1500 or 1,500.50."],
      [{ "price-bronze": "500.001" }, "Use at most 2 decimal places."],
      [{ "price-bronze": "-500" }, "Amount cannot be negative."],
      [{ "price-bronze": "0" }, "A paid tier must cost more than ₦0.00."],
      [{ "price-silver": "500" }, "Advert Silver must cost more than Advert Bronze (₦500.00)."],
      [{ "price-vip": "1499.99" }, "Advert VIP must cost more than Advert Gold (₦1,500.00)."],
      [{ "limit-gold": "0" }, "Enter a whole number of adverts a day, from 1 to 1,000."],
      [{ "limit-gold": "2.5" }, "Enter a whole number of adverts a day, from 1 to 1,000."],
      [{ "limit-gold": "1001" }, "Enter a whole number of adverts a day, from 1 to 1,000."],
      [{ "limit-silver": "9" }, "Advert Silver's daily advert limit must be higher than Advert Bronze's (10)."],
    ];
    for (const [change, message] of cases) {
      const res = await client.post(PAGE, pricesForm(change));
      expect(res.status, message).toBe(400);
      const text = pageText(res.body);
      expect(text).toContain("Update Failed");
      expect(text).toContain(message);
      const [field, typed] = Object.entries(change)[0]!;
      expect(res.body).toMatch(new RegExp(`name="${field}"[^>]*value="${typed.replace(/[.]/g, "\\.")}"`));
    }
    // Basic stays free: a price sent for it is not read.
    const basic = await client.post(PAGE, pricesForm({ "price-basic": "100" }));
    expect(basic.status).toBe(200);
    expect(await tiers()).toEqual(DEFAULTS);
    expect(await auditBy(admin.id, "membership_prices.update")).toEqual([]);
  });

  it("an admin without manage_memberships cannot change prices (403)", async () => {
    const { client } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_memberships"),
    );
    const res = await client.post(PAGE, pricesForm({ "price-bronze": "1" }));
    expect(res.status).toBe(403);
    expect(await tiers()).toEqual(DEFAULTS);
  });
});

describe("Tier Benefits", () => {
  const BENEFITS = "/admin/memberships/benefits";
  /** The benefits form as the page sends it: the defaults unless changed. */
  const benefitsForm = (changes: Record<string, string> = {}) => ({
    ...Object.fromEntries(DEFAULT_TIERS.map((t) => [`benefits-${t.id}`, t.benefits.join("\n")])),
    ...changes,
  });
  const benefitsOf = async (tierId: string) =>
    (await db().select().from(membershipTiers).where(eq(membershipTiers.id, tierId)))[0]!.benefits;
  const GOLD_DEFAULT = [...DEFAULT_TIERS.find((t) => t.id === "gold")!.benefits];

  it("shows each tier's lines in a form of its own; its route's GET shows the page, whose other forms still post to the page", async () => {
    const { client } = await signInAdmin(app, ["manage_memberships"]);
    const page = await client.get(PAGE);
    expect(pageText(page.body)).toContain("Tier Benefits");
    expect(page.body).toContain(`action="${BENEFITS}"`);
    expect(page.body).toMatch(
      /<textarea[^>]*name="benefits-gold"[^>]*>[^<]*A higher daily advert limit than Advert Silver, from the moment your upgrade is approved/,
    );
    const own = await client.get(BENEFITS);
    expect(own.status).toBe(200);
    expect(pageText(own.body)).toContain("Manage Memberships");
    expect(own.body).toContain('action="/admin/memberships"');
  });

  it("saves edited lines (trimmed, blank lines dropped; a plain post), audited before/after; the member's upgrade page shows them", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_memberships"]);
    const gold = `  Everything in Silver \r\n\r\nPriority support on WhatsApp\n`;
    const res = await client.post(BENEFITS, benefitsForm({ "benefits-gold": gold }));
    expect(res.status).toBe(302);
    expect(res.location).toBe(PAGE);
    expect(redirectToast(res)).toMatchObject({ type: "success", title: "Benefits Updated" });
    expect(await benefitsOf("gold")).toEqual(["Everything in Silver", "Priority support on WhatsApp"]);
    expect(await auditBy(admin.id, "membership_benefits.update")).toEqual([
      expect.objectContaining({
        targetType: "membership_tiers",
        before: { "Advert Gold benefits": GOLD_DEFAULT },
        after: { "Advert Gold benefits": ["Everything in Silver", "Priority support on WhatsApp"] },
      }),
    ]);
    expect(pageText((await client.get(PAGE)).body)).toContain("Priority support on WhatsApp");

    const m = await member(db(), { tier: "silver" });
    const memberClient = await signIn(app, m);
    const upgrade = pageText((await memberClient.get("/membership/upgrade")).body);
    // Gold's card lists exactly the new lines (VIP's still has its own).
    expect(upgrade).toContain("Up to 30 adverts a day Everything in Silver Priority support on WhatsApp Advert VIP");
  });

  it.each([
    [" \n ", "Enter at least one benefit, one per line."],
    [Array.from({ length: 13 }, (_, i) => `Benefit ${i + 1}`).join("\n"), "Enter at most 12 benefits, one per line."],
    [`Fine\n${"x".repeat(121)}`, "Benefit 2 is too long: each can be at most 120 characters."],
  ])("refuses %j with its message on the page, what was typed kept, nothing saved", async (typed, message) => {
    const { user: admin, client } = await signInAdmin(app, ["manage_memberships"]);
    const res = await client.post(BENEFITS, benefitsForm({ "benefits-vip": typed }));
    expect(res.status).toBe(400);
    expect(res.body).toContain("Update Failed");
    expect(pageText(res.body)).toContain(message);
    expect(pageText(res.body)).toContain("Manage Memberships");
    expect(await benefitsOf("vip")).toEqual([...DEFAULT_TIERS.find((t) => t.id === "vip")!.benefits]);
    expect(await auditBy(admin.id, "membership_benefits.update")).toEqual([]);
  });

  it("an admin without manage_memberships is refused (403), nothing saved or audited", async () => {
    const { user: admin, client } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_memberships"),
    );
    const res = await client.post(BENEFITS, benefitsForm({ "benefits-gold": "Hijacked" }));
    expect(res.status).toBe(403);
    expect(await benefitsOf("gold")).toEqual(GOLD_DEFAULT);
    expect(await auditBy(admin.id, "membership_benefits.update")).toEqual([]);
  });
});

describe("Receiving bank account", () => {
  it("says bank transfer is not offered until it is set; refuses a wrong NUBAN; saves, audited", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_memberships"]);
    const before = await client.get(PAGE);
    expect(pageText(before.body)).toContain(
      "Not set. Members are not offered payment by bank transfer until a receiving account is set",
    );
    const wrong = await client.post(PAGE, {
      intent: "update-receiving-account",
      bankCode: GTB,
      accountNumber: withWrongCheckDigit(GTB_ACCOUNT),
      accountName: "AdNaira Technologies Ltd",
    });
    expect(wrong.status).toBe(400);
    expect(pageText(wrong.body)).toContain(
      "This account number is not valid for the selected bank. Check the number and the bank.",
    );
    expect(wrong.body).toContain(`value="${withWrongCheckDigit(GTB_ACCOUNT)}"`);
    const empty = await client.post(PAGE, { intent: "update-receiving-account", bankCode: "", accountNumber: "12" });
    expect(empty.status).toBe(400);
    for (const message of [
      "Choose your bank from the list.",
      "Account number must be exactly 10 digits.",
      "Account name is required.",
    ])
      expect(pageText(empty.body)).toContain(message);
    expect(await auditBy(admin.id, "receiving_account.update")).toEqual([]);

    const saved = await client.post(PAGE, {
      intent: "update-receiving-account",
      bankCode: GTB,
      accountNumber: GTB_ACCOUNT,
      accountName: "AdNaira Technologies Ltd",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(PAGE);
    expect(redirectToast(saved)).toMatchObject({ type: "success", title: "Receiving Account Updated" });
    const settings = await getAppSettings(db());
    expect({
      bank: settings.receivingBankCode,
      number: settings.receivingAccountNumber,
      name: settings.receivingAccountName,
    }).toEqual({ bank: GTB, number: GTB_ACCOUNT, name: "AdNaira Technologies Ltd" });
    const page = pageText((await client.get(PAGE)).body);
    expect(page).toContain("Guaranty Trust Bank");
    expect(page).toContain(GTB_ACCOUNT);
    expect(page).not.toContain("Not set.");
    expect(await auditBy(admin.id, "receiving_account.update")).toHaveLength(1);
  });
});

describe("Upgrade Requests", () => {
  it("lists pending requests with tier, amount, method and reference; searches by name, email and reference", async () => {
    const { client } = await signInAdmin(app, ["manage_memberships"]);
    const a = await pendingUpgrade("Ngozi Listed", "balance", "silver");
    const b = await pendingUpgrade("Tunde Transfer", "bank_transfer");
    const res = await client.get(`${PAGE}?q=${encodeURIComponent("ngozi listed")}`);
    const text = pageText(res.body);
    expect(text).toContain("Ngozi Listed");
    expect(text).toContain("Advert Silver");
    expect(text).toContain("₦1,000.00");
    expect(text).toContain("From balance");
    expect(text).toContain(a.request.reference);
    expect(text).not.toContain("Tunde Transfer");
    const byRef = pageText((await client.get(`${PAGE}?q=${b.request.reference}`)).body);
    expect(byRef).toContain("Tunde Transfer");
    expect(byRef).toContain("Bank transfer");
    expect(byRef).not.toContain("Ngozi Listed");
    const byEmail = pageText((await client.get(`${PAGE}?q=${encodeURIComponent(b.member.email)}`)).body);
    expect(byEmail).toContain("Tunde Transfer");
    const none = pageText((await client.get(`${PAGE}?q=nobody-at-all`)).body);
    expect(none).toContain("No pending upgrade requests match your search.");
  });

  it("Approve (a plain post): Upgrade Approved, tier set, held price to revenue, referrer paid; a second decision is a conflict", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_memberships"]);
    const referrer = await member(db(), { name: "Referrer Remi" });
    const { member: m, request } = await pendingUpgrade("Approve Me");
    await recordReferral(db(), referrer, m.id);
    expect(await balanceOf(m.id, "user_held")).toBe(50_000n);

    const res = await client.post(PAGE, { intent: "approve", requestId: request.id });
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    expect(text).toContain("Upgrade Approved");
    expect(text).toContain(`the member is now on Advert Bronze (${request.reference}, ₦500.00)`);
    expect(await statusOf(db(), upgradeRequests, request.id)).toBe("approved");
    expect(await tierOf(m.id)).toBe("bronze");
    expect(await balanceOf(m.id, "user_held")).toBe(0n);
    expect(await balanceOf(m.id, "user_available")).toBe(50_000n);
    expect(await balanceOf(referrer.id, "user_available")).toBeGreaterThan(0n);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, request.id));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([["upgrade.approve", admin.id]]);
    // Gone from the list.
    expect(pageText((await client.get(`${PAGE}?q=${request.reference}`)).body)).toContain(
      "No pending upgrade requests match your search.",
    );

    const again = await client.post(PAGE, { intent: "reject", requestId: request.id });
    expect(again.status).toBe(409);
    expect(pageText(again.body)).toContain(
      "This upgrade request has already been approved, so it cannot be rejected. The list has been refreshed.",
    );
    expect(await statusOf(db(), upgradeRequests, request.id)).toBe("approved");
    expect(await balanceOf(m.id, "user_available")).toBe(50_000n);
  });

  it("an admin who referred the member cannot approve the upgrade: 403 with the reason, audited, nothing changed", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_memberships"]);
    const { member: m, request } = await pendingUpgrade("Referred By Staff");
    // A referral to staff recorded before only members could refer stays as it was.
    await recordReferral(db(), admin, m.id);

    const res = await client.post(PAGE, { intent: "approve", requestId: request.id });
    expect(res.status).toBe(403);
    const text = pageText(res.body);
    expect(text).toContain("Update Failed");
    expect(text).toContain(
      "You referred this member, so you cannot approve their upgrade: its referral reward would be paid to you. Ask another admin to approve it.",
    );
    expect(await statusOf(db(), upgradeRequests, request.id)).toBe("pending");
    expect(await tierOf(m.id)).toBe("basic");
    expect(await balanceOf(m.id, "user_held")).toBe(50_000n);
    expect(await balanceOf(admin.id, "user_available")).toBe(0n);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, request.id));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([["upgrade.approve_refused", admin.id]]);
    const root = app.client();
    await root.login(ROOT.email, ROOT.password);
    expect(pageText((await root.get("/admin/audit?action=upgrade.approve_refused")).body)).toContain(
      "Upgrade approval refused: own referral",
    );

    // Another admin approves it.
    const { client: other } = await signInAdmin(app, ["manage_memberships"]);
    expect((await other.post(PAGE, { intent: "approve", requestId: request.id })).status).toBe(200);
    expect(await statusOf(db(), upgradeRequests, request.id)).toBe("approved");
  });

  it("Reject (a plain post): Upgrade Rejected, the held price back; a second Approve is a conflict", async () => {
    const { client } = await signInAdmin(app, ["manage_memberships"]);
    const { member: m, request } = await pendingUpgrade("Reject Me");
    const res = await client.post(PAGE, { intent: "reject", requestId: request.id });
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    expect(text).toContain("Upgrade Rejected");
    expect(text).toContain("The membership upgrade request has been rejected.");
    expect(await statusOf(db(), upgradeRequests, request.id)).toBe("rejected");
    expect(await tierOf(m.id)).toBe("basic");
    expect(await balanceOf(m.id, "user_available")).toBe(100_000n);
    expect(await balanceOf(m.id, "user_held")).toBe(0n);

    const again = await client.post(PAGE, { intent: "approve", requestId: request.id });
    expect(again.status).toBe(409);
    expect(pageText(again.body)).toContain("This upgrade request has already been rejected, so it cannot be approved.");
    expect(await tierOf(m.id)).toBe("basic");
  });

  it("two admins deciding at once: one wins, the other gets the conflict; the books balance", async () => {
    const first = await signInAdmin(app, ["manage_memberships"]);
    const second = await signInAdmin(app, ["manage_memberships"]);
    const { member: m, request } = await pendingUpgrade("Race Rita");
    const answers = await Promise.all([
      first.client.post(PAGE, { intent: "approve", requestId: request.id }),
      second.client.post(PAGE, { intent: "reject", requestId: request.id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const status = await statusOf(db(), upgradeRequests, request.id);
    expect(await tierOf(m.id)).toBe(status === "approved" ? "bronze" : "basic");
    expect(await balanceOf(m.id, "user_held")).toBe(0n);
    expect(await balanceOf(m.id, "user_available")).toBe(status === "approved" ? 50_000n : 100_000n);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, request.id));
    expect(audit).toHaveLength(1);
  });

  it("a bank-transfer approval books the stored price, even after a price change", async () => {
    const { client } = await signInAdmin(app, ["manage_memberships"]);
    const { member: m, request } = await pendingUpgrade("Transfer Tolu", "bank_transfer");
    expect((await client.post(PAGE, pricesForm({ "price-bronze": "750" }))).status).toBe(200);
    const res = await client.post(PAGE, { intent: "approve", requestId: request.id });
    expect(pageText(res.body)).toContain(`(${request.reference}, ₦500.00)`);
    expect(await tierOf(m.id)).toBe("bronze");
    expect(await balanceOf(m.id, "user_available")).toBe(100_000n);
  });

  it("an unknown request is 404; a malformed post 400; an admin without the permission 403 and nothing changes", async () => {
    const { client } = await signInAdmin(app, ["manage_memberships"]);
    const unknown = await client.post(PAGE, { intent: "approve", requestId: "MadeUpUpgradeId_00001" });
    expect(unknown.status).toBe(404);
    expect(pageText(unknown.body)).toContain("This upgrade request no longer exists.");
    expect((await client.post(PAGE, { intent: "approve" })).status).toBe(400);
    expect((await client.post(PAGE, { intent: "launch", requestId: "x" })).status).toBe(400);

    const { request } = await pendingUpgrade("Not Yours");
    const other = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_memberships"),
    );
    for (const intent of ["approve", "reject"]) {
      const res = await other.client.post(PAGE, { intent, requestId: request.id });
      expect(res.status).toBe(403);
    }
    expect(await statusOf(db(), upgradeRequests, request.id)).toBe("pending");
  });
});

describe("Admin dashboard", () => {
  it("shows Pending Upgrades, linked to the page, only to admins with manage_memberships", async () => {
    await pendingUpgrade("Counted Chika");
    const pending = await db().$count(upgradeRequests, eq(upgradeRequests.status, "pending"));
    const { client } = await signInAdmin(app, ["manage_memberships"]);
    const html = (await client.get("/admin")).body;
    const match =
      /href="\/admin\/memberships"[^>]*>(?:(?!<\/a>)[\s\S])*data-testid="stat-Pending Upgrades">(\d[\d,]*)</.exec(html);
    expect(match?.[1]).toBe(String(pending));
    const other = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_memberships"),
    );
    expect((await other.client.get("/admin")).body).not.toContain("Pending Upgrades");
    const root = app.client();
    await root.login(ROOT.email, ROOT.password);
    expect((await root.get("/admin")).body).toContain('data-testid="stat-Pending Upgrades"');
  });
});
