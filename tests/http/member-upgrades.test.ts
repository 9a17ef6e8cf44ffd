import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { upgradeRequests, users } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances } from "~/domain/ledger/accounts.server";
import { emailsTo } from "~/domain/mail/outbox.server";
import { approveUpgrade } from "~/domain/memberships/process-upgrade.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { TEST_RECEIVING_ACCOUNT } from "~test/bank-accounts";
import { createUser, creditUser, formKey, membershipAdmin, setBankDetails, setReceivingAccount } from "~test/factories";
import { pageText, redirectToast, startTestApp, type HttpClient, type TestApp } from "~test/app";
import { expectLedgerReconciled, ledgerRowCounts } from "~test/ledger";
import { signIn } from "~test/sign-in";

let app: TestApp;
let admin: Actor;
beforeAll(async () => {
  app = await startTestApp();
  admin = await membershipAdmin(app.services.db);
});
beforeEach(async () => setReceivingAccount(app.services.db));
afterAll(async () => app?.close());
afterEach(async () => expectLedgerReconciled(app.services.db));

type Member = { client: HttpClient; id: string; email: string };

/** A member signed in, with `balanceKobo` earned, on `tier` (Basic unless told). */
async function member(options: { balanceKobo?: bigint; tier?: string; isApproved?: boolean } = {}): Promise<Member> {
  const db = app.services.db;
  const user = await createUser(db, { isApproved: options.isApproved ?? true });
  if (options.tier) await db.update(users).set({ membershipTierId: options.tier }).where(eq(users.id, user.id));
  if (options.balanceKobo) await creditUser(db, user.id, options.balanceKobo);
  const client = await signIn(app, user, { landed: true });
  return { client, id: user.id, email: user.email };
}

const UPGRADE = "/membership/upgrade";
const CANCEL = "/membership/upgrade/cancel";
const requestOf = (m: Member, tierId: string, method: string) => m.client.post(UPGRADE, { tierId, method });
const requestsOf = (userId: string) =>
  app.services.db.select().from(upgradeRequests).where(eq(upgradeRequests.userId, userId));
const money = (userId: string) => balances(app.services.db, userId);

/** The <input> of a radio choice on the page (name and value), or undefined. */
const radio = (html: string, name: string, value: string) =>
  [...html.matchAll(/<input[^>]*>/g)]
    .map(([tag]) => tag)
    .find((tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`));

async function pendingRequest(m: Member, method: "balance" | "bank_transfer", tierId = "bronze") {
  const res = await requestOf(m, tierId, method);
  expect(res.status, pageText(res.body).slice(0, 300)).toBe(302);
  const [row] = await requestsOf(m.id);
  return row!;
}

describe("the dashboard", () => {
  it("shows the available balance beside Total Earnings, what is held and why, and an Upgrade link", async () => {
    const m = await member({ balanceKobo: 100_000n });
    const db = app.services.db;
    await setBankDetails(db, m.id);
    const withdrawal = await requestWithdrawal(db, { userId: m.id, amountKobo: 20_000n, idempotencyKey: formKey() });
    expect(withdrawal.status).toBe("ok");
    const text = pageText((await m.client.get("/dashboard")).body);
    expect(text).toContain("Total Earnings ₦1,000.00");
    expect(text).toContain(
      "Available Balance ₦800.00 Held: ₦200.00 for a withdrawal in progress, until an admin decides",
    );
    expect(text).toContain("Membership: Basic Member · up to 5 adverts a day Upgrade");
    expect((await m.client.get("/dashboard")).body).toMatch(/<a[^>]*href="\/membership\/upgrade"[^>]*>Upgrade<\/a>/);

    await pendingRequest(m, "balance");
    expect(pageText((await m.client.get("/dashboard")).body)).toContain(
      "Available Balance ₦300.00 Held: ₦200.00 for a withdrawal in progress and ₦500.00 for your pending upgrade, until an admin decides",
    );
  });

  it("a member awaiting approval has no Upgrade button, and the page says why", async () => {
    const m = await member({ isApproved: false });
    const dashboard = await m.client.get("/dashboard");
    expect(pageText(dashboard.body)).toContain("Available Balance ₦0.00 What you can withdraw or spend now");
    expect(dashboard.body).not.toContain('href="/membership/upgrade"');
    const page = pageText((await m.client.get(UPGRADE)).body);
    expect(page).toContain("Your account must be approved before you can upgrade your membership.");
    expect(page).not.toContain("Confirm Upgrade");
  });
});

describe("the Membership Upgrade form", () => {
  it("offers only the tiers above the member's, each with the difference to pay, its daily limit and benefits", async () => {
    const m = await member({ tier: "silver", balanceKobo: 60_000n });
    const res = await m.client.get(UPGRADE);
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    expect(text).toContain("You are on Advert Silver (20 adverts a day). Available balance: ₦600.00");
    // Each price is the difference to pay, said to be paid once; the benefits only what the tier delivers.
    expect(text).toContain(
      "You pay the difference between the new tier's price and your current tier's, once: a tier is a one-off payment, with nothing to renew.",
    );
    expect(text).toContain(
      "Advert Gold ₦500.00 one-off payment Up to 30 adverts a day Everything in Advert Silver A higher daily advert limit than Advert Silver, from the moment your upgrade is approved Paid once: the tier stays yours, with nothing to renew",
    );
    expect(text).toContain("Advert VIP ₦1,000.00 one-off payment Up to 50 adverts a day Everything in Advert Gold");
    for (const lower of ["basic", "bronze", "silver"]) expect(radio(res.body, "tierId", lower)).toBeUndefined();
    expect(radio(res.body, "tierId", "gold")).toContain("checked");
    expect(radio(res.body, "tierId", "vip")).toBeDefined();
    expect(text).toContain("Cancel Confirm Upgrade");
  });

  it("the balance option is disabled, and says why, when the available balance covers no tier", async () => {
    const m = await member({ balanceKobo: 49_999n });
    const res = await m.client.get(UPGRADE);
    expect(radio(res.body, "method", "balance")).toContain("disabled");
    expect(pageText(res.body)).toContain(
      "From my AdNaira balance Available balance: ₦499.99. It does not cover ₦500.00; earn more or pay by bank transfer.",
    );
    expect(radio(res.body, "method", "bank_transfer")).toContain("checked");

    const covered = await member({ balanceKobo: 50_000n });
    const page = await covered.client.get(UPGRADE);
    expect(radio(page.body, "method", "balance")).not.toContain("disabled");
    expect(radio(page.body, "method", "balance")).toContain("checked");
    expect(pageText(page.body)).toContain("₦500.00 will be held until an admin approves the upgrade.");
  });

  it("bank transfer shows the receiving account and promises a reference; without an account it is not offered", async () => {
    const m = await member();
    const text = pageText((await m.client.get(UPGRADE)).body);
    expect(text).toContain(
      `By bank transfer Pay ₦500.00 into Zenith Bank ${TEST_RECEIVING_ACCOUNT.accountNumber} (AdNaira Technologies Ltd). You will get a unique payment reference to put in the transfer narration`,
    );

    await setReceivingAccount(app.services.db, null);
    const without = await m.client.get(UPGRADE);
    expect(radio(without.body, "method", "bank_transfer")).toBeUndefined();
    // Not offered, so not mentioned: no hint to pay a way that does not exist.
    expect(pageText(without.body)).not.toMatch(/bank transfer/i);
    expect(pageText(without.body)).toContain(
      "From my AdNaira balance Available balance: ₦0.00. It does not cover ₦500.00 yet; earn more to upgrade.",
    );
    const covered = await member({ balanceKobo: 50_000n });
    expect(pageText((await covered.client.get(UPGRADE)).body)).not.toMatch(/bank transfer/i);
    // A hand-made post is refused as well.
    const res = await requestOf(m, "bronze", "bank_transfer");
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain("Payment by bank transfer is not available yet.");
    expect(await requestsOf(m.id)).toEqual([]);
  });
});

describe("requesting an upgrade", () => {
  it("from the balance: Upgrade Requested, the price held, and the dashboard shows the pending request", async () => {
    const m = await member({ balanceKobo: 80_000n });
    const res = await requestOf(m, "bronze", "balance");
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/dashboard" });
    expect(redirectToast(res)).toEqual({
      type: "success",
      title: "Upgrade Requested",
      description:
        "Your request to upgrade to Advert Bronze has been submitted. ₦500.00 is held from your balance until an admin approves it.",
    });
    expect(await money(m.id)).toEqual({ availableKobo: 30_000n, heldKobo: 50_000n });
    const [row] = await requestsOf(m.id);
    expect(row).toMatchObject({ tierId: "bronze", priceKobo: 50_000n, method: "balance", status: "pending" });

    const dashboard = await m.client.get("/dashboard");
    const text = pageText(dashboard.body);
    expect(text).toMatch(
      /Upgrade request pending Tier Advert Bronze Amount ₦500\.00 Payment From my AdNaira balance Requested \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/,
    );
    expect(text).toContain("₦500.00 is held from your balance until an admin decides.");
    expect(text).toContain("Available Balance ₦300.00 Held: ₦500.00 for your pending upgrade");
    // One request at a time: no Upgrade button while this one is pending.
    expect(dashboard.body).not.toMatch(/>Upgrade<\/a>/);

    const [mail] = await emailsTo(app.services.db, m.email);
    expect(mail).toMatchObject({ subject: `Upgrade request ${row!.reference} received` });
  });

  it("by bank transfer: the reference and the receiving account on the dashboard, with the narration instruction", async () => {
    const m = await member();
    const res = await requestOf(m, "silver", "bank_transfer");
    expect(res.status).toBe(302);
    const [row] = await requestsOf(m.id);
    expect(row!.reference).toMatch(/^UPG-[A-Z0-9]{8}$/);
    expect(redirectToast(res)?.description).toBe(
      `Your request to upgrade to Advert Silver has been submitted. Pay ₦1,000.00 by bank transfer with the reference ${row!.reference}.`,
    );
    expect(await money(m.id)).toEqual({ availableKobo: 0n, heldKobo: 0n });

    const text = pageText((await m.client.get("/dashboard")).body);
    expect(text).toContain("Tier Advert Silver Amount ₦1,000.00 Payment By bank transfer");
    expect(text).toContain(
      `Pay ₦1,000.00 by bank transfer to the account below and put the reference ${row!.reference} in the transfer narration.`,
    );
    expect(text).toContain(`Reference ${row!.reference} Copy payment reference`);
    expect(text).toContain("Bank: Zenith Bank");
    expect(text).toContain(`Account number ${TEST_RECEIVING_ACCOUNT.accountNumber} Copy account number`);
    expect(text).toContain("Account name AdNaira Technologies Ltd Copy account name");

    const [mail] = await emailsTo(app.services.db, m.email);
    expect(mail!.textBody).toContain(`Account number: ${TEST_RECEIVING_ACCOUNT.accountNumber}`);
    expect(mail!.textBody).toContain(`Narration: ${row!.reference}`);
  });

  it("a second request, or a resubmit of the same form, answers Request Pending and makes nothing new", async () => {
    const m = await member({ balanceKobo: 200_000n });
    await pendingRequest(m, "balance");
    const before = { ledger: await ledgerRowCounts(app.services.db), money: await money(m.id) };
    for (const [tier, method] of [
      ["bronze", "balance"],
      ["gold", "bank_transfer"],
    ] as const) {
      const res = await requestOf(m, tier, method);
      expect(res.status).toBe(409);
      expect(res.body).toContain("Request Pending"); // the toast, in the page's data
      expect(pageText(res.body)).toContain("You already have a pending upgrade request.");
      expect(pageText(res.body)).toContain("Upgrade request pending Tier Advert Bronze");
    }
    expect(await requestsOf(m.id)).toHaveLength(1);
    expect({ ledger: await ledgerRowCounts(app.services.db), money: await money(m.id) }).toEqual(before);
  });

  it("without JavaScript a refusal re-renders the form with its error and the member's choice", async () => {
    const m = await member({ balanceKobo: 60_000n });
    const res = await requestOf(m, "gold", "balance");
    expect(res.status).toBe(400);
    expect(res.body).toContain("Insufficient Funds");
    expect(res.body).toContain("Your available balance does not cover this upgrade.");
    expect(pageText(res.body)).toContain("Your available balance of ₦600.00 does not cover ₦1,500.00.");
    expect(radio(res.body, "tierId", "gold")).toContain("checked");
    expect(pageText(res.body)).toContain("Confirm Upgrade");
    expect(await requestsOf(m.id)).toEqual([]);
    expect(await money(m.id)).toEqual({ availableKobo: 60_000n, heldKobo: 0n });

    const empty = await m.client.post(UPGRADE, {});
    expect(empty.status).toBe(400);
    expect(pageText(empty.body)).toContain("Choose a tier.");
    expect(pageText(empty.body)).toContain("Choose how to pay.");

    const lower = await member({ tier: "silver", balanceKobo: 500_000n });
    const refused = await requestOf(lower, "bronze", "balance");
    expect(refused.status).toBe(400);
    expect(pageText(refused.body)).toContain("You can only upgrade to a higher tier.");
    const unknown = await requestOf(lower, "platinum", "balance");
    expect(pageText(unknown.body)).toContain("That membership tier does not exist.");
    expect(await requestsOf(lower.id)).toEqual([]);
  });

  it("a member awaiting approval is refused with the reason, and nothing is written", async () => {
    const m = await member({ isApproved: false, balanceKobo: 100_000n });
    const res = await requestOf(m, "bronze", "balance");
    expect(res.status).toBe(403);
    expect(pageText(res.body)).toContain("Your account must be approved and not restricted to upgrade.");
    expect(await requestsOf(m.id)).toEqual([]);
    expect(await money(m.id)).toEqual({ availableKobo: 100_000n, heldKobo: 0n });
  });

  it("a member restricted mid-session is signed out by the post, and nothing is written", async () => {
    const m = await member({ balanceKobo: 100_000n });
    await app.services.db.update(users).set({ isRestricted: true }).where(eq(users.id, m.id));
    const res = await requestOf(m, "bronze", "balance");
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/login" });
    expect(await requestsOf(m.id)).toEqual([]);
  });

  it("a post from another site is refused before anything is written", async () => {
    const m = await member({ balanceKobo: 100_000n });
    const res = await m.client.post(
      UPGRADE,
      { tierId: "bronze", method: "balance" },
      { Origin: "https://evil.example" },
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await requestsOf(m.id)).toEqual([]);
  });

  it("once approved, the dashboard shows the new tier and its daily limit, and offers the tiers above it", async () => {
    const m = await member({ balanceKobo: 50_000n });
    const row = await pendingRequest(m, "balance");
    expect(await approveUpgrade(app.services.db, admin, row.id)).toMatchObject({ status: "ok" });
    const dashboard = await m.client.get("/dashboard");
    const text = pageText(dashboard.body);
    expect(text).toContain("Membership: Advert Bronze · up to 10 adverts a day Upgrade");
    expect(text).toContain("Today: 0 of 10 views used");
    expect(text).not.toContain("Upgrade request pending");
    const page = await m.client.get(UPGRADE);
    expect(radio(page.body, "tierId", "bronze")).toBeUndefined();
    expect(pageText(page.body)).toContain("Advert Silver ₦500.00 one-off payment");
  });
});

describe("cancelling a pending request", () => {
  it("returns the held price, with a toast, and the member may ask again", async () => {
    const m = await member({ balanceKobo: 50_000n });
    const row = await pendingRequest(m, "balance");
    expect(await money(m.id)).toEqual({ availableKobo: 0n, heldKobo: 50_000n });
    const res = await m.client.post(CANCEL, { requestId: row.id });
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/dashboard" });
    expect(redirectToast(res)).toEqual({
      type: "success",
      title: "Upgrade Request Cancelled",
      description: `Your upgrade request ${row.reference} has been cancelled. ₦500.00 has been returned to your available balance.`,
    });
    expect(await money(m.id)).toEqual({ availableKobo: 50_000n, heldKobo: 0n });
    expect((await requestsOf(m.id))[0]).toMatchObject({ status: "cancelled" });
    const text = pageText((await m.client.get("/dashboard")).body);
    expect(text).not.toContain("Upgrade request pending");
    expect(text).toContain("Available Balance ₦500.00 What you can withdraw or spend now");

    // Twice: the second is refused and moves nothing.
    const again = await m.client.post(CANCEL, { requestId: row.id });
    expect(again.status).toBe(409);
    expect(pageText(again.body)).toContain("This request can no longer be cancelled: it has been cancelled.");
    expect(await money(m.id)).toEqual({ availableKobo: 50_000n, heldKobo: 0n });
    expect((await requestOf(m, "bronze", "balance")).status).toBe(302);
  });

  it("without JavaScript the dashboard links to the upgrade page, whose cancel form states what it does", async () => {
    const m = await member({ balanceKobo: 50_000n });
    const row = await pendingRequest(m, "balance");
    const dashboard = await m.client.get("/dashboard");
    expect(dashboard.body).toMatch(/<a[^>]*href="\/membership\/upgrade#cancel"[^>]*>Cancel request<\/a>/);
    const page = await m.client.get(UPGRADE);
    expect(page.body).toMatch(/<form[^>]*action="\/membership\/upgrade\/cancel"/);
    expect(page.body).toContain(`value="${row.id}"`);
    expect(pageText(page.body)).toContain(
      "The ₦500.00 held from your balance returns to your available balance. Cancel request",
    );
  });

  it("another member cannot cancel it: answered as not found, and nothing changes", async () => {
    const owner = await member({ balanceKobo: 50_000n });
    const row = await pendingRequest(owner, "balance");
    const other = await member({ balanceKobo: 10_000n });
    const res = await other.client.post(CANCEL, { requestId: row.id });
    expect(res.status).toBe(404);
    expect(pageText(res.body)).toContain("That upgrade request was not found.");
    expect((await requestsOf(owner.id))[0]).toMatchObject({ status: "pending" });
    expect(await money(owner.id)).toEqual({ availableKobo: 0n, heldKobo: 50_000n });
    expect(await money(other.id)).toEqual({ availableKobo: 10_000n, heldKobo: 0n });
  });

  it("a bank transfer request is cancelled without moving money", async () => {
    const m = await member();
    const row = await pendingRequest(m, "bank_transfer");
    const before = await ledgerRowCounts(app.services.db);
    const res = await m.client.post(CANCEL, { requestId: row.id });
    expect(redirectToast(res)?.description).toBe(`Your upgrade request ${row.reference} has been cancelled.`);
    expect(await ledgerRowCounts(app.services.db)).toEqual(before);
  });
});

describe("a GET changes nothing", () => {
  it("opening the page, the cancel route and the dashboard writes no request and moves no money", async () => {
    const m = await member({ balanceKobo: 50_000n });
    const row = await pendingRequest(m, "balance");
    const before = { ledger: await ledgerRowCounts(app.services.db), rows: await requestsOf(m.id) };
    const cancel = await m.client.get(`${CANCEL}?requestId=${row.id}`);
    expect(cancel.status).toBe(200);
    expect(pageText(cancel.body)).toContain("Upgrade request pending Tier Advert Bronze");
    await m.client.get(`${UPGRADE}?tierId=gold&method=balance`);
    await m.client.get("/dashboard");
    expect({ ledger: await ledgerRowCounts(app.services.db), rows: await requestsOf(m.id) }).toEqual(before);
  });
});
