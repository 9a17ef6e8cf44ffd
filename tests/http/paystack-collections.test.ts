import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { campaigns, ledgerTransfers, providerPayments, referrals, upgradeRequests, users } from "~/db/schema";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { balances } from "~/domain/ledger/accounts.server";
import { upgradeTransferKey } from "~/domain/memberships/money.server";
import { pageText, redirectToast, startTestApp, type HttpClient, type TestApp } from "~test/app";
import { campaignInput, recordReferral, setReceivingAccount, setReferralRule } from "~test/factories";
import { expectLedgerReconciled, ledgerRowCounts } from "~test/ledger";
import { startAppWithPaystack, type PaystackStandin } from "~test/paystack";
import { signInAdmin, signInAdvertiser, signInMember } from "~test/sign-in";

// Paying in through Paystack (the stand-in), end to end through the built app: the upgrade
// dialog's "Pay online", the checkout, the signed webhook and the member's return, in any order
// and many times; and a campaign paid online.

let app: TestApp;
let standin: PaystackStandin;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, standin, close } = await startAppWithPaystack());
  await setReferralRule(app.services.db, { active: true, type: "percentage", percentBps: 4_000 });
  await setReceivingAccount(app.services.db);
});
afterAll(() => close());
afterEach(async () => expectLedgerReconciled(app.services.db));

const db = () => app.services.db;
const UPGRADE = "/membership/upgrade";
const PAID = "/membership/upgrade/paid";

/** A signed-in member who chose "Pay online" for Bronze: the 302 to the checkout, and the request. */
async function payingOnline(options: { referredBy?: { id: string; referralCode: string } } = {}) {
  const { user, client } = await signInMember(app, { landed: true });
  if (options.referredBy) await recordReferral(db(), options.referredBy, user.id);
  const res = await client.post(UPGRADE, { tierId: "bronze", method: "online" });
  const [request] = await db().select().from(upgradeRequests).where(eq(upgradeRequests.userId, user.id));
  return { user, client, res, request: request! };
}

const requestRow = async (id: string) =>
  (await db().select().from(upgradeRequests).where(eq(upgradeRequests.id, id)))[0]!;
const attempt = async (reference: string) =>
  (await db().select().from(providerPayments).where(eq(providerPayments.reference, reference)))[0];
const chargeSuccess = (reference: string) => standin.transaction(reference)!;
/** The text of one request's row in Upgrade Requests' table. */
const upgradeRow = (html: string, reference: string) =>
  pageText(new RegExp(`<tr[^>]*data-testid="upgrade-row-${reference}"[\\s\\S]*?</tr>`).exec(html)?.[0] ?? "");

describe("an upgrade paid online", () => {
  it("the dialog offers Pay online; choosing it stores the request and sends the member to Paystack (302)", async () => {
    const { client } = await signInMember(app, { landed: true });
    const page = await client.get(UPGRADE);
    expect(pageText(page.body)).toContain("Pay online (card, bank transfer, USSD)");

    const { res, request } = await payingOnline();
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(new RegExp(`^${standin.baseUrl}/checkout/`));
    expect(request).toMatchObject({ status: "pending", method: "online" });
    expect(chargeSuccess(request.reference)).toMatchObject({ amount: Number(request.priceKobo), status: "abandoned" });
    expect(await attempt(request.reference)).toMatchObject({ status: "initialized" });
  });

  it("the return page's GET changes nothing; it offers Check payment", async () => {
    const { client, request } = await payingOnline();
    const before = await ledgerRowCounts(db());
    const res = await client.get(`${PAID}?trxref=${request.reference}&reference=${request.reference}`);
    expect(res.status).toBe(200);
    expect(pageText(res.body)).toContain("Confirming your payment…");
    expect(pageText(res.body)).toContain("Check payment");
    expect(await ledgerRowCounts(db())).toEqual(before);
    expect(await attempt(request.reference)).toMatchObject({ status: "initialized" });
    // Another member's reference is not theirs to see.
    const other = await signInMember(app, { landed: true });
    expect((await other.client.get(`${PAID}?reference=${request.reference}`)).location).toBe("/dashboard");
  });

  it("20 concurrent charge.success webhooks and the member's return: approved once, revenue once, referral once", async () => {
    const referrer = await signInMember(app);
    const { user, client, request } = await payingOnline({ referredBy: referrer.user });
    await standin.completePayment(request.reference, { outcome: "success", webhook: false });
    const event = chargeSuccess(request.reference);
    const deliveriesBefore = standin.deliveries.length;
    const [returned] = await Promise.all([
      client.post(PAID, { reference: request.reference }),
      ...Array.from({ length: 20 }, () => standin.sendEvent("charge.success", event)),
    ]);
    expect(returned.status).toBe(302);
    expect(standin.deliveries.slice(deliveriesBefore).map((d) => d.status)).toEqual(Array(20).fill(200));

    expect(await requestRow(request.id)).toMatchObject({ status: "approved", processedById: null });
    const [member] = await db().select().from(users).where(eq(users.id, user.id));
    expect(member!.membershipTierId).toBe("bronze");
    const payments = await db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, upgradeTransferKey(request.id, "payment")));
    expect(payments).toHaveLength(1);
    const [referral] = await db().select().from(referrals).where(eq(referrals.referredId, user.id));
    // Paid, or held for review (both members signed in from one address): either way at most once.
    expect(["approved", "held"]).toContain(referral!.status);
    const reward = (request.priceKobo * 4_000n) / 10_000n;
    const earned = await balances(db(), referrer.user.id);
    expect(earned.availableKobo + earned.heldKobo).toBe(referral!.status === "approved" ? reward : 0n);

    // The return page now says so, and pressing Check payment again changes nothing.
    const after = await ledgerRowCounts(db());
    const again = await client.post(PAID, { reference: request.reference });
    expect(again.status).toBe(302);
    expect(pageText((await client.get(again.location!)).body)).toContain("Payment received");
    expect(await ledgerRowCounts(db())).toEqual(after);
  });

  it("a webhook with a wrong signature gets 401 and changes nothing", async () => {
    const { request } = await payingOnline();
    await standin.completePayment(request.reference, { outcome: "success", webhook: false });
    const before = await ledgerRowCounts(db());
    await standin.sendEvent("charge.success", chargeSuccess(request.reference), { signature: "0".repeat(128) });
    expect(standin.deliveries.at(-1)!.status).toBe(401);
    expect((await requestRow(request.id)).status).toBe("pending");
    expect(await attempt(request.reference)).toMatchObject({ status: "initialized" });
    expect(await ledgerRowCounts(db())).toEqual(before);
  });

  it("a replay with a changed amount changes nothing; a first report with the wrong amount is held, not approved", async () => {
    const { request } = await payingOnline();
    await standin.completePayment(request.reference, { outcome: "success" });
    expect((await requestRow(request.id)).status).toBe("approved");
    const before = await ledgerRowCounts(db());
    await standin.sendEvent("charge.success", { ...chargeSuccess(request.reference), amount: 1 });
    expect(standin.deliveries.at(-1)!.status).toBe(200);
    expect(await ledgerRowCounts(db())).toEqual(before);
    expect(await attempt(request.reference)).toMatchObject({ status: "succeeded", paidKobo: request.priceKobo });

    const short = await payingOnline();
    await standin.completePayment(short.request.reference, { outcome: "success", amountKobo: 100_00n });
    expect((await requestRow(short.request.id)).status).toBe("pending");
    expect(await attempt(short.request.reference)).toMatchObject({ status: "held" });
    // The admin sees it held, with the reason.
    const admin = await signInAdmin(app, ["manage_memberships"]);
    const { reference } = short.request;
    const row = upgradeRow((await admin.client.get(`/admin/memberships?q=${reference}`)).body, reference);
    expect(row).toContain("Online (Paystack)");
    expect(row).toContain("Held for review");
    expect(row).toContain("Payment held: Paid ₦100.00");
    expect(row).not.toContain("Paid online");
    // The member is told the payment is held, not asked to pay again.
    const card = pageText((await short.client.get("/dashboard")).body);
    expect(card).toContain("Paystack took your payment");
    expect(card).toContain("Do not pay again");
    expect(card).not.toContain("Try again");
  });

  it("Upgrade Requests shows a failed payment as failed, and the dashboard counts only what waits for an admin", async () => {
    const admin = await signInAdmin(app, ["manage_memberships"]);
    const waiting = async () => {
      const html = (await admin.client.get("/admin")).body;
      return Number(/data-testid="stat-Pending Upgrades">(\d+)</.exec(html)?.[1]);
    };
    const before = await waiting();
    const failed = await payingOnline();
    await standin.completePayment(failed.request.reference, { outcome: "failed" });
    await failed.client.post(PAID, { reference: failed.request.reference });
    expect(await attempt(failed.request.reference)).toMatchObject({ status: "failed" });
    const atCheckout = await payingOnline();
    const row = (reference: string) =>
      admin.client.get(`/admin/memberships?q=${reference}`).then((res) => upgradeRow(res.body, reference));
    expect(await row(failed.request.reference)).toContain("Payment failed");
    expect(await row(failed.request.reference)).toContain("the member may try again or cancel");
    expect(await row(failed.request.reference)).not.toContain("Paid online");
    expect(await row(atCheckout.request.reference)).toContain("Awaiting payment");
    // Neither waits for an admin: the member pays (or tries again), and Paystack's confirmation approves it.
    expect(await waiting()).toBe(before);
    const held = await payingOnline();
    await standin.completePayment(held.request.reference, { outcome: "success", amountKobo: 100_00n });
    expect(await attempt(held.request.reference)).toMatchObject({ status: "held" });
    expect(await waiting()).toBe(before + 1);
  });

  it("a reference of another request, or one nobody knows: 200 and nothing changes", async () => {
    const { user, client } = await signInMember(app, { landed: true });
    expect((await client.post(UPGRADE, { tierId: "bronze", method: "bank_transfer" })).status).toBe(302);
    const [bank] = await db().select().from(upgradeRequests).where(eq(upgradeRequests.userId, user.id));
    const before = await ledgerRowCounts(db());
    const fake = { ...chargeSuccess((await payingOnline()).request.reference), status: "success" };
    await standin.sendEvent("charge.success", { ...fake, reference: bank!.reference, amount: Number(bank!.priceKobo) });
    await standin.sendEvent("charge.success", { ...fake, reference: "UPG-NOBODY00" });
    expect(standin.deliveries.slice(-2).map((d) => d.status)).toEqual([200, 200]);
    expect((await requestRow(bank!.id)).status).toBe("pending");
    expect(await ledgerRowCounts(db())).toEqual(before);
  });

  it("a failed payment: the return page offers Try again, which opens a new checkout (-2)", async () => {
    const { client, request } = await payingOnline();
    await standin.completePayment(request.reference, { outcome: "failed" });
    const checked = await client.post(PAID, { reference: request.reference });
    expect(checked.status).toBe(302);
    const page = pageText((await client.get(checked.location!)).body);
    expect(page).toContain("Payment not completed");
    expect(page).toContain("Try again");
    expect((await requestRow(request.id)).status).toBe("pending");
    const dashboard = pageText((await client.get("/dashboard")).body);
    expect(dashboard).toContain("Your last online payment of ₦500.00 (reference");
    expect(dashboard).toContain("failed: nothing was paid. Try again, or cancel the request.");
    expect(dashboard).toContain("Try again");
    expect(dashboard).toContain("Cancel request");

    const again = await client.post("/membership/upgrade/pay", { requestId: request.id });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toMatch(new RegExp(`^${standin.baseUrl}/checkout/`));
    expect(standin.transaction(`${request.reference}-2`)).toBeDefined();
  });

  it("Paystack unavailable: the request stays pending, with a clear toast", async () => {
    standin.failNext("initialize", "server-error");
    const { res, request } = await payingOnline();
    expect(res.status).toBe(302);
    expect(res.location).toBe("/dashboard");
    expect(redirectToast(res)).toMatchObject({ type: "error", description: expect.stringContaining("Try again") });
    expect(request.status).toBe("pending");
  });
});

describe("a campaign paid online", () => {
  it("Pay online → checkout → webhook: funded and sent to review with no admin", async () => {
    const { user, client } = await signInAdvertiser(app, { landed: true });
    const created = await createCampaign(db(), user.id, campaignInput());
    if (created.status !== "ok") throw new Error(created.status);
    const path = `/advertiser/campaigns/${created.campaign.id}`;
    await client.post(path, { intent: "pay-bank" });
    expect(pageText((await client.get(path)).body)).toContain("Pay online");
    const res = await client.post(path, { intent: "pay-online" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(new RegExp(`^${standin.baseUrl}/checkout/`));
    await standin.completePayment(created.campaign.reference, { outcome: "success" });
    const [campaign] = await db().select().from(campaigns).where(eq(campaigns.id, created.campaign.id));
    expect(campaign!.status).toBe("in_review");
    // The return: already settled, the page says so.
    const back = await client.post(`${path}/paid`, { reference: created.campaign.reference });
    expect(pageText((await client.get(back.location!)).body)).toContain("Payment received");
  });
});

describe("without PAYSTACK_SECRET_KEY", () => {
  let plain: TestApp;
  let member: HttpClient;
  let memberId: string;
  beforeAll(async () => {
    plain = await startTestApp();
    const signedIn = await signInMember(plain, { landed: true });
    member = signedIn.client;
    memberId = signedIn.user.id;
  });
  afterAll(() => plain?.close());

  it("Pay online is not offered, and a posted one is refused: nothing stored", async () => {
    expect(pageText((await member.get(UPGRADE)).body)).not.toContain("Pay online");
    const res = await member.post(UPGRADE, { tierId: "bronze", method: "online" });
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain("Paying online is not available.");
    expect(await plain.services.db.select().from(upgradeRequests).where(eq(upgradeRequests.userId, memberId))).toEqual(
      [],
    );
  });
});
