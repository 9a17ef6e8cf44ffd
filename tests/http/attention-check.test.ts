import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adverts, advertViews, ledgerTransfers, riskClusters, users } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { advertRewardKey } from "~/domain/adverts/money.server";
import { TITLE_QUESTION } from "~/domain/adverts/attention-check";
import { balances } from "~/domain/ledger/accounts.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import {
  pageText,
  redirectOutcome,
  redirectToast,
  startTestApp,
  type HttpClient,
  type HttpResponse,
  type TestApp,
} from "~test/app";
import { correctAnswer } from "~test/claims";
import { advertAdmin, createUser, formKey, payee, postAdvert } from "~test/factories";
import { AS_SCRIPT, checkAskedAhead, claimPath, FROM_VIEW_PAGE } from "~test/http-claims";
import { expectLedgerReconciled } from "~test/ledger";
import { signIn, signInAdvertiser, signInMember } from "~test/sign-in";

/**
 * The attention check at the claim and the advert page's visibility reports (issue 39, decision
 * 028) over HTTP: once the countdown has ended, Claim Reward is answered with a question about the
 * advert and four choices (never on the page before); the right pick pays, a wrong one voids the
 * view. The page tells the server when it is seen: once it has, the claim waits for the time seen.
 */

let app: TestApp;
let admin: Actor;
beforeAll(async () => {
  app = await startTestApp();
  admin = await advertAdmin(app.services.db);
});
afterAll(async () => app?.close());
afterEach(async () => expectLedgerReconciled(app.services.db));

const db = () => app.services.db;

let titles = 0;
/** A title no other advert of this file has (the dashboard and the choices are searched for it). */
const uniqueTitle = (what: string) => `${what} ${++titles}`;

const REWARD_EARNED = (amount: string) => ({
  type: "success",
  title: "Reward Earned!",
  description: `You earned ${amount} for viewing this advert.`,
});
const WRONG_ANSWER = {
  type: "error",
  title: "Wrong Answer",
  description: "That answer was not what the advert showed, so this view earned no reward.",
};

/** "View Advert" on the dashboard, as a form post: the view starts, the advert's page opens. */
async function viewAdvert(client: HttpClient, advertId: string) {
  expect(redirectOutcome(await client.post(`/adverts/${advertId}`, { intent: "start" }))).toEqual({
    status: 302,
    location: `/adverts/${advertId}`,
    toast: null,
  });
}

/** "Claim Reward" as a form post (no JavaScript): answered with a redirect. */
const claim = (client: HttpClient, advertId: string, form: Record<string, string> = FROM_VIEW_PAGE) =>
  client.post(claimPath(advertId), form);

/** "Claim Reward" from the page's script: the outcome as JSON, never with the toast cookie. */
async function claimAsScript(client: HttpClient, advertId: string, form: Record<string, string> = FROM_VIEW_PAGE) {
  const res = await client.post(claimPath(advertId), form, AS_SCRIPT);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(redirectToast(res)).toBeNull();
  return { status: res.status, body: JSON.parse(res.body) as unknown };
}

/** The page's report that it became visible ("1") or hidden ("0"). */
const report = (client: HttpClient, advertId: string, visible: string, headers?: Record<string, string>) =>
  client.post(`/adverts/${advertId}/visibility`, { visible }, headers);

/** A visibility report's status and JSON answer (none for 204). */
function reported(res: HttpResponse) {
  return { status: res.status, body: res.body === "" ? null : (JSON.parse(res.body) as unknown) };
}

const viewOf = async (userId: string, advertId: string) =>
  (
    await db()
      .select()
      .from(advertViews)
      .where(and(eq(advertViews.userId, userId), eq(advertViews.advertId, advertId)))
  )[0];

/**
 * Moves the view's clock back by `seconds`, as if that time had passed: its start and the page's
 * last "visible" report (when the page is seen). The time seen so far (visible_ms) stays.
 */
async function timePassed(userId: string, advertId: string, seconds: number) {
  await db()
    .update(advertViews)
    .set({
      startedAt: sql`${advertViews.startedAt} - make_interval(secs => ${seconds})`,
      visibleSince: sql`${advertViews.visibleSince} - make_interval(secs => ${seconds})`,
    })
    .where(and(eq(advertViews.userId, userId), eq(advertViews.advertId, advertId)));
}

/** The reward transfers of the member's view of an advert (one at most, ever). */
const rewardsOf = (userId: string, advertId: string) =>
  db().$count(ledgerTransfers, eq(ledgerTransfers.idempotencyKey, advertRewardKey(advertId, userId)));

const clicksOf = async (advertId: string) =>
  (await db().select({ n: adverts.currentClicks }).from(adverts).where(eq(adverts.id, advertId)))[0]!.n;

/**
 * The attention check's radio buttons as the server rendered the page (before any JavaScript):
 * each one's value, whether it is required, and its label's text.
 */
function answerRadios(html: string) {
  return [...html.matchAll(/<label[^>]*>([\s\S]*?)<\/label>/g)]
    .map((m) => m[1]!)
    .flatMap((label) => {
      const input = /<input[^>]*\bname="answer"[^>]*>/.exec(label)?.[0];
      if (!input) return [];
      return [
        {
          type: /\btype="([^"]*)"/.exec(input)?.[1],
          value: /\bvalue="([^"]*)"/.exec(input)?.[1],
          required: /\srequired(?:=""|\s|\/?>)/.test(input),
          choice: pageText(label),
        },
      ];
    });
}

/** A signed-in member (dashboard visited) viewing a new advert whose countdown has ended. */
async function countdownEnded(options: { title?: string; rewardKobo?: bigint } = {}) {
  const title = options.title ?? uniqueTitle("Ended Countdown");
  const advertId = await postAdvert(db(), admin, { title, rewardKobo: options.rewardKobo ?? 2_500n });
  const { client, user } = await signInMember(app, { landed: true });
  await viewAdvert(client, advertId);
  await timePassed(user.id, advertId, 11);
  return { client, id: user.id, advertId, title };
}

describe("the attention check without JavaScript", () => {
  it("comes after the countdown (never on the page before); the right pick pays once and goes to the dashboard", async () => {
    const title = uniqueTitle("Dangote Cement Strong Homes");
    const advertId = await postAdvert(db(), admin, { title, rewardKobo: 1_500n });
    const {
      client,
      user: { id },
    } = await signInMember(app, { landed: true });
    expect(pageText((await client.get("/dashboard")).body)).toContain(title);
    await viewAdvert(client, advertId);

    // During the countdown: the page has no question and no choices, even after an early claim.
    const viewing = await client.get(`/adverts/${advertId}`);
    expect(viewing.status).toBe(200);
    expect(viewing.body).not.toContain('name="answer"');
    expect(viewing.body).not.toContain(TITLE_QUESTION);
    expect(viewing.body).not.toContain('data-testid="attention-check"');
    expect(pageText(viewing.body)).toMatch(/Keep viewing for (10|9) seconds to earn your reward\./);
    const early = await claim(client, advertId);
    expect(redirectOutcome(early)).toEqual({ status: 302, location: `/adverts/${advertId}?early=1`, toast: null });
    const earlyPage = await client.get(early.location!);
    expect(earlyPage.body).not.toContain('name="answer"');
    expect(earlyPage.body).not.toContain(TITLE_QUESTION);

    // The countdown has ended, nothing claimed yet: the page (a read) sets no check either.
    await timePassed(id, advertId, 11);
    const ended = await client.get(`/adverts/${advertId}`);
    expect(ended.body).not.toContain('name="answer"');
    expect(ended.body).not.toContain(TITLE_QUESTION);
    expect((await viewOf(id, advertId))?.checkIssuedAt).toBeNull();

    // Claim Reward: back to the advert's page (no toast), which now asks the question.
    expect(redirectOutcome(await claim(client, advertId))).toEqual({
      status: 302,
      location: `/adverts/${advertId}`,
      toast: null,
    });
    const asked = await client.get(`/adverts/${advertId}`);
    expect(asked.status).toBe(200);
    const view = await viewOf(id, advertId);
    expect(view?.checkQuestion).toBe(TITLE_QUESTION);
    expect(view?.checkChoices).toHaveLength(4);
    expect(view?.checkChoices).toContain(title);
    expect(new Set(view?.checkChoices).size).toBe(4);
    expect(pageText(asked.body)).toContain(`${TITLE_QUESTION} One question about the advert you just viewed.`);
    // The advert makes way for the question: its title is only among the choices, not a heading.
    expect(asked.body).not.toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(answerRadios(asked.body)).toEqual(
      view!.checkChoices!.map((choice, index) => ({ type: "radio", value: String(index), required: true, choice })),
    );
    // The form posts the pick to the claim, as a page with the view in progress.
    const form = /<form[^>]*data-testid="attention-check"[^>]*>/.exec(asked.body)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="${claimPath(advertId)}"`);
    expect(asked.body).toMatch(/<input[^>]*type="hidden"[^>]*name="fromViewPage"[^>]*value="1"/);
    // The right answer is not on the page (nor in its data for the script).
    expect(asked.body).not.toContain("answerIndex");
    expect(asked.body).not.toMatch(/checkAnswer/i);

    const right = await correctAnswer(db(), id, advertId);
    expect(view!.checkChoices![right]).toBe(title);
    const paid = await claim(client, advertId, { ...FROM_VIEW_PAGE, answer: String(right) });
    expect(redirectOutcome(paid)).toEqual({ status: 302, location: "/dashboard", toast: REWARD_EARNED("₦15.00") });
    expect((await balances(db(), id)).availableKobo).toBe(1_500n);

    // The same pick sent again (a double click, the back button) pays nothing more.
    const again = await claim(client, advertId, { ...FROM_VIEW_PAGE, answer: String(right) });
    expect(redirectOutcome(again)).toMatchObject({ location: "/dashboard", toast: { title: "Already Rewarded" } });
    expect((await balances(db(), id)).availableKobo).toBe(1_500n);
    expect(await rewardsOf(id, advertId)).toBe(1);
    expect(await clicksOf(advertId)).toBe(1);
    expect(await viewOf(id, advertId)).toMatchObject({ checkResult: "passed", rewardKobo: 1_500n });

    const dashboard = pageText((await client.get("/dashboard")).body);
    expect(dashboard).toContain("Total Earnings ₦15.00");
    expect(dashboard).not.toContain(title);
  });

  it("a wrong pick: Wrong Answer, nothing paid, no slot taken, the advert gone from the dashboard and not viewed again", async () => {
    const { client, id, advertId, title } = await countdownEnded({ title: uniqueTitle("Indomie Instant Noodles") });
    expect(pageText((await client.get("/dashboard")).body)).toContain(title);
    expect(redirectOutcome(await claim(client, advertId))).toMatchObject({ location: `/adverts/${advertId}` });
    const right = await correctAnswer(db(), id, advertId);
    const wrong = String((right + 1) % 4);

    const res = await claim(client, advertId, { ...FROM_VIEW_PAGE, answer: wrong });
    expect(redirectOutcome(res)).toEqual({ status: 302, location: "/dashboard", toast: WRONG_ANSWER });
    const dashboard = await client.get("/dashboard");
    const text = pageText(dashboard.body);
    expect(text).toContain(`${WRONG_ANSWER.title} ${WRONG_ANSWER.description}`);
    expect(text).not.toContain(title);
    expect(dashboard.body).not.toContain(`action="/adverts/${advertId}"`);
    expect(text).toContain("Total Earnings ₦0.00");
    expect((await balances(db(), id)).availableKobo).toBe(0n);
    expect(await rewardsOf(id, advertId)).toBe(0);
    expect(await clicksOf(advertId)).toBe(0);
    expect(await viewOf(id, advertId)).toMatchObject({ checkResult: "failed", claimedAt: null, rewardKobo: null });

    // Viewing it again is refused (View Advert from an older page, the advert's address), and so
    // is the claim, even with the right pick now.
    expect(redirectOutcome(await client.post(`/adverts/${advertId}`, { intent: "start" }))).toEqual({
      status: 302,
      location: "/dashboard",
      toast: WRONG_ANSWER,
    });
    expect(redirectOutcome(await client.get(`/adverts/${advertId}`))).toEqual({
      status: 302,
      location: "/dashboard",
      toast: WRONG_ANSWER,
    });
    expect(redirectOutcome(await claim(client, advertId, { ...FROM_VIEW_PAGE, answer: String(right) }))).toEqual({
      status: 302,
      location: "/dashboard",
      toast: WRONG_ANSWER,
    });
    expect(await claimAsScript(client, advertId, { ...FROM_VIEW_PAGE, answer: String(right) })).toEqual({
      status: 200,
      body: { redirectTo: "/dashboard", toast: WRONG_ANSWER },
    });
    expect((await balances(db(), id)).availableKobo).toBe(0n);
    expect(await rewardsOf(id, advertId)).toBe(0);

    // Another member still sees it and can earn from it.
    const other = await signInMember(app, { landed: true });
    expect(pageText((await other.client.get("/dashboard")).body)).toContain(title);
  });
});

describe("the attention check from the page's script (JSON)", () => {
  it("is answered with { check } (the question and four choices, not the answer); the right pick pays", async () => {
    const { client, id, advertId, title } = await countdownEnded({ rewardKobo: 2_000n });
    const asked = await claimAsScript(client, advertId);
    expect(asked.status).toBe(200);
    const { check } = asked.body as { check: { question: string; choices: string[] } };
    expect(Object.keys(asked.body as object)).toEqual(["check"]);
    expect(Object.keys(check).sort()).toEqual(["choices", "question"]);
    expect(check.question).toBe(TITLE_QUESTION);
    expect(check.choices).toHaveLength(4);
    expect(check.choices).toContain(title);
    const view = await viewOf(id, advertId);
    expect(check.choices).toEqual(view?.checkChoices);

    // Asked again: the same check, in the same order (set once).
    expect(await claimAsScript(client, advertId)).toEqual({ status: 200, body: { check } });

    const right = check.choices.indexOf(title);
    expect(await claimAsScript(client, advertId, { ...FROM_VIEW_PAGE, answer: String(right) })).toEqual({
      status: 200,
      body: { redirectTo: "/dashboard", toast: REWARD_EARNED("₦20.00") },
    });
    expect((await balances(db(), id)).availableKobo).toBe(2_000n);
    expect(await rewardsOf(id, advertId)).toBe(1);
  });

  it("a wrong pick is answered with the Wrong Answer toast and the dashboard; nothing is paid", async () => {
    const { client, id, advertId } = await countdownEnded();
    expect((await claimAsScript(client, advertId)).body).toHaveProperty("check");
    const wrong = String(((await correctAnswer(db(), id, advertId)) + 3) % 4);
    expect(await claimAsScript(client, advertId, { ...FROM_VIEW_PAGE, answer: wrong })).toEqual({
      status: 200,
      body: { redirectTo: "/dashboard", toast: WRONG_ANSWER },
    });
    expect((await balances(db(), id)).availableKobo).toBe(0n);
    expect(await clicksOf(advertId)).toBe(0);
    expect((await viewOf(id, advertId))?.checkResult).toBe("failed");
  });

  it("an answer out of range or not a number is no answer: the check again, nothing voided, nothing paid", async () => {
    const { client, id, advertId, title } = await countdownEnded({ rewardKobo: 3_000n });
    const first = await claimAsScript(client, advertId);
    expect(first.body).toHaveProperty("check");
    for (const answer of ["4", "9", "10", "-1", "", "abc", "1.0", "01", " 1", "1e0", "0x1", "NaN"]) {
      expect({ answer, ...(await claimAsScript(client, advertId, { ...FROM_VIEW_PAGE, answer })) }).toEqual({
        answer,
        ...first,
      });
    }
    // Two picks at once (answer=…&answer=…) is not one of the choices either.
    const res = await fetch(new URL(claimPath(advertId), app.origin), {
      method: "POST",
      headers: {
        Cookie: client.cookieHeader(),
        Origin: app.origin,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: "fromViewPage=1&answer=0&answer=1&answer=2&answer=3",
    });
    expect({ status: res.status, body: await res.json() }).toEqual(first);
    // Without JavaScript, the same: back to the question.
    expect(redirectOutcome(await claim(client, advertId, { ...FROM_VIEW_PAGE, answer: "7" }))).toEqual({
      status: 302,
      location: `/adverts/${advertId}`,
      toast: null,
    });

    expect(await viewOf(id, advertId)).toMatchObject({ checkResult: null, checkAnsweredAt: null, claimedAt: null });
    expect((await balances(db(), id)).availableKobo).toBe(0n);
    expect(await clicksOf(advertId)).toBe(0);
    // The view goes on: the right pick still pays.
    const right = String((first.body as { check: { choices: string[] } }).check.choices.indexOf(title));
    expect(await claimAsScript(client, advertId, { ...FROM_VIEW_PAGE, answer: right })).toEqual({
      status: 200,
      body: { redirectTo: "/dashboard", toast: REWARD_EARNED("₦30.00") },
    });
  });

  it("an advert's own question is asked with its answer and wrong answers, in some order", async () => {
    const title = uniqueTitle("MTN Data Bundle");
    const custom = {
      question: "Which gift came with the bundle in the advert?",
      answer: "A free SIM pouch",
      wrongAnswers: ["A phone case", "A branded umbrella", "A power bank"] as [string, string, string],
    };
    const advertId = await postAdvert(db(), admin, { title, check: custom });
    const { client, user } = await signInMember(app, { landed: true });
    await viewAdvert(client, advertId);
    await timePassed(user.id, advertId, 11);
    const { body } = await claimAsScript(client, advertId);
    const { check } = body as { check: { question: string; choices: string[] } };
    expect(check.question).toBe(custom.question);
    expect([...check.choices].sort()).toEqual([custom.answer, ...custom.wrongAnswers].sort());
    expect(check.choices).not.toContain(title);

    // The page shows it too (escaped as text).
    const page = await client.get(`/adverts/${advertId}`);
    expect(pageText(page.body)).toContain(custom.question);
    expect(answerRadios(page.body).map((r) => r.choice)).toEqual(check.choices);

    const right = String(check.choices.indexOf(custom.answer));
    expect(redirectOutcome(await claim(client, advertId, { ...FROM_VIEW_PAGE, answer: right }))).toMatchObject({
      location: "/dashboard",
      toast: { title: "Reward Earned!" },
    });
  });
});

describe("POST /adverts/:advertId/visibility", () => {
  it("401 signed out or not a member; 400 for a field it cannot read; 204 without a view in progress", async () => {
    const advertId = await postAdvert(db(), admin, { title: uniqueTitle("Visibility Guards") });
    const unauthorised = { status: 401, body: { message: "Sign in to view adverts." } };
    expect(reported(await report(app.client(), advertId, "1"))).toEqual(unauthorised);
    const staff = await createUser(db(), { role: "admin" });
    expect(reported(await report(await signIn(app, staff), advertId, "1"))).toEqual(unauthorised);
    const { client: advertiser } = await signInAdvertiser(app);
    expect(reported(await report(advertiser, advertId, "1"))).toEqual(unauthorised);

    const { client, user } = await signInMember(app, { landed: true });
    const unreadable = { status: 400, body: { message: "The report could not be read." } };
    for (const visible of ["", "2", "true", "yes", "visible", "01", " 1"]) {
      expect({ visible, ...reported(await report(client, advertId, visible)) }).toEqual({ visible, ...unreadable });
    }
    expect(reported(await client.post(`/adverts/${advertId}/visibility`, {}))).toEqual(unreadable);
    expect(reported(await report(client, "not%20an%20id", "1"))).toEqual(unreadable);

    // No view in progress: of this advert (none opened), of an unknown one.
    expect(reported(await report(client, advertId, "1"))).toEqual({ status: 204, body: null });
    expect(reported(await report(client, "MadeUpAdvertId_000001", "0"))).toEqual({ status: 204, body: null });
    expect(await viewOf(user.id, advertId)).toBeUndefined();
  });

  it("200 with the seconds the server still counts while a view is in progress; 204 once it is claimed", async () => {
    const title = uniqueTitle("Visibility Answer");
    const advertId = await postAdvert(db(), admin, { title });
    const { client, user } = await signInMember(app, { landed: true });
    await viewAdvert(client, advertId);
    const shown = reported(await report(client, advertId, "1", AS_SCRIPT));
    expect(shown).toEqual({ status: 200, body: { secondsLeft: expect.any(Number) } });
    expect((shown.body as { secondsLeft: number }).secondsLeft).toBeGreaterThanOrEqual(9);
    expect((shown.body as { secondsLeft: number }).secondsLeft).toBeLessThanOrEqual(10);
    expect(await viewOf(user.id, advertId)).toMatchObject({ visibilityReported: true, visibleSince: expect.any(Date) });

    // Hidden (navigator.sendBeacon: no Accept header): the same answer; the open stretch is closed.
    const hidden = reported(await report(client, advertId, "0"));
    expect(hidden).toEqual({ status: 200, body: { secondsLeft: expect.any(Number) } });
    expect(await viewOf(user.id, advertId)).toMatchObject({ visibilityReported: true, visibleSince: null });

    // Once the check is asked, and once claimed, there is nothing to report on.
    await db()
      .update(advertViews)
      .set({ visibleMs: 10_000 })
      .where(and(eq(advertViews.userId, user.id), eq(advertViews.advertId, advertId)));
    await timePassed(user.id, advertId, 11);
    const { answer } = await checkAskedAhead(db(), client, user.id, advertId);
    const before = await viewOf(user.id, advertId);
    expect(reported(await report(client, advertId, "1"))).toEqual({ status: 204, body: null });
    expect(await viewOf(user.id, advertId)).toEqual(before);
    expect(redirectOutcome(await claim(client, advertId, { ...FROM_VIEW_PAGE, answer }))).toMatchObject({
      toast: { title: "Reward Earned!" },
    });
    expect(reported(await report(client, advertId, "0"))).toEqual({ status: 204, body: null });
  });

  it("refuses a report posted from another site (the origin check) and changes nothing on a GET", async () => {
    const { client, id, advertId } = await countdownEnded();
    const before = await viewOf(id, advertId);
    for (const origin of ["https://evil.example", "null"]) {
      const forged = await report(client, advertId, "1", { Origin: origin });
      expect({ origin, status: forged.status, body: forged.body }).toEqual({
        origin,
        status: 400,
        body: "Bad Request",
      });
    }
    const got = await client.get(`/adverts/${advertId}/visibility?visible=1`);
    expect(got.status).toBe(404);
    expect(await viewOf(id, advertId)).toEqual(before);
    expect(before).toMatchObject({ visibilityReported: false, visibleMs: 0, visibleSince: null });
    // The same member's own report goes through.
    expect(reported(await report(client, advertId, "1")).status).toBe(200);
  });

  it("each report adds at most 10 seconds: a page frozen for a minute without saying so gains 10", async () => {
    const { client, id, advertId } = await countdownEnded();
    expect(reported(await report(client, advertId, "1")).status).toBe(200);
    const first = (await viewOf(id, advertId))!.visibleMs;
    await timePassed(id, advertId, 60);
    expect(reported(await report(client, advertId, "0"))).toEqual({ status: 200, body: { secondsLeft: 0 } });
    expect((await viewOf(id, advertId))!.visibleMs).toBe(first + 10_000);
  });
});

describe("the time seen holds the claim", () => {
  it("once the page reported itself hidden, the claim waits for the visible time though the server's timer has passed", async () => {
    const title = uniqueTitle("Hidden Tab Advert");
    const advertId = await postAdvert(db(), admin, { title, rewardKobo: 1_000n });
    const { client, user } = await signInMember(app, { landed: true });
    const id = user.id;
    await viewAdvert(client, advertId);
    expect(reported(await report(client, advertId, "1")).status).toBe(200);
    expect(reported(await report(client, advertId, "0")).status).toBe(200);
    // A minute later by the server's timer, the page having been hidden all along.
    await timePassed(id, advertId, 60);

    const early = await claimAsScript(client, advertId);
    expect(early).toEqual({
      status: 409,
      body: {
        secondsLeft: expect.any(Number),
        toast: {
          type: "error",
          title: "Keep Watching",
          description: expect.stringMatching(/^Please view the advert for (10|9) more seconds to earn the reward\.$/),
        },
      },
    });
    expect([9, 10]).toContain((early.body as { secondsLeft: number }).secondsLeft);
    // Without JavaScript: back to the page, which says why and asks nothing yet.
    const asForm = await claim(client, advertId);
    expect(redirectOutcome(asForm)).toEqual({ status: 302, location: `/adverts/${advertId}?early=1`, toast: null });
    const page = await client.get(asForm.location!);
    expect(pageText(page.body)).toMatch(/Please view the advert for (10|9) more seconds to earn the reward\./);
    expect(pageText(page.body)).toMatch(/Keep viewing for (10|9) seconds/);
    expect(page.body).not.toContain('name="answer"');
    expect((await viewOf(id, advertId))?.checkIssuedAt).toBeNull();

    // Seen again for 6 seconds (its last "visible" report 6 seconds ago): 4 left, by the claim
    // and by the next report alike.
    expect(reported(await report(client, advertId, "1")).status).toBe(200);
    await timePassed(id, advertId, 6);
    const partly = await claimAsScript(client, advertId);
    expect(partly.status).toBe(409);
    expect([3, 4]).toContain((partly.body as { secondsLeft: number }).secondsLeft);
    const heartbeat = reported(await report(client, advertId, "1"));
    expect(heartbeat.status).toBe(200);
    expect([3, 4]).toContain((heartbeat.body as { secondsLeft: number }).secondsLeft);
    expect((await viewOf(id, advertId))?.checkIssuedAt).toBeNull();

    // 5 more seconds seen: the countdown has ended, the check comes; the right pick pays.
    await timePassed(id, advertId, 5);
    const { answer } = await checkAskedAhead(db(), client, id, advertId);
    expect(await claimAsScript(client, advertId, { ...FROM_VIEW_PAGE, answer })).toEqual({
      status: 200,
      body: { redirectTo: "/dashboard", toast: REWARD_EARNED("₦10.00") },
    });
    expect((await balances(db(), id)).availableKobo).toBe(1_000n);
  });
});

describe("races", () => {
  it("two first claims at once get one check, the same for both", async () => {
    const { client, id, advertId } = await countdownEnded();
    const [a, b] = await Promise.all([claimAsScript(client, advertId), claimAsScript(client, advertId)]);
    expect(a).toEqual(b);
    expect(a.status).toBe(200);
    expect((a.body as { check: { choices: string[] } }).check.choices).toEqual(
      (await viewOf(id, advertId))?.checkChoices,
    );
  });

  it("two right answers sent at once pay exactly once", async () => {
    const { client, id, advertId } = await countdownEnded({ rewardKobo: 4_000n });
    const picked = { ...FROM_VIEW_PAGE, ...(await checkAskedAhead(db(), client, id, advertId)) };
    const answers = await Promise.all([
      claimAsScript(client, advertId, picked),
      claimAsScript(client, advertId, picked),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => (a.body as { toast: { title: string } }).toast.title).sort()).toEqual([
      "Already Rewarded",
      "Reward Earned!",
    ]);
    expect((await balances(db(), id)).availableKobo).toBe(4_000n);
    expect(await rewardsOf(id, advertId)).toBe(1);
    expect(await clicksOf(advertId)).toBe(1);
    await expectLedgerReconciled(db());
  });

  it("a right and a wrong answer sent at once: paid once, or voided and paid nothing, never both", async () => {
    for (let round = 0; round < 3; round++) {
      const { client, id, advertId } = await countdownEnded({ rewardKobo: 1_000n });
      const { answer } = await checkAskedAhead(db(), client, id, advertId);
      const wrong = String((Number(answer) + 1) % 4);
      const answers = await Promise.all([
        claimAsScript(client, advertId, { ...FROM_VIEW_PAGE, answer }),
        claimAsScript(client, advertId, { ...FROM_VIEW_PAGE, answer: wrong }),
      ]);
      const titles = answers.map((a) => (a.body as { toast: { title: string } }).toast.title);
      const view = await viewOf(id, advertId);
      if (titles[0] === "Reward Earned!") {
        expect(titles[1]).toBe("Already Rewarded");
        expect(view).toMatchObject({ checkResult: "passed", claimedAt: expect.any(Date) });
        expect((await balances(db(), id)).availableKobo).toBe(1_000n);
        expect(await clicksOf(advertId)).toBe(1);
      } else {
        expect(titles).toEqual(["Wrong Answer", "Wrong Answer"]);
        expect(view).toMatchObject({ checkResult: "failed", claimedAt: null });
        expect((await balances(db(), id)).availableKobo).toBe(0n);
        expect(await clicksOf(advertId)).toBe(0);
      }
      expect(await rewardsOf(id, advertId)).toBe(titles[0] === "Reward Earned!" ? 1 : 0);
    }
  });
});

describe("wrong answers in a day", () => {
  it("the third puts the member under review: their pending withdrawal reads Under review", async () => {
    const user = await payee(db(), { balanceKobo: 10_000n });
    const client = await signIn(app, user, { landed: true });
    const requested = await requestWithdrawal(db(), { userId: user.id, amountKobo: 2_000n, idempotencyKey: formKey() });
    expect(requested.status).toBe("ok");
    const clusterOf = async () => {
      const [row] = await db().select({ clusterId: users.riskClusterId }).from(users).where(eq(users.id, user.id));
      if (!row?.clusterId) return null;
      return (await db().select().from(riskClusters).where(eq(riskClusters.id, row.clusterId)))[0] ?? null;
    };

    for (let wrongs = 1; wrongs <= 3; wrongs++) {
      const advertId = await postAdvert(db(), admin, { title: uniqueTitle("Wrong Again") });
      await viewAdvert(client, advertId);
      await timePassed(user.id, advertId, 11);
      expect(redirectOutcome(await claim(client, advertId))).toMatchObject({ location: `/adverts/${advertId}` });
      const wrong = String(((await correctAnswer(db(), user.id, advertId)) + 2) % 4);
      expect(redirectOutcome(await claim(client, advertId, { ...FROM_VIEW_PAGE, answer: wrong }))).toEqual({
        status: 302,
        location: "/dashboard",
        toast: WRONG_ANSWER,
      });
      await client.get("/dashboard"); // the redirect followed: its toast shown there
      const profile = await client.get("/profile");
      if (wrongs < 3) {
        // Two wrong picks are a bad day, not a reason to hold anyone's money.
        expect(await clusterOf()).toBeNull();
        expect(profile.body).toContain('data-status="pending"');
        expect(profile.body).not.toContain('data-status="under_review"');
      } else {
        expect(await clusterOf()).toMatchObject({ status: "open", openedAt: expect.any(Date) });
        expect(profile.body).toContain('data-status="under_review"');
        const text = pageText(profile.body);
        expect(text).toContain("Under review");
        // Never why.
        expect(text).not.toMatch(/attention|wrong answer|cluster/i);
      }
    }
    expect((await balances(db(), user.id)).availableKobo).toBe(8_000n);
  });
});
