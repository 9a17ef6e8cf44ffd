import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { accountSignals, advertViews, membershipTiers, referrals, users } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import { advertRewardKey } from "~/domain/adverts/money.server";
import { transfer } from "~/domain/ledger/transfer.server";
import { newId } from "~/domain/shared/ids";
import { advertAdmin, createUser, longAgo, postAdvert } from "~test/factories";
import { signInMember } from "~test/sign-in";
import { expectLedgerReconciled } from "~test/ledger";
import {
  pageText,
  redirectOutcome,
  redirectToast,
  startTestApp,
  type HttpClient,
  type HttpResponse,
  type TestApp,
} from "~test/app";
import { claimAnswering } from "~test/claims";
import { AS_SCRIPT, checkAskedAhead, claimPayingAttention } from "~test/http-claims";

let app: TestApp;
let admin: Actor;
beforeAll(async () => {
  app = await startTestApp();
  admin = await advertAdmin(app.services.db);
});
afterAll(async () => app?.close());
afterEach(async () => expectLedgerReconciled(app.services.db));

const EMPTY = "No available adverts at the moment. Check back later!";

/** What the advert page's Claim Reward form sends (it shows the view in progress). */
const FROM_VIEW_PAGE = { fromViewPage: "1" };

/** "Claim Reward" as a form post (no JavaScript yet): answered with a redirect. */
const claim = (client: HttpClient, advertId: string, form: Record<string, string> = FROM_VIEW_PAGE) =>
  client.post(`/adverts/${advertId}/claim`, form);

/**
 * "Claim Reward" as a form post by a member who pays attention: when the countdown has ended, the
 * claim is answered with the attention check, answered rightly (claimPayingAttention).
 */
const claimAttentively = (
  client: HttpClient,
  userId: string,
  advertId: string,
  form: Record<string, string> = FROM_VIEW_PAGE,
) => claimPayingAttention(app.services.db, client, userId, advertId, { form });

/**
 * "Claim Reward" from the page's script: the same outcome as JSON. With `attentiveMember` (their
 * id), the attention check that comes after the countdown is answered rightly, as claimAttentively.
 */
async function claimAsScript(
  client: HttpClient,
  advertId: string,
  form: Record<string, string> = FROM_VIEW_PAGE,
  attentiveMember?: string,
) {
  const res = attentiveMember
    ? await claimPayingAttention(app.services.db, client, attentiveMember, advertId, { form, headers: AS_SCRIPT })
    : await client.post(`/adverts/${advertId}/claim`, form, AS_SCRIPT);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(redirectToast(res)).toBeNull(); // the script shows the toast itself
  return { status: res.status, body: JSON.parse(res.body) as unknown };
}

/** Moves a started view's start back in time, as if the member had watched for `seconds`. */
async function watchedFor(userId: string, advertId: string, seconds: number) {
  await app.services.db
    .update(advertViews)
    .set({ startedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(and(eq(advertViews.userId, userId), eq(advertViews.advertId, advertId)));
}

/** The adverts of the member's views in progress (started, not claimed). */
async function viewsOf(userId: string) {
  const rows = await app.services.db
    .select({ advertId: advertViews.advertId })
    .from(advertViews)
    .where(and(eq(advertViews.userId, userId), isNull(advertViews.claimedAt)));
  return rows.map((row) => row.advertId);
}

/** A member signed in (their dashboard visited) whose view of the advert began long enough ago to claim. */
async function readyToClaim(advertId: string) {
  const { client, user } = await signInMember(app, { landed: true });
  await startAdvertView(app.services.db, user.id, advertId, longAgo());
  return { client, id: user.id };
}

describe("the device a paid view came from", () => {
  it("is recorded with the claim (the browser's device cookie), once an hour; a browser without one records none", async () => {
    const advertId = await postAdvert(app.services.db, admin, { title: "Konga Deals", maxClicks: 1 });
    const { client, id } = await readyToClaim(advertId);
    const device = [...client.cookies].find(([name]) => /_did$/.test(name));
    expect(device).toBeDefined();
    expect((await claimAttentively(client, id, advertId)).status).toBe(302);
    const devices = () =>
      app.services.db
        .select()
        .from(accountSignals)
        .where(and(eq(accountSignals.userId, id), eq(accountSignals.kind, "device")));
    const [recorded] = await devices();
    expect(recorded).toBeDefined();
    // The cookie holds the signed id: the recorded value is the id itself.
    expect(decodeURIComponent(device![1])).toContain(recorded!.value);

    // A second paid view within the hour writes nothing new.
    const second = await postAdvert(app.services.db, admin, { title: "Konga Deals 2", maxClicks: 1 });
    await startAdvertView(app.services.db, id, second, longAgo());
    expect((await claimAttentively(client, id, second)).status).toBe(302);
    expect(await devices()).toEqual([recorded]);

    // A client that never opened a page (no device cookie) records no device.
    const { client: bare, user } = await signInMember(app);
    const third = await postAdvert(app.services.db, admin, { title: "Konga Deals 3", maxClicks: 1 });
    await startAdvertView(app.services.db, user.id, third, longAgo());
    expect((await claimAttentively(bare, user.id, third)).status).toBe(302);
    expect(
      await app.services.db
        .select()
        .from(accountSignals)
        .where(and(eq(accountSignals.userId, user.id), eq(accountSignals.kind, "device"))),
    ).toEqual([]);
  });
});

describe("earning from an advert", () => {
  it("start → early claim refused → claim after the dwell time → Reward Earned! → gone from the list → second claim refused", async () => {
    const advertId = await postAdvert(app.services.db, admin, {
      title: "Jumia Flash Sale",
      rewardKobo: 1_234n,
      maxClicks: 3,
    });
    const {
      client,
      user: { id },
    } = await signInMember(app, { name: "Amaka Obi", landed: true });

    const before = pageText((await client.get("/dashboard")).body);
    expect(before).toContain("Welcome, Amaka Obi!");
    expect(before).toContain("Total Earnings ₦0.00");
    expect(before).toContain("Advert Clicks 0");
    expect(before).toContain("Referral Earnings ₦0.00");
    expect(before).toContain("Weekly Rank Unranked");
    expect(before).toContain("0 / 5 views today");
    expect(before).toContain("Jumia Flash Sale");
    expect(before).toContain("Reward: ₦12.34");
    expect(before).toContain("View Advert");
    expect(before).toContain("Complete more actions to unlock achievements!");

    // The advert page exists only after View Advert.
    expect(redirectOutcome(await client.get(`/adverts/${advertId}`))).toMatchObject({
      status: 302,
      location: "/dashboard",
    });

    const started = await client.post(`/adverts/${advertId}`, { intent: "start" });
    expect(redirectOutcome(started)).toEqual({ status: 302, location: `/adverts/${advertId}`, toast: null });
    const viewing = await client.get(`/adverts/${advertId}`);
    expect(viewing.status).toBe(200);
    const viewingText = pageText(viewing.body);
    expect(viewingText).toContain("Jumia Flash Sale");
    expect(viewingText).toContain("Reward: ₦12.34");
    expect(viewingText).toMatch(/Keep viewing for (10|9) seconds to earn your reward\./);
    expect(viewingText).toContain("Claim Reward");

    // Too early: refused on the server, whatever the page's button says. Without JavaScript,
    // back to the advert, which says why; the script gets the seconds left and the toast.
    const early = await claim(client, advertId);
    expect(redirectOutcome(early)).toEqual({ status: 302, location: `/adverts/${advertId}?early=1`, toast: null });
    const earlyPage = pageText((await client.get(early.location!)).body);
    expect(earlyPage).toMatch(/Please view the advert for (10|9) more seconds to earn the reward\./);
    expect(earlyPage).toMatch(/Keep viewing for (10|9) seconds/);
    expect(pageText((await client.get(`/adverts/${advertId}`)).body)).not.toContain("Please view the advert for");
    const earlyAnswer = await claimAsScript(client, advertId);
    expect(earlyAnswer.status).toBe(409);
    expect(earlyAnswer.body).toMatchObject({
      secondsLeft: expect.any(Number),
      toast: {
        type: "error",
        title: "Keep Watching",
        description: expect.stringMatching(/^Please view the advert for (10|9) more seconds/),
      },
    });

    // Opening it again continues the countdown rather than restarting it.
    await watchedFor(id, advertId, 7);
    expect(pageText((await client.get(`/adverts/${advertId}`)).body)).toMatch(/Keep viewing for (3|2) seconds/);

    await watchedFor(id, advertId, 11);
    const claimed = await claimAttentively(client, id, advertId);
    expect(redirectOutcome(claimed)).toEqual({
      status: 302,
      location: "/dashboard",
      toast: { type: "success", title: "Reward Earned!", description: "You earned ₦12.34 for viewing this advert." },
    });

    const after = await client.get("/dashboard");
    expect(after.body).toContain("Reward Earned!"); // in the hydration data: the browser shows the toast
    const afterText = pageText(after.body);
    expect(afterText).toContain("Total Earnings ₦12.34");
    expect(afterText).toContain("Advert Clicks 1");
    expect(afterText).toContain("1 / 5 views today");
    expect(afterText).not.toContain("Jumia Flash Sale");
    expect(afterText).toContain(EMPTY);

    // A second claim (double click, another tab) pays nothing.
    const again = await claim(client, advertId);
    expect(redirectOutcome(again)).toMatchObject({
      status: 302,
      location: "/dashboard",
      toast: {
        type: "error",
        title: "Already Rewarded",
        description: "You have already earned the reward for this advert.",
      },
    });
    expect(await claimAsScript(client, advertId)).toEqual({
      status: 200,
      body: {
        redirectTo: "/dashboard",
        toast: {
          type: "error",
          title: "Already Rewarded",
          description: "You have already earned the reward for this advert.",
        },
      },
    });
    expect(redirectOutcome(await client.post(`/adverts/${advertId}`, { intent: "start" }))).toMatchObject({
      location: "/dashboard",
      toast: { title: "Already Rewarded" },
    });
    expect(redirectOutcome(await client.get(`/adverts/${advertId}`))).toMatchObject({
      location: "/dashboard",
      toast: { title: "Already Rewarded" },
    });
    expect(pageText((await client.get("/dashboard")).body)).toContain("Total Earnings ₦12.34");

    const profile = pageText((await client.get("/profile")).body);
    expect(profile).toContain("Total earnings ₦12.34");
    expect(profile).toMatch(
      /Earnings history Date Earned from Amount \d{1,2} \w{3} \d{4}, \d{2}:\d{2} Advert: Jumia Flash Sale ₦12\.34/,
    );

    // Another member still sees it (one slot of three taken).
    const other = await signInMember(app, { landed: true });
    expect(pageText((await other.client.get("/dashboard")).body)).toContain("Jumia Flash Sale");
  });

  it("refuses a pending member with Account Not Approved, as a toast and on the page", async () => {
    const advertId = await postAdvert(app.services.db, admin, { title: "Pending Cannot Earn" });
    const {
      client,
      user: { id },
    } = await signInMember(app, { isApproved: false, landed: true });
    const dashboard = await client.get("/dashboard");
    expect(dashboard.body).toContain('data-testid="pending-approval"');
    expect(pageText(dashboard.body)).toContain("Pending Cannot Earn");

    const res = await client.post(`/adverts/${advertId}`, { intent: "start" });
    expect(redirectOutcome(res)).toEqual({
      status: 302,
      location: "/dashboard",
      toast: {
        type: "error",
        title: "Account Not Approved",
        description: "Your account needs to be approved by an admin to interact with adverts.",
      },
    });
    const text = pageText((await client.get("/dashboard")).body);
    expect(text).toContain(
      "Account Not Approved Your account needs to be approved by an admin to interact with adverts.",
    );
    // Shown once: the next visit is clean.
    expect(pageText((await client.get("/dashboard")).body)).not.toContain("Account Not Approved");

    expect(redirectOutcome(await claim(client, advertId))).toMatchObject({ toast: { title: "Account Not Approved" } });
    const views = await app.services.db.select().from(advertViews).where(eq(advertViews.userId, id));
    expect(views).toEqual([]);
  });

  it("names the daily limit when it is reached, at View Advert and at the claim", async () => {
    const db = app.services.db;
    const {
      client,
      user: { id },
    } = await signInMember(app, { tier: "bronze", landed: true }); // 10 a day
    for (let i = 0; i < 10; i++) {
      const advertId = await postAdvert(db, admin);
      await startAdvertView(db, id, advertId, longAgo());
      expect(await claimAnswering(db, id, advertId)).toMatchObject({ status: "ok" });
    }
    const fresh = await postAdvert(db, admin, { title: "After the limit" });

    // The next tier's limit is read live: an admin has just raised Silver's.
    await db.update(membershipTiers).set({ dailyAdViews: 25 }).where(eq(membershipTiers.id, "silver"));
    const [silver] = await db.select().from(membershipTiers).where(eq(membershipTiers.id, "silver"));

    const page = await client.get("/dashboard");
    const text = pageText(page.body);
    expect(text).toContain("10 / 10 views today");
    // Before anyone presses View Advert: the adverts left are unavailable today, and the page says
    // why, when the limit resets and what an upgrade raises it to (with the way to upgrade).
    expect(text).toContain(
      `Daily limit reached — come back tomorrow. You have viewed 10 of 10 adverts today. Your limit resets at midnight, Lagos time; until then these adverts are unavailable. Upgrade to ${silver!.name} to view up to 25 adverts a day.`,
    );
    const note = /<p[^>]*id="daily-limit-reached"[\s\S]*?<\/p>/.exec(page.body)?.[0] ?? "";
    expect(note).toContain('href="/membership/upgrade"');
    expect(text).toContain("After the limit");
    expect(page.body).not.toContain(`action="/adverts/${fresh}"`);
    const unavailable = /<button[^>]*data-testid="advert-unavailable"[^>]*>/.exec(page.body)?.[0] ?? "";
    expect(unavailable).toContain("disabled");
    expect(unavailable).toContain('aria-label="Unavailable today: After the limit"');
    expect(unavailable).toContain('aria-describedby="daily-limit-reached"');
    expect(page.body).toContain('id="daily-limit-reached"');
    expect(text).toContain("Advert Clicks 10");
    expect(text).toContain("Total Earnings ₦250.00");
    expect(text).toContain("Ad View Master");
    expect(text).not.toContain("Complete more actions to unlock achievements!");

    const limit = {
      type: "error",
      title: "Daily Limit Reached",
      description: "You have reached your daily limit of 10 advert views. Come back tomorrow!",
    };
    // A View Advert posted from an older page is refused; the dashboard says it once (its note).
    expect(redirectOutcome(await client.post(`/adverts/${fresh}`, { intent: "start" }))).toEqual({
      status: 302,
      location: "/dashboard",
      toast: limit,
    });
    const refused = pageText((await client.get("/dashboard")).body);
    expect(refused).toContain("Daily limit reached — come back tomorrow.");
    expect(refused).not.toContain(limit.description);
    await db.update(membershipTiers).set({ dailyAdViews: 20 }).where(eq(membershipTiers.id, "silver"));

    // At the claim: a member moved down to Basic (5 a day) while viewing their sixth advert.
    const mover = await signInMember(app, { tier: "bronze", landed: true });
    for (let i = 0; i < 5; i++) {
      const advertId = await postAdvert(db, admin);
      await startAdvertView(db, mover.user.id, advertId, longAgo());
      expect(await claimAnswering(db, mover.user.id, advertId)).toMatchObject({ status: "ok" });
    }
    const opened = await postAdvert(db, admin, { title: "Opened before the tier changed" });
    expect(redirectOutcome(await mover.client.post(`/adverts/${opened}`, { intent: "start" }))).toMatchObject({
      location: `/adverts/${opened}`,
    });
    await watchedFor(mover.user.id, opened, 11);
    await db.update(users).set({ membershipTierId: "basic" }).where(eq(users.id, mover.user.id));
    expect(redirectOutcome(await claim(mover.client, opened))).toEqual({
      status: 302,
      location: "/dashboard",
      toast: { ...limit, description: "You have reached your daily limit of 5 advert views. Come back tomorrow!" },
    });
  });

  it("one advert at a time: three opened, all three claimed after one dwell time → paid once, for the last one opened", async () => {
    const db = app.services.db;
    const {
      client,
      user: { id },
    } = await signInMember(app, { landed: true });
    const ids = [await postAdvert(db, admin), await postAdvert(db, admin), await postAdvert(db, admin)];
    for (const advertId of ids) {
      expect(redirectOutcome(await client.post(`/adverts/${advertId}`, { intent: "start" }))).toMatchObject({
        location: `/adverts/${advertId}`,
      });
    }
    // The earlier adverts' pages are closed: back to the dashboard.
    expect(redirectOutcome(await client.get(`/adverts/${ids[0]}`))).toMatchObject({
      status: 302,
      location: "/dashboard",
    });
    await app.services.db
      .update(advertViews)
      .set({ startedAt: sql`now() - interval '11 seconds'` })
      .where(eq(advertViews.userId, id));
    // A claim not sent from an advert's page (its view was never shown) is asked to open it first.
    const notStarted = {
      redirectTo: "/dashboard",
      toast: {
        type: "error",
        title: "Keep Watching",
        description: "Open the advert with View Advert first, then claim your reward.",
      },
    };
    expect((await claimAsScript(client, ids[0]!, {})).body).toEqual(notStarted);
    // From the earlier adverts' pages (still open in other tabs): the view ended, and they say why,
    // back on their own page, which offers to view the advert again.
    const results = [];
    for (const advertId of ids) results.push((await claimAsScript(client, advertId, FROM_VIEW_PAGE, id)).body);
    const ended = (advertId: string) => ({
      redirectTo: `/adverts/${advertId}?ended=1`,
      toast: { type: "error", title: "View Ended", description: "You opened another advert, so this view ended." },
    });
    expect(results).toEqual([
      ended(ids[0]!),
      ended(ids[1]!),
      { redirectTo: "/dashboard", toast: expect.objectContaining({ title: "Reward Earned!" }) },
    ]);
    expect(pageText((await client.get("/dashboard")).body)).toContain("Total Earnings ₦25.00");
  });

  it("a view another advert ended offers View again on its page, a POST that starts a new view", async () => {
    const db = app.services.db;
    const {
      client,
      user: { id },
    } = await signInMember(app, { landed: true });
    const first = await postAdvert(db, admin, { title: "Peak Milk Family Pack", rewardKobo: 3_000n });
    const second = await postAdvert(db, admin);
    for (const advertId of [first, second]) await client.post(`/adverts/${advertId}`, { intent: "start" });

    // Reading the page changes nothing: it says the view ended and offers a new one.
    const page = await client.get(`/adverts/${first}?ended=1`);
    expect(page.status).toBe(200);
    const text = pageText(page.body);
    expect(text).toContain(
      "View ended Peak Milk Family Pack Reward: ₦30.00 View Ended You opened another advert, so this view ended. You can view one advert at a time, so its countdown was lost. View it again to start a new countdown. View again",
    );
    const form =
      [...page.body.matchAll(/<form[^>]*>[\s\S]*?<\/form>/g)].find((f) => f[0].includes("View again"))?.[0] ?? "";
    expect(form).toMatch(/method="post"/);
    expect(form).toContain(`action="/adverts/${first}"`);
    expect(form).toContain('name="intent" value="start"');
    expect(await viewsOf(id)).toEqual([second]);
    // Without ?ended=1 a page with no view goes to the dashboard, as before.
    expect(redirectOutcome(await client.get(`/adverts/${first}`))).toMatchObject({ location: "/dashboard" });

    // View again: a new view of it, with its own countdown (the second advert's view ends in turn).
    expect(redirectOutcome(await client.post(`/adverts/${first}`, { intent: "start" }))).toMatchObject({
      location: `/adverts/${first}`,
    });
    expect(await viewsOf(id)).toEqual([first]);
    const viewing = pageText((await client.get(`/adverts/${first}?ended=1`)).body);
    expect(viewing).toContain("Claim Reward");
    expect(viewing).not.toContain("View again");
    await watchedFor(id, first, 11);
    expect(redirectOutcome(await claimAttentively(client, id, first))).toMatchObject({
      toast: { title: "Reward Earned!", description: "You earned ₦30.00 for viewing this advert." },
    });
    // Once it has paid, its ended page has nothing to offer: Already Rewarded, on the dashboard.
    expect(redirectOutcome(await client.get(`/adverts/${first}?ended=1`))).toMatchObject({
      location: "/dashboard",
      toast: { title: "Already Rewarded" },
    });
  });

  it("without JavaScript too, a claim from a page whose view another advert ended says so, and offers View again", async () => {
    const db = app.services.db;
    const {
      client,
      user: { id },
    } = await signInMember(app, { landed: true });
    const [first, second] = [await postAdvert(db, admin), await postAdvert(db, admin)];
    for (const advertId of [first, second]) await client.post(`/adverts/${advertId}`, { intent: "start" });
    await watchedFor(id, second, 11);
    const ended = {
      type: "error",
      title: "View Ended",
      description: "You opened another advert, so this view ended.",
    };
    const res = await claim(client, first!);
    expect(redirectOutcome(res)).toEqual({ status: 302, location: `/adverts/${first}?ended=1`, toast: ended });
    const page = pageText((await client.get(`/adverts/${first}?ended=1`)).body);
    expect(page).toContain(`${ended.title} ${ended.description}`);
    expect(page).toContain("View again");
    expect(page).not.toContain("Keep Watching");
    // The view it did not end is still there to claim.
    expect(redirectOutcome(await claimAttentively(client, id, second!))).toMatchObject({
      toast: { title: "Reward Earned!" },
    });
  });

  it("shows the weekly rank and referral achievements from approved referrals", async () => {
    const db = app.services.db;
    const {
      client,
      user: { id },
    } = await signInMember(app, { landed: true });
    for (let i = 0; i < 5; i++) {
      const referred = await createUser(db);
      await db.insert(referrals).values({
        id: newId(),
        referrerId: id,
        referredId: referred.id,
        referralCode: "TESTCODE22",
        status: "approved",
        approvedAt: new Date(),
      });
    }
    const text = pageText((await client.get("/dashboard")).body);
    expect(text).toContain("Weekly Rank #1");
    expect(text).toContain("5 approved referrals this week");
    expect(text).toContain("Referral Champion");
    expect(text).toContain("Referral Earnings ₦0.00");
  });

  it("refuses unknown adverts, unknown intents and admins", async () => {
    const { client } = await signInMember(app, { landed: true });
    expect(redirectOutcome(await client.post("/adverts/MadeUpAdvertId_000001", { intent: "start" }))).toMatchObject({
      status: 302,
      location: "/dashboard",
      toast: { title: "Advert Unavailable", description: "This advert is no longer available." },
    });
    expect(redirectOutcome(await claim(client, "MadeUpAdvertId_000001"))).toMatchObject({
      location: "/dashboard",
      toast: { title: "Advert Unavailable" },
    });
    expect(redirectOutcome(await claim(client, "not%20an%20id"))).toMatchObject({
      location: "/dashboard",
      toast: { title: "Advert Unavailable" },
    });
    expect((await client.post("/adverts/MadeUpAdvertId_000001", { intent: "pay-me" })).status).toBe(400);
    // The claim has its own address; the advert page's action refuses intent=claim.
    expect((await client.post("/adverts/MadeUpAdvertId_000001", { intent: "claim" })).status).toBe(400);
    expect(redirectOutcome(await client.get("/adverts/not%20an%20id"))).toMatchObject({
      status: 302,
      location: "/dashboard",
    });

    const advertId = await postAdvert(app.services.db, admin);
    const adminUser = await createUser(app.services.db, { role: "admin" });
    const adminClient = app.client();
    await adminClient.login(adminUser.email, adminUser.password);
    expect(redirectOutcome(await adminClient.post(`/adverts/${advertId}`, { intent: "start" }))).toMatchObject({
      status: 302,
      location: "/admin",
    });
    expect(redirectOutcome(await claim(adminClient, advertId))).toMatchObject({ status: 302, location: "/admin" });
    expect(await claimAsScript(adminClient, advertId)).toEqual({ status: 403, body: { redirectTo: "/admin" } });
    const views = await app.services.db.select().from(advertViews).where(eq(advertViews.userId, adminUser.id));
    expect(views).toEqual([]);
  });

  it("pays once when the same claim arrives many times at once (double taps, several tabs)", async () => {
    const advertId = await postAdvert(app.services.db, admin, { rewardKobo: 5_000n, maxClicks: 100 });
    const { client, id } = await readyToClaim(advertId);
    // The attention check asked once; then the claim with the right pick, twenty times at once.
    const picked = { ...FROM_VIEW_PAGE, ...(await checkAskedAhead(app.services.db, client, id, advertId)) };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? claim(client, advertId, picked) : claimAsScript(client, advertId, picked),
      ),
    );
    const titles = answers.map((a) =>
      typeof a.body === "string"
        ? redirectToast(a as HttpResponse)?.title
        : (a.body as { toast?: { title: string } }).toast?.title,
    );
    expect(titles.filter((t) => t === "Reward Earned!")).toHaveLength(1);
    expect(titles.filter((t) => t === "Already Rewarded")).toHaveLength(19);
    expect(pageText((await client.get("/dashboard")).body)).toContain("Total Earnings ₦50.00");
  });

  it("answers 500 with a message when the claim fails for another reason; nothing is paid", async () => {
    const advertId = await postAdvert(app.services.db, admin, { rewardKobo: 5_000n });
    const { client, id } = await readyToClaim(advertId);
    // The reward's idempotency key already names another payment: the database refuses the claim.
    await transfer(app.services.db, {
      from: { platform: "advert_rewards" },
      to: { userId: id, kind: "available" },
      amountKobo: 1n,
      kind: "advert_reward",
      idempotencyKey: advertRewardKey(advertId, id),
    });
    const message = "An unexpected error occurred. Please try again; if it keeps happening, contact support.";
    const asForm = await claimAttentively(client, id, advertId);
    expect({ status: asForm.status, body: asForm.body, toast: redirectToast(asForm) }).toEqual({
      status: 500,
      body: message,
      toast: null,
    });
    expect(await claimAsScript(client, advertId, FROM_VIEW_PAGE, id)).toEqual({ status: 500, body: { message } });
    const [view] = await app.services.db.select().from(advertViews).where(eq(advertViews.userId, id));
    expect(view?.claimedAt).toBeNull();
    expect(pageText((await client.get("/dashboard")).body)).toContain("Total Earnings ₦0.01"); // the other payment only
  });

  it("answers a body it cannot read (too large, too many fields, an unknown charset) as a claim, not Express's error page; nothing is paid", async () => {
    const advertId = await postAdvert(app.services.db, admin, { rewardKobo: 5_000n });
    const { client, id } = await readyToClaim(advertId);
    const path = `/adverts/${advertId}/claim`;
    /** The claim with a body of our choosing, as a form post or from the script. */
    const send = async (body: string, contentType: string, accept: "text/html" | "application/json") => {
      const res = await fetch(new URL(path, app.origin), {
        method: "POST",
        headers: { Cookie: client.cookieHeader(), Origin: app.origin, "Content-Type": contentType, Accept: accept },
        body,
        redirect: "manual",
      });
      return res;
    };
    const form = "application/x-www-form-urlencoded";
    const unreadable = [
      { what: "over 1 KB", body: `fromViewPage=1&note=${"x".repeat(2_000)}`, contentType: form, status: 413 },
      {
        what: "eleven fields",
        body: ["fromViewPage=1", ...Array.from({ length: 10 }, (_, i) => `f${i}=1`)].join("&"),
        contentType: form,
        status: 413,
      },
      { what: "an unknown charset", body: "fromViewPage=1", contentType: `${form}; charset=koi8-r`, status: 415 },
    ];
    const message = "Your claim could not be read. Please try again.";
    for (const { what, body, contentType, status } of unreadable) {
      const script = await send(body, contentType, "application/json");
      expect({
        what,
        status: script.status,
        type: script.headers.get("Content-Type"),
        body: await script.json(),
      }).toEqual({
        what,
        status,
        type: expect.stringMatching(/^application\/json/),
        body: { message },
      });
      const post = await send(body, contentType, "text/html");
      expect({ what, status: post.status, location: post.headers.get("Location"), toast: redirectToast(post) }).toEqual(
        {
          what,
          status: 302,
          location: `/adverts/${advertId}`,
          toast: { type: "error", title: "Claim Not Sent", description: message },
        },
      );
      expect(await post.text()).toBe("");
    }
    const [view] = await app.services.db.select().from(advertViews).where(eq(advertViews.userId, id));
    expect(view?.claimedAt).toBeNull();
    expect(pageText((await client.get("/dashboard")).body)).toContain("Total Earnings ₦0.00");
    // The view went on: the claim, readable, is paid.
    expect(redirectOutcome(await claimAttentively(client, id, advertId))).toMatchObject({
      toast: { title: "Reward Earned!" },
    });
  });

  it("sends a signed-out claim to sign in and refuses one posted from another site", async () => {
    const advertId = await postAdvert(app.services.db, admin);
    const stranger = app.client();
    expect(redirectOutcome(await claim(stranger, advertId))).toEqual({ status: 302, location: "/login", toast: null });
    expect(await claimAsScript(stranger, advertId)).toEqual({ status: 401, body: { redirectTo: "/login" } });

    const { client, id } = await readyToClaim(advertId);
    for (const origin of ["https://evil.example", "null"]) {
      for (const accept of ["text/html", "application/json"]) {
        const forged = await client.post(`/adverts/${advertId}/claim`, {}, { Origin: origin, Accept: accept });
        expect(forged.status).toBe(400);
      }
    }
    const views = await app.services.db.select().from(advertViews).where(eq(advertViews.userId, id));
    expect(views.map((v) => v.claimedAt)).toEqual([null]);
    // The same member's own claim goes through.
    expect(redirectOutcome(await claimAttentively(client, id, advertId))).toMatchObject({
      location: "/dashboard",
      toast: { title: "Reward Earned!" },
    });
  });
});
