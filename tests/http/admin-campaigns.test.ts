import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, campaigns } from "~/db/schema";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { payCampaignFromBalance, submitCampaignForPayment } from "~/domain/campaigns/pay-campaign.server";
import { balances } from "~/domain/ledger/accounts.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { formatKobo } from "~/domain/shared/money";
import { dialogNameInHtml, pageText, redirectToast, startTestApp, type TestApp } from "~test/app";
import { signInAdmin } from "~test/sign-in";
import { approvedAdvertiser, campaignInput } from "~test/factories";
import { statusOf } from "~test/status";
import { formatLagosDate } from "~/lib/lagos-time";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const db = () => app.services.db;
let n = 0;

/** A campaign paid from the advertiser's balance (in review), or submitted to pay by transfer (awaiting payment). */
async function campaignIn(
  status: "in_review" | "awaiting_payment",
  overrides: Parameters<typeof campaignInput>[0] = {},
) {
  n += 1;
  const advertiser = await approvedAdvertiser(db(), { businessName: `Mama Put ${n} Ltd`, balanceKobo: 50_000n });
  const created = await createCampaign(db(), advertiser.id, campaignInput({ title: `Campaign ${n}`, ...overrides }));
  if (created.status !== "ok") throw new Error(created.status);
  const moved =
    status === "in_review"
      ? await payCampaignFromBalance(db(), advertiser.id, created.campaign.id)
      : await submitCampaignForPayment(db(), advertiser.id, created.campaign.id);
  if (moved.status !== "ok") throw new Error(moved.status);
  return { advertiser, campaign: created.campaign };
}

describe("campaign review on /admin/campaigns", () => {
  it("lists campaigns in review by default, with the business, money, dates and reference; filters the others", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const reviewing = await campaignIn("in_review", {
      imageUrl: "https://cdn.example.ng/bread.jpg",
      startsAt: new Date("2030-01-01T23:00:00Z"),
      endsAt: new Date("2030-01-08T23:00:00Z"),
      // The advertiser's own question reaches members as written: the admin reviews it too.
      check: { question: "Which loaf was on offer?", answer: "Agege", wrongAnswers: ["Sliced", "Wheat", "Rye"] },
    });
    const waiting = await campaignIn("awaiting_payment");
    const page = await client.get("/admin/campaigns");
    expect(page.status).toBe(200);
    const text = pageText(page.body);
    expect(text).toContain("Campaigns");
    expect(text).toContain(reviewing.campaign.title);
    expect(text).toContain(`Mama Put ${n - 1} Ltd`);
    expect(text).toContain(reviewing.campaign.reference);
    expect(text).toContain("₦10.00"); // reward per view
    expect(text).toContain("₦120.00"); // budget: 10 × (₦10.00 + ₦2.00)
    expect(text).toContain("20% (₦2.00 a view)");
    expect(text).toContain("0 / 10");
    expect(text).toMatch(/2 Jan 2030/);
    expect(text).toMatch(/8 Jan 2030/); // the last day, not the day after it
    expect(page.body).toContain('src="https://cdn.example.ng/bread.jpg"');
    expect(text).toContain(
      "Attention check: Which loaf was on offer? Right answer: Agege. Wrong answers: Sliced, Wheat, Rye.",
    );
    expect(text).not.toContain(waiting.campaign.title);
    expect(text).toContain("Activate");
    // Asked to activate it before its first day: it waits for that day.
    expect(pageText((await client.get(`/admin/campaigns?activate=${reviewing.campaign.id}`)).body)).toContain(
      "becomes an advert members can view from its first day, 2 Jan 2030, each verified view paid from its ₦120.00 escrow.",
    );

    const awaiting = pageText((await client.get("/admin/campaigns?status=awaiting_payment")).body);
    expect(awaiting).toContain(waiting.campaign.title);
    expect(awaiting).not.toContain(reviewing.campaign.title);
    expect(awaiting).not.toContain("Activate Campaign");

    // An unknown filter reads as In review.
    expect(pageText((await client.get("/admin/campaigns?status=bogus")).body)).toContain(reviewing.campaign.title);

    // A link from before campaigns had their own page (Manage Adverts' ?campaigns=) leads here.
    const old = await client.get("/admin/adverts?campaigns=awaiting_payment");
    expect({ status: old.status, location: old.location }).toEqual({
      status: 302,
      location: "/admin/campaigns?status=awaiting_payment",
    });
  });

  it("activates a campaign in review: audited, then listed as active (not among the admin's adverts)", async () => {
    const { client, user: admin } = await signInAdmin(app, ["manage_adverts"]);
    const { campaign } = await campaignIn("in_review");
    const res = await client.post("/admin/campaigns/activate", { campaignId: campaign.id });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/campaigns");
    expect(redirectToast(res)).toMatchObject({ type: "success", title: "Campaign Activated" });
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("active");
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, campaign.id), eq(auditLog.action, "campaign.activate")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.id);

    const active = await client.get("/admin/campaigns?status=active");
    expect(pageText(active.body)).toContain(campaign.title);
    expect(active.body).toContain(`data-testid="campaign-card-${campaign.id}"`);
    // Its advert is not one of the admin's adverts (Manage Adverts lists none).
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, campaign.id));
    const adverts = await client.get("/admin/adverts");
    const cards = adverts.body.match(/data-testid="advert-card-/g) ?? [];
    expect(adverts.body).not.toContain(`data-testid="advert-card-${row!.advertId}"`);
    expect(cards.length).toBe(0);
    // Nor can it be edited or deleted through the admin's advert actions.
    const edit = await client.post("/admin/adverts", {
      intent: "update",
      advertId: row!.advertId!,
      title: "Hijacked",
      description: "x",
      rewardAmount: "1.00",
      maxClicks: "10",
      imageUrl: "",
    });
    expect(edit.status).toBe(409);
    const del = await client.post("/admin/adverts/delete", { advertId: row!.advertId! });
    expect(del.status).toBe(409);
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("active");

    // Deciding it again is a conflict, told in a toast (carried in the page data).
    const again = await client.post("/admin/campaigns/activate", { campaignId: campaign.id });
    expect(again.status).toBe(409);
    expect(again.body).toContain("Activation Failed");
    expect(again.body).toContain("no longer waiting for this step: it is now active");
  });

  it("asks before Activate (on the page without JavaScript), opens the image full size, and shows when a running campaign started", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const { campaign } = await campaignIn("in_review", { imageUrl: "https://cdn.example.ng/jollof.jpg" });
    const list = await client.get("/admin/campaigns");
    // Activate leads to the question (a link; the dialog asks once the page has loaded): no form activates at once.
    expect(list.body).toMatch(new RegExp(`<a[^>]*href="/admin/campaigns\\?activate=${campaign.id}"`));
    expect(list.body).not.toMatch(
      new RegExp(`<form[^>]*action="/admin/campaigns/activate[^"]*"[^>]*>\\s*<input[^>]*value="${campaign.id}"`),
    );
    const listText = pageText(list.body);
    expect(listText).not.toContain("Activate campaign?");
    expect(listText).toContain("Starts When approved");
    // The picture is a plain link to the image itself, full size.
    expect(list.body).toMatch(/<a[^>]*href="https:\/\/cdn\.example\.ng\/jollof\.jpg"[^>]*target="_blank"/);
    expect(listText).toContain(`Full image of ${campaign.title} (opens in a new tab)`);

    const question = await client.get(`/admin/campaigns?activate=${campaign.id}`);
    const asked = pageText(question.body);
    expect(asked).toContain("Activate campaign?");
    expect(asked).toMatch(
      new RegExp(
        `"${campaign.title}" by Mama Put \\d+ Ltd becomes an advert members can view at once, each verified view paid from its ₦120\\.00 escrow\\.`,
      ),
    );
    // Its plain form posts the campaign to the activate route; Cancel goes back to the list.
    const panel = question.body.slice(question.body.indexOf("Activate campaign?"));
    expect(panel).toMatch(/<form[^>]*action="\/admin\/campaigns\/activate"/);
    expect(panel).toContain(`name="campaignId" value="${campaign.id}"`);
    expect(panel).toMatch(/<a[^>]*href="\/admin\/campaigns"[^>]*>Cancel<\/a>/);
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("in_review");

    const res = await client.post("/admin/campaigns/activate", { campaignId: campaign.id });
    expect(res.status).toBe(302);
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, campaign.id));
    const active = pageText((await client.get(`/admin/campaigns?status=active&activate=${campaign.id}`)).body);
    expect(active).toContain(campaign.title);
    expect(active).toContain(`Started ${formatLagosDate(row!.activatedAt!)}`);
    // Running, it is not asked about again.
    expect(active).not.toContain("Activate campaign?");
  });

  it("rejects with a reason, confirmed in a dialog first (no JavaScript needed); the budget returns", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const { campaign, advertiser } = await campaignIn("in_review");
    expect(await balances(db(), advertiser.id)).toMatchObject({ availableKobo: 50_000n - 12_000n });

    // The Reject link opens the dialog through the URL, server-rendered.
    const list = await client.get("/admin/campaigns");
    expect(list.body).toContain(`href="/admin/campaigns?reject=${campaign.id}"`);
    const dialog = await client.get(`/admin/campaigns?reject=${campaign.id}`);
    expect(dialogNameInHtml(dialog.body).name).toBe("Reject campaign?");
    expect(dialogNameInHtml(dialog.body).description).toContain(
      "What is left of its budget returns to the advertiser's balance.",
    );

    // No reason: refused on the field, the dialog open again, nothing changed.
    const blank = await client.post(`/admin/campaigns/reject?reject=${campaign.id}`, {
      campaignId: campaign.id,
      reason: "   ",
    });
    expect(blank.status).toBe(400);
    expect(pageText(blank.body)).toContain("Give the advertiser a reason.");
    expect(dialogNameInHtml(blank.body).name).toBe("Reject campaign?");
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("in_review");

    const res = await client.post(`/admin/campaigns/reject?reject=${campaign.id}`, {
      campaignId: campaign.id,
      reason: "The image shows a competitor's logo.",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/campaigns");
    expect(redirectToast(res)).toMatchObject({
      type: "success",
      title: "Campaign Rejected",
      description: expect.stringContaining("₦120.00 returned"),
    });
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row).toMatchObject({ status: "rejected", rejectionReason: "The image shows a competitor's logo." });
    expect(await balances(db(), advertiser.id)).toMatchObject({ availableKobo: 50_000n });

    // Twice: a conflict.
    const twice = await client.post("/admin/campaigns/reject", {
      campaignId: campaign.id,
      reason: "Again",
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toContain("already been decided: it is now rejected");
    // Activating a rejected one: a conflict too.
    const activate = await client.post("/admin/campaigns/activate", { campaignId: campaign.id });
    expect(activate.status).toBe(409);
  });

  it("stops a running campaign: Stop and reject, a reason, and what is left returns to the balance", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const { campaign, advertiser } = await campaignIn("in_review");
    await client.post("/admin/campaigns/activate", { campaignId: campaign.id });
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("active");
    const list = await client.get("/admin/campaigns?status=active");
    expect(pageText(list.body)).toContain("Stop and reject");
    const dialog = await client.get(`/admin/campaigns?status=active&reject=${campaign.id}`);
    expect(dialogNameInHtml(dialog.body).description).toContain("stops at once");
    const res = await client.post("/admin/campaigns/reject?status=active", {
      campaignId: campaign.id,
      reason: "The landing page sells counterfeit goods.",
    });
    expect(res.status).toBe(302);
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("rejected");
    expect(await balances(db(), advertiser.id)).toMatchObject({ availableKobo: 50_000n });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "campaign.reject"), eq(auditLog.targetId, campaign.id)));
    expect(audit?.before).toEqual({ status: "active" });
  });

  it("rejects a campaign awaiting payment (no money moves); an unknown one is not found; an ended one says so", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const { campaign } = await campaignIn("awaiting_payment");
    const awaiting = await client.get("/admin/campaigns?status=awaiting_payment");
    expect(awaiting.body).toContain(`href="/admin/campaigns?status=awaiting_payment&amp;reject=${campaign.id}"`);
    const res = await client.post(`/admin/campaigns/reject?status=awaiting_payment&reject=${campaign.id}`, {
      campaignId: campaign.id,
      reason: "No payment arrived.",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/campaigns?status=awaiting_payment");
    expect(redirectToast(res)?.description).toContain("The advertiser will see your reason.");
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("rejected");

    const unknown = await client.post("/admin/campaigns/activate", { campaignId: "no-such-campaign" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain("This campaign no longer exists.");

    const ended = await campaignIn("in_review", { endsAt: new Date(Date.now() + 60_000) });
    await db()
      .update(campaigns)
      .set({ endsAt: new Date(Date.now() - 1000), startsAt: null })
      .where(eq(campaigns.id, ended.campaign.id));
    const late = await client.post("/admin/campaigns/activate", { campaignId: ended.campaign.id });
    expect(late.status).toBe(409);
    expect(late.body).toContain("end date passed");
  });

  it("is refused without manage_adverts: the page and both decisions, nothing changed", async () => {
    const { client } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_adverts"),
    );
    const { campaign } = await campaignIn("in_review");
    expect((await client.get("/admin/campaigns")).status).toBe(403);
    const activate = await client.post("/admin/campaigns/activate", { campaignId: campaign.id });
    expect(activate.status).toBe(403);
    const reject = await client.post("/admin/campaigns/reject", {
      campaignId: campaign.id,
      reason: "No",
    });
    expect(reject.status).toBe(403);
    expect(await statusOf(db(), campaigns, campaign.id)).toBe("in_review");
  });
});

describe("payment confirmation on /admin/campaigns", () => {
  it("confirms a campaign's payment in two steps: look up by reference, then confirm", async () => {
    const { db } = app.services;
    const business = await approvedAdvertiser(db, { businessName: "Ikeja Shoes" });
    const created = await createCampaign(db, business.id, campaignInput({ title: "Back to school sale" }));
    if (created.status !== "ok") throw new Error(created.status);
    const { reference, budgetKobo } = created.campaign;
    await submitCampaignForPayment(db, business.id, created.campaign.id);
    const { client } = await signInAdmin(app, ["manage_adverts"]);

    const lookup = await client.get(`/admin/campaigns?reference=${reference.toLowerCase()}`);
    expect(lookup.status).toBe(200);
    const text = pageText(lookup.body);
    expect(text).toContain("Ikeja Shoes");
    expect(text).toContain("Back to school sale");
    expect(text).toContain(formatKobo(budgetKobo));
    expect(text).toContain("Confirm Payment");
    const [unchanged] = await db.select().from(campaigns).where(eq(campaigns.id, created.campaign.id));
    expect(unchanged!.status).toBe("awaiting_payment");

    const confirmed = await client.post("/admin/campaigns/confirm-payment", { reference });
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe(`/admin/campaigns?reference=${reference}`);
    expect(redirectToast(confirmed)?.title).toBe("Payment Confirmed");
    const [after] = await db.select().from(campaigns).where(eq(campaigns.id, created.campaign.id));
    expect(after!.status).toBe("in_review");
    expect((await balances(db, business.id)).availableKobo).toBe(0n);

    const twice = await client.post("/admin/campaigns/confirm-payment", { reference });
    expect(redirectToast(twice)).toMatchObject({ type: "error", title: "Confirmation Failed" });
    const shown = await client.get(twice.location!);
    expect(pageText(shown.body)).toContain("This campaign's payment has already been confirmed.");
    expect(pageText(shown.body)).not.toContain("Confirm Payment");

    const unknown = await client.get("/admin/campaigns?reference=CMP-NOSUCH22");
    expect(pageText(unknown.body)).toContain("No campaign has the reference CMP-NOSUCH22.");
    // A whole pasted narration is looked up too, not refused as a bad request.
    const long = await client.post("/admin/campaigns/confirm-payment", { reference: "X".repeat(120) });
    expect(redirectToast(long)).toMatchObject({ type: "error", title: "Confirmation Failed" });

    // A lookup from before campaigns had their own page (Advertisers' ?reference=) leads there.
    const old = await client.get(`/admin/advertisers?reference=${reference}`);
    expect({ status: old.status, location: old.location }).toEqual({
      status: 302,
      location: `/admin/campaigns?reference=${reference}`,
    });
  });
});
