import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { campaigns } from "~/db/schema";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import type { Actor } from "~/domain/audit/audit.server";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { NO_RECEIVING_ACCOUNT_TEXT } from "~/domain/campaigns/rules";
import { balances } from "~/domain/ledger/accounts.server";
import { formatLagosDate, lagosDay } from "~/lib/lagos-time";
import { TEST_RECEIVING_ACCOUNT } from "~test/bank-accounts";
import {
  advertAdmin,
  campaignInput,
  NEW_CAMPAIGN_FORM,
  longAgo,
  member,
  postAdvert,
  runningCampaign,
  setReceivingAccount,
} from "~test/factories";
import { pageText, redirectToast, startTestApp, type TestApp } from "~test/app";
import { expectLedgerReconciled } from "~test/ledger";
import { signIn, signInAdvertiser, signInMember } from "~test/sign-in";
import { statusOf } from "~test/status";
import { claimAnswering } from "~test/claims";

let app: TestApp;
let admin: Actor;
beforeAll(async () => {
  app = await startTestApp();
  admin = await advertAdmin(app.services.db, ["manage_adverts"]);
});
afterAll(async () => app?.close());
afterEach(async () => expectLedgerReconciled(app.services.db));

const db = () => app.services.db;

/** The advertiser's login lands on /advertiser, and its toast is taken. */
const LANDED = { landsOn: "/advertiser", landed: true } as const;

const NEW_CAMPAIGN = NEW_CAMPAIGN_FORM;

async function draftOf(userId: string) {
  const created = await createCampaign(db(), userId, campaignInput({ rewardKobo: 1_000n, viewsWanted: 10 }));
  if (created.status !== "ok") throw new Error(created.status);
  return created.campaign;
}

describe("the advertiser's home", () => {
  it("shows the business, its AD ID, the balance, a Withdraw balance link, the nav and the empty state", async () => {
    const { user, client } = await signInAdvertiser(app, {
      businessName: "Mama Put Kitchen",
      balanceKobo: 123_456n,
      ...LANDED,
    });
    const res = await client.get("/advertiser");
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    expect(text).toContain("Mama Put Kitchen");
    expect(user.displayId).toMatch(/^AD/);
    expect(text).toContain(user.displayId);
    expect(text).toContain("₦1,234.56");
    expect(res.body).toMatch(/<a[^>]*href="\/advertiser\/payouts"[^>]*>[^<]*Withdraw balance/);
    expect(text).toContain("You have no campaigns yet.");
    expect(res.body).toContain('aria-label="Advertiser"');
    expect(res.body).toMatch(/href="\/advertiser\/campaigns"[^>]*>Campaigns</);
    expect(text).toContain("Sign out");
  });

  it("lists campaigns with status, views done / wanted and budget", async () => {
    const { user, client } = await signInAdvertiser(app, LANDED);
    await draftOf(user.id);
    const text = pageText((await client.get("/advertiser")).body);
    expect(text).toContain("Fresh bread in Yaba");
    expect(text).toContain("Draft");
    expect(text).toContain("0 / 10");
    expect(text).toContain("₦120.00");
  });

  it("tells a business awaiting approval, and one rejected why; neither gets the create form", async () => {
    const pending = await signInAdvertiser(app, { status: "pending", ...LANDED });
    const home = pageText((await pending.client.get("/advertiser")).body);
    expect(home).toContain("Your business is awaiting approval");
    expect(home).not.toContain("New campaign");
    const list = await pending.client.get("/advertiser/campaigns");
    expect(list.body).not.toContain('name="rewardAmount"');
    const refused = await pending.client.post("/advertiser/campaigns", NEW_CAMPAIGN);
    expect(refused.status).toBe(403);
    expect(pageText(refused.body)).toContain("awaiting approval");
    expect(await db().select().from(campaigns).where(eq(campaigns.advertiserId, pending.user.id))).toEqual([]);
  });
});

describe("creating a campaign", () => {
  it("without JavaScript, a refused form comes back with what was typed and its budget", async () => {
    const { user, client } = await signInAdvertiser(app, LANDED);
    const res = await client.post("/advertiser/campaigns", { ...NEW_CAMPAIGN, title: "" });
    expect(res.status).toBe(400);
    const text = pageText(res.body);
    expect(text).toContain("Title is required");
    // ₦10.00 × 100 views = ₦1,000.00, and the 20% fee ₦200.00: ₦1,200.00 to pay.
    expect(text).toContain("Rewards (₦10.00 × 100 views) ₦1,000.00");
    expect(text).toContain("Platform fee (20%) ₦200.00");
    expect(text).toContain("Total to pay ₦1,200.00");
    // What was typed is echoed back into the fields.
    expect(res.body).toMatch(/<textarea[^>]*name="description"[^>]*>Hot loaves every morning\.<\/textarea>/);
    expect(res.body).toMatch(/<input[^>]*name="rewardAmount"[^>]*value="10"/);
    const preview = await client.post("/advertiser/campaigns", { ...NEW_CAMPAIGN, intent: "preview" });
    expect(preview.status).toBe(200);
    expect(pageText(preview.body)).toContain("Total to pay ₦1,200.00");
    expect(await db().select().from(campaigns).where(eq(campaigns.advertiserId, user.id))).toEqual([]);
  });

  it("refuses over the advert limits on its own fields, and an end before the start", async () => {
    const { client } = await signInAdvertiser(app, LANDED);
    const over = await client.post("/advertiser/campaigns", { ...NEW_CAMPAIGN, rewardAmount: "1000.01" });
    expect(over.status).toBe(400);
    expect(pageText(over.body)).toContain("Reward per view can be at most ₦1,000.00.");
    const budget = await client.post("/advertiser/campaigns", {
      ...NEW_CAMPAIGN,
      rewardAmount: "1000",
      viewsWanted: "1001",
    });
    expect(pageText(budget.body)).toContain("Rewards in all (reward × views) can be at most ₦1,000,000.00");
    const dates = await client.post("/advertiser/campaigns", {
      ...NEW_CAMPAIGN,
      startDate: "2099-03-02",
      endDate: "2099-03-01",
    });
    expect(pageText(dates.body)).toContain("The end date cannot be before the start date");
  });

  it("refuses a reward under ₦1.00 at its field and in the budget; ₦1.00 is taken, with its fee", async () => {
    const { user, client } = await signInAdvertiser(app, LANDED);
    const refused = await client.post("/advertiser/campaigns", { ...NEW_CAMPAIGN, rewardAmount: "0.99" });
    expect(refused.status).toBe(400);
    // The message is the reward field's own error (aria-describedby), and the budget says it too.
    const input = /<input[^>]*name="rewardAmount"[^>]*>/.exec(refused.body)?.[0] ?? "";
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('value="0.99"');
    const errorId = /aria-describedby="[^"]*?([^" ]+-error)"/.exec(input)?.[1];
    expect(errorId).toBeDefined();
    const errorAt = refused.body.indexOf(`id="${errorId}"`);
    expect(errorAt).toBeGreaterThan(-1);
    expect(refused.body.slice(errorAt).split("</")[0]).toMatch(/>Reward per view must be at least ₦1\.00\.$/);
    expect(refused.body).toMatch(/data-testid="budget-refusal"[^>]*>Reward per view must be at least ₦1\.00\.</);
    expect(pageText(refused.body)).not.toContain("Total to pay");
    const preview = await client.post("/advertiser/campaigns", {
      ...NEW_CAMPAIGN,
      intent: "preview",
      rewardAmount: "0.5",
    });
    expect(pageText(preview.body)).toContain("Reward per view must be at least ₦1.00.");
    expect(await db().select().from(campaigns).where(eq(campaigns.advertiserId, user.id))).toEqual([]);

    const taken = await client.post("/advertiser/campaigns", { ...NEW_CAMPAIGN, rewardAmount: "1.00" });
    expect(taken.status, pageText(taken.body).slice(0, 300)).toBe(302);
    const [row] = await db().select().from(campaigns).where(eq(campaigns.advertiserId, user.id));
    // 20% of ₦1.00 = ₦0.20 a view: 100 × ₦1.20.
    expect(row).toMatchObject({ rewardKobo: 100n, feePerViewKobo: 20n, budgetKobo: 12_000n });
  });

  it("stores a draft with Lagos days and goes to its page with a toast", async () => {
    const { user, client } = await signInAdvertiser(app, LANDED);
    const res = await client.post("/advertiser/campaigns", {
      ...NEW_CAMPAIGN,
      startDate: "2099-03-01",
      endDate: "2099-03-31",
    });
    expect(res.status, pageText(res.body).slice(0, 300)).toBe(302);
    const [row] = await db().select().from(campaigns).where(eq(campaigns.advertiserId, user.id));
    expect(res.location).toBe(`/advertiser/campaigns/${row!.id}`);
    expect(redirectToast(res)?.title).toBe("Campaign Created");
    expect(row).toMatchObject({ status: "draft", rewardKobo: 1_000n, viewsWanted: 100, budgetKobo: 120_000n });
    expect(row!.startsAt?.toISOString()).toBe("2099-02-28T23:00:00.000Z");
    expect(row!.endsAt?.toISOString()).toBe("2099-03-31T23:00:00.000Z");
  });
});

describe("the campaign page", () => {
  it("an active campaign shows the day it started (page and list); one not yet approved, when it will", async () => {
    const { advertiser: owner, campaign } = await runningCampaign(db(), admin, { title: "Started a while ago" });
    const activatedAt = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    await db().update(campaigns).set({ activatedAt }).where(eq(campaigns.id, campaign.id));
    const client = await signIn(app, owner, LANDED);
    const started = formatLagosDate(activatedAt);
    const text = pageText((await client.get(`/advertiser/campaigns/${campaign.id}`)).body);
    expect(text).toContain(`Started ${started}`);
    expect(text).not.toContain("When approved");
    for (const list of ["/advertiser", "/advertiser/campaigns"]) {
      expect(pageText((await client.get(list)).body), list).toContain(`Started ${started}`);
    }

    const draft = await draftOf(owner.id);
    const draftText = pageText((await client.get(`/advertiser/campaigns/${draft.id}`)).body);
    expect(draftText).toContain("Starts When approved");
  });

  it("is the owner's only: another advertiser gets 404 for the page, its actions and its CSV", async () => {
    const owner = await signInAdvertiser(app, LANDED);
    const campaign = await draftOf(owner.user.id);
    const other = await signInAdvertiser(app, LANDED);
    const path = `/advertiser/campaigns/${campaign.id}`;
    expect((await other.client.get(path)).status).toBe(404);
    expect((await other.client.get(`${path}/report.csv`)).status).toBe(404);
    expect((await other.client.post(path, { intent: "cancel" })).status).toBe(404);
    expect((await other.client.post(path, { intent: "pay-bank" })).status).toBe(404);
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("draft");
    expect((await owner.client.get(path)).status).toBe(200);
  });

  it("a draft: pay by bank transfer shows the amount, the receiving account and the reference", async () => {
    await setReceivingAccount(db());
    const { user, client } = await signInAdvertiser(app, LANDED);
    const campaign = await draftOf(user.id);
    const path = `/advertiser/campaigns/${campaign.id}`;
    const draft = await client.get(path);
    expect(pageText(draft.body)).toContain("Pay by bank transfer");
    // No balance: paying from it is not offered.
    expect(pageText(draft.body)).not.toContain("Pay from balance");

    const res = await client.post(path, { intent: "pay-bank" });
    expect(res.status).toBe(302);
    expect(res.location).toBe(path);
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("awaiting_payment");
    const page = pageText((await client.get(path)).body);
    expect(page).toContain(campaign.reference);
    expect(page).toContain("₦120.00");
    expect(page).toContain(TEST_RECEIVING_ACCOUNT.accountNumber);
    expect(page).toContain(TEST_RECEIVING_ACCOUNT.accountName);

    // Without a receiving account, bank transfer is neither offered nor mentioned (as for upgrades).
    await setReceivingAccount(db(), null);
    const unset = pageText((await client.get(path)).body);
    expect(unset).not.toContain(TEST_RECEIVING_ACCOUNT.accountNumber);
    expect(unset).not.toMatch(/bank transfer/i);
    expect(unset).toContain("Pay the budget of ₦120.00 to send the campaign for review.");
    await setReceivingAccount(db());
  });

  it("without a receiving account, a draft is offered no bank transfer, and one posted anyway is refused", async () => {
    await setReceivingAccount(db(), null);
    const { user, client } = await signInAdvertiser(app, { balanceKobo: 12_000n, ...LANDED });
    const campaign = await draftOf(user.id);
    const path = `/advertiser/campaigns/${campaign.id}`;
    const draft = await client.get(path);
    expect(draft.body).not.toContain('name="intent" value="pay-bank"');
    expect(pageText(draft.body)).not.toMatch(/bank transfer/i);
    // The balance covers it: that is offered.
    expect(draft.body).toContain('name="intent" value="pay-balance"');

    const res = await client.post(path, { intent: "pay-bank" });
    expect(res.location).toBe(path);
    expect(redirectToast(res)).toEqual({
      type: "error",
      title: "Payment Not Started",
      description: NO_RECEIVING_ACCOUNT_TEXT,
    });
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("draft");
    await setReceivingAccount(db());
  });

  it("pay from balance: offered when the balance covers the budget, then in review", async () => {
    const { user, client } = await signInAdvertiser(app, { balanceKobo: 12_000n, ...LANDED });
    const campaign = await draftOf(user.id);
    const path = `/advertiser/campaigns/${campaign.id}`;
    expect(pageText((await client.get(path)).body)).toContain("Pay from balance");
    const res = await client.post(path, { intent: "pay-balance" });
    expect(redirectToast(res)?.title).toBe("Campaign Paid");
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("in_review");
    expect((await balances(db(), user.id)).availableKobo).toBe(0n);
    // Twice: nothing more moves.
    const again = await client.post(path, { intent: "pay-balance" });
    expect(redirectToast(again)).toMatchObject({ type: "error", title: "Payment Failed" });
  });

  it("a draft stored before the ₦1.00 minimum: refused payment by bank or from the balance, with why; nothing changes", async () => {
    const { user, client } = await signInAdvertiser(app, { balanceKobo: 12_000n, ...LANDED });
    const campaign = await draftOf(user.id);
    // As the app stored it then: ₦0.50 a view and its 20% fee (10 views: ₦6.00).
    await db()
      .update(campaigns)
      .set({ rewardKobo: 50n, feePerViewKobo: 10n, budgetKobo: 600n })
      .where(eq(campaigns.id, campaign.id));
    const path = `/advertiser/campaigns/${campaign.id}`;
    const why = "This campaign's reward is below ₦1.00 a view; create a new campaign.";

    const bank = await client.post(path, { intent: "pay-bank" });
    expect(bank.location).toBe(path);
    expect(redirectToast(bank)).toEqual({ type: "error", title: "Payment Not Started", description: why });
    const balance = await client.post(path, { intent: "pay-balance" });
    expect(redirectToast(balance)).toEqual({ type: "error", title: "Payment Failed", description: why });
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("draft");
    expect((await balances(db(), user.id)).availableKobo).toBe(12_000n);
  });

  it("cancel: asked first (also without JavaScript), then the unspent budget returns to the balance", async () => {
    const { user, client } = await signInAdvertiser(app, { balanceKobo: 12_000n, ...LANDED });
    const campaign = await draftOf(user.id);
    const path = `/advertiser/campaigns/${campaign.id}`;
    await client.post(path, { intent: "pay-balance" });
    const page = await client.get(path);
    expect(page.body).toContain(`href="${path}?confirm=cancel"`);
    const confirm = pageText((await client.get(`${path}?confirm=cancel`)).body);
    expect(confirm).toContain("Cancel this campaign?");
    expect(confirm).toContain("The unspent budget returns to your balance.");
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("in_review");

    const res = await client.post(path, { intent: "cancel" });
    expect(redirectToast(res)).toMatchObject({ title: "Campaign Cancelled" });
    expect(redirectToast(res)?.description).toContain("₦120.00");
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("cancelled");
    expect((await balances(db(), user.id)).availableKobo).toBe(12_000n);
    expect(pageText((await client.get(path)).body)).not.toContain("Cancel campaign");
  });

  it("the report and its CSV: views, rewards and fees by day, and no member named", async () => {
    const {
      advertiser: owner,
      campaign,
      advertId,
    } = await runningCampaign(db(), admin, {
      rewardKobo: 1_000n,
      viewsWanted: 10,
    });
    const viewer = await member(db(), { name: "Zainab Hiddenname", tier: "silver" });
    expect((await startAdvertView(db(), viewer.id, advertId, longAgo())).status).toBe("ok");
    expect((await claimAnswering(db(), viewer.id, advertId)).status).toBe("ok");
    const client = await signIn(app, owner, LANDED);
    const path = `/advertiser/campaigns/${campaign.id}`;

    const page = await client.get(path);
    const text = pageText(page.body);
    expect(text).toContain("Verified views 1");
    expect(text).toContain("Spent ₦12.00");
    expect(text).toContain("Remaining budget ₦108.00");
    expect(text).toContain("Platform fee charged ₦2.00");
    expect(text).toContain("Current tier");
    expect(text).toContain("Advert Silver 1 100%");
    expect(page.body).toContain('data-testid="bar-chart"');
    expect(page.body).not.toContain("Hiddenname");
    expect(page.body).not.toContain(viewer.id);
    expect(page.body).not.toContain(viewer.displayId);

    const csv = await client.get(`${path}/report.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(csv.headers.get("Content-Disposition")).toContain(`campaign-${campaign.reference}.csv`);
    expect(csv.body).toBe(
      `date,verified_views,rewards_paid,fees,spend\r\n${lagosDay(new Date())},1,10.00,2.00,12.00\r\n`,
    );
  });
});

describe("members see who advertises", () => {
  it("a campaign's advert names its business on the dashboard's card and on the advert's page; an admin's names none", async () => {
    const { advertId } = await runningCampaign(
      db(),
      admin,
      { title: "Jollof Friday" },
      { businessName: "Mama Put Kitchen" },
    );
    const plain = await postAdvert(db(), admin, { title: "Peak Milk" });
    const viewer = await signInMember(app, { landed: true });
    const dashboard = await viewer.client.get("/dashboard");
    const cards = dashboard.body.split('data-testid="advert-card"').slice(1);
    const card = (title: string) => cards.find((c) => c.includes(title))!;
    expect(pageText(card("Jollof Friday"))).toContain("From Mama Put Kitchen");
    expect(card("Peak Milk")).not.toContain('data-testid="advert-business"');

    expect((await viewer.client.post(`/adverts/${advertId}`, { intent: "start" })).status).toBe(302);
    const page = await viewer.client.get(`/adverts/${advertId}`);
    const business = /data-testid="advert-business"[^>]*>([\s\S]*?)<\/p>/.exec(page.body)?.[1] ?? "";
    expect(pageText(business)).toBe("From Mama Put Kitchen");
    expect((await viewer.client.post(`/adverts/${plain}`, { intent: "start" })).status).toBe(302);
    expect((await viewer.client.get(`/adverts/${plain}`)).body).not.toContain('data-testid="advert-business"');
  });
});
