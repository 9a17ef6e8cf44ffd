import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSignals, appSettings, auditLog, riskClusters, users, withdrawals } from "~/db/schema";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import type { SignalKind } from "~/domain/risk/policy";
import { bankAccountSignal, recordSignals } from "~/domain/risk/signals.server";
import { DECIDE_REFUSALS } from "~/domain/risk-review/decide-cluster.server";
import type { ClusterDecisionName } from "~/domain/risk-review/review-view";
import { auditRowsFor } from "~test/audit";
import { type HttpClient, type HttpResponse, pageText, redirectToast, type TestApp } from "~test/app";
import { GTB, nuban } from "~test/bank-accounts";
import { usingPostgres } from "~test/database";
import { creditUser, setBankDetails } from "~test/factories";
import { latch } from "~test/latch";
import { startAppWithPaystack, type PaystackStandin } from "~test/paystack";
import { payoutJobsOf, readyForAutoPayout } from "~test/payouts";
import { until } from "~test/server-process";
import { signInAdmin, signInMember } from "~test/sign-in";

/**
 * Linked accounts (issue 39) over HTTP, as a browser without JavaScript uses the forms: accounts
 * signed up in one browser (its device cookie) or paid into one bank account are tied to one
 * person; beyond the allowances (two a device, one a bank account) they wait for a review on
 * /admin/risk, their withdrawals are not paid automatically and read "Under review" to the member.
 * The app sits behind one proxy (TRUST_PROXY=1), so each browser speaks from the network its
 * X-Forwarded-For names; Paystack's stand-in is on, so automatic payouts run.
 */

let app: TestApp;
let standin: PaystackStandin;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, standin, close } = await startAppWithPaystack({ env: { TRUST_PROXY: "1" } }));
  await db()
    .update(appSettings)
    .set({ autoPayoutMaxKobo: 5_000n, autoPayoutDailyMaxKobo: null })
    .where(eq(appSettings.id, 1));
});
afterAll(async () => close?.());

const db = () => app.services.db;

let ipCounter = 0;
/** A network of its own (a phone's carrier address), so only what a test shares on purpose links. */
const freshIp = () => `10.93.${++ipCounter >> 8}.${ipCounter & 255}`;

/** A phone's browser on its network, with the device cookie its first visit (the sign-up page) gave it. */
type Browser = { client: HttpClient; ip: string };

async function openBrowser(ip = freshIp()): Promise<Browser> {
  const client = app.client();
  const page = await client.get("/register", { "X-Forwarded-For": ip });
  expect(page.status).toBe(200);
  expect([...client.cookies.keys()]).toEqual(["adnaira_did"]);
  return { client, ip };
}

const PASSWORD = "Jollof-and-plantain-2025";
let accountCounter = 0;

/**
 * Signs up through /register in `browser`, with the fingerprint FingerprintJS would put in the
 * form when given (none, as without JavaScript, otherwise); resolves with the new account.
 */
async function signUp(browser: Browser, name: string, fingerprint = "") {
  const email = `${name.toLowerCase().replace(/\s+/g, ".")}.${++accountCounter}@example.ng`;
  const res = await browser.client.post(
    "/register",
    { name, email, password: PASSWORD, confirmPassword: PASSWORD, referralCode: "", deviceFingerprint: fingerprint },
    { "X-Forwarded-For": browser.ip },
  );
  expect(res.status, pageText(res.body).slice(0, 300)).toBe(302);
  expect(res.location).toBe("/login");
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return user!;
}

/** The account's cluster (its id, status and the accounts a decision saw), or null when it is linked to no one. */
async function clusterOf(userId: string) {
  const [row] = await db()
    .select({ id: riskClusters.id, status: riskClusters.status, decidedMemberCount: riskClusters.decidedMemberCount })
    .from(users)
    .innerJoin(riskClusters, eq(riskClusters.id, users.riskClusterId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The values of `kind` recorded for the account. */
const signalsOf = async (userId: string, kind: SignalKind) =>
  (
    await db()
      .select({ value: accountSignals.value })
      .from(accountSignals)
      .where(and(eq(accountSignals.userId, userId), eq(accountSignals.kind, kind)))
  ).map((s) => s.value);

const clusterRow = async (clusterId: string) =>
  (await db().select().from(riskClusters).where(eq(riskClusters.id, clusterId)))[0]!;

const FAMILY_NAMES = [
  ["Adaeze Okonkwo", "Chidi Okonkwo", "Obinna Okonkwo"],
  ["Funmilayo Adeyemi", "Tunde Adeyemi", "Kemi Adeyemi"],
  ["Ibrahim Musa", "Halima Musa", "Sani Musa"],
  ["Ngozi Eze", "Emeka Eze", "Uche Eze"],
  ["Yetunde Alabi", "Segun Alabi", "Bisi Alabi"],
  ["Aisha Bello", "Musa Bello", "Zainab Bello"],
] as const;
let farms = 0;

/** Three sign-ups in one browser: beyond the two accounts a family phone may hold, so open for review. */
async function threeAccountsInOneBrowser() {
  const browser = await openBrowser();
  const names = FAMILY_NAMES[farms++ % FAMILY_NAMES.length]!;
  const accounts = [];
  for (const name of names) accounts.push(await signUp(browser, name));
  const cluster = await clusterOf(accounts[0]!.id);
  expect(cluster?.status).toBe("open");
  return { browser, accounts, clusterId: cluster!.id };
}

const reviewer = () => signInAdmin(app, ["review_risk"], { ip: freshIp() });

/** The value of the hidden input `name` in a piece of HTML. */
const hidden = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

/**
 * The question a decision's button leads to without JavaScript (/admin/risk?cluster=…&confirm=…):
 * the page's text and the fields of its form, as the admin would send them.
 */
async function confirmPanel(client: HttpClient, clusterId: string, decision: ClusterDecisionName) {
  const res = await client.get(`/admin/risk?cluster=${clusterId}&confirm=${decision}`);
  expect(res.status).toBe(200);
  const forms = [...res.body.matchAll(/<form[^>]*action="\/admin\/risk\/decide"[\s\S]*?<\/form>/g)].map((m) => m[0]);
  const form = forms.find((f) => hidden(f, "clusterId") === clusterId && hidden(f, "decision") === decision);
  if (!form) throw new Error(`no confirm form for ${decision} on ${clusterId}`);
  return {
    text: pageText(res.body),
    fields: { clusterId, decision, accountsSeen: hidden(form, "accountsSeen")! },
  };
}

const decide = (client: HttpClient, fields: Record<string, string>) => client.post("/admin/risk/decide", fields);

/** The risk.* audit rows about the cluster (restricting also writes one user.restrict row per account). */
const clusterAudit = (clusterId: string) => auditRowsFor(db(), clusterId);

describe("accounts signed up in one browser", () => {
  it("two are a family phone, linked but not held; the third opens the review, listed on /admin/risk", async () => {
    const browser = await openBrowser();
    const adaeze = await signUp(browser, "Adaeze Nwosu");
    // Alone on the device: linked to no one.
    expect(await clusterOf(adaeze.id)).toBeNull();
    const chidi = await signUp(browser, "Chidi Nwosu");
    const family = await clusterOf(chidi.id);
    // Two accounts on one phone are within the allowance: linked, nothing held.
    expect(family).toMatchObject({ status: "clear" });
    expect(await clusterOf(adaeze.id)).toEqual(family);
    const device = await signalsOf(adaeze.id, "device");
    expect(device).toHaveLength(1);
    expect(await signalsOf(chidi.id, "device")).toEqual(device);

    const { client } = await reviewer();
    expect(pageText((await client.get("/admin/risk")).body)).not.toContain("Chidi Nwosu");

    const obinna = await signUp(browser, "Obinna Nwosu");
    const opened = await clusterOf(obinna.id);
    expect(opened).toEqual({ id: family!.id, status: "open", decidedMemberCount: null });
    expect(await clusterOf(adaeze.id)).toEqual(opened);

    const page = await client.get("/admin/risk");
    expect(page.status).toBe(200);
    const start = page.body.indexOf(`data-testid="cluster-${opened!.id}"`);
    expect(start).toBeGreaterThan(-1);
    const card = pageText(page.body.slice(start));
    expect(card).toContain("3 linked accounts");
    for (const name of ["Adaeze Nwosu", "Chidi Nwosu", "Obinna Nwosu"]) expect(card).toContain(name);
    // What they share: the device (by the end of its id), not the network, which says nothing alone.
    expect(card).toContain(`Device ${device[0]!.slice(-6)}`);
    expect(card).not.toContain(`Network ${browser.ip}`);
  });

  it("a shared network alone links nothing: three browsers behind one carrier address", async () => {
    const carrier = freshIp();
    const accounts = [];
    for (const name of ["Ibukun Ojo", "Ifeoma Chukwu", "Babatunde Lawal"])
      accounts.push(await signUp(await openBrowser(carrier), name));
    for (const a of accounts) expect(await clusterOf(a.id)).toBeNull();
    // Each kept the network as a signal: it is recorded, it just does not link on its own.
    const networks = await db()
      .select({ userId: accountSignals.userId })
      .from(accountSignals)
      .where(and(eq(accountSignals.kind, "network"), eq(accountSignals.value, carrier)));
    expect(networks.map((s) => s.userId).sort()).toEqual(accounts.map((a) => a.id).sort());
  });

  it("one network with one browser fingerprint is one phone whose cookies were cleared: the third opens the review", async () => {
    const carrier = freshIp();
    const fingerprint = randomBytes(16).toString("hex");
    const first = await signUp(await openBrowser(carrier), "Olumide Fashola", fingerprint);
    const second = await signUp(await openBrowser(carrier), "Olumide Fash", fingerprint);
    expect(await clusterOf(second.id)).toMatchObject({ status: "clear" });
    const third = await signUp(await openBrowser(carrier), "Olu Fashola", fingerprint);
    expect(await clusterOf(third.id)).toMatchObject({ status: "open" });
    expect((await clusterOf(first.id))?.id).toBe((await clusterOf(third.id))?.id);
    // A value that is not FingerprintJS's visitor id (32 lowercase hex digits) is not kept at all.
    const odd = await signUp(await openBrowser(carrier), "Kunle Fashola", fingerprint.toUpperCase());
    expect(await clusterOf(odd.id)).toBeNull();
    expect(await signalsOf(odd.id, "fingerprint")).toEqual([]);
    expect(await signalsOf(third.id, "fingerprint")).toEqual([fingerprint]);
  });
});

describe("accounts paid into one bank account", () => {
  it("the same account confirmed in a second profile's name opens the review; a stranger's save links no one", async () => {
    const account = nuban(GTB, "073100420");
    standin.setAccount(GTB, account, "OLUWASEUN BAKARE");
    const save = async (client: HttpClient, password: string) => {
      const checked = await client.post("/profile/bank-details", {
        intent: "check",
        bankCode: GTB,
        accountNumber: account,
        currentPassword: password,
      });
      expect(checked.status).toBe(200);
      const saved = await client.post("/profile/bank-details", {
        intent: "confirm",
        confirmation: hidden(checked.body, "confirmation")!,
      });
      expect(saved.status).toBe(302);
    };
    const seun = await signInMember(app, { name: "Oluwaseun Bakare", ip: freshIp() });
    await save(seun.client, seun.user.password);
    expect(await clusterOf(seun.user.id)).toBeNull();
    // Saved by someone the bank does not name (a stranger typing Seun's number): links no one.
    const stranger = await signInMember(app, { name: "Damilola Okoro", ip: freshIp() });
    await save(stranger.client, stranger.user.password);
    expect(await clusterOf(stranger.user.id)).toBeNull();
    expect(await clusterOf(seun.user.id)).toBeNull();
    // A second account named as the holder (a farm renames its accounts to pass the name check).
    const other = await signInMember(app, { name: "Bakare Oluwaseun", ip: freshIp() });
    await save(other.client, other.user.password);
    const cluster = await clusterOf(other.user.id);
    expect(cluster).toMatchObject({ status: "open" });
    expect((await clusterOf(seun.user.id))?.id).toBe(cluster!.id);
    for (const id of [seun.user.id, other.user.id])
      expect(await signalsOf(id, "bank_account")).toEqual([`${GTB}:${account}`]);
  });
});

describe("who may review linked accounts", () => {
  const DENIED = "Access Denied. You do not have permission to review linked accounts.";

  it("an admin without review_risk is refused the page and the decision (403, with why); nothing changes", async () => {
    const { clusterId, accounts } = await threeAccountsInOneBrowser();
    const { client } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "review_risk"),
      { ip: freshIp() },
    );
    const page = await client.get("/admin/risk");
    expect(page.status).toBe(403);
    expect(pageText(page.body)).toContain(DENIED);
    expect(page.body).not.toContain(accounts[0]!.email);
    const panel = await client.get(`/admin/risk?cluster=${clusterId}&confirm=restrict`);
    expect(panel.status).toBe(403);

    for (const decision of ["trust", "restrict"]) {
      const res = await decide(client, { clusterId, decision, accountsSeen: "3", reason: "My cousins" });
      expect(res.status).toBe(403);
      expect(pageText(res.body)).toContain(DENIED);
    }
    expect(await clusterRow(clusterId)).toMatchObject({ status: "open", decidedById: null });
    expect(await clusterAudit(clusterId)).toEqual([]);
    const restricted = await db()
      .select({ r: users.isRestricted })
      .from(users)
      .where(eq(users.riskClusterId, clusterId));
    expect(restricted.map((u) => u.r)).toEqual([false, false, false]);
  });

  it("a GET of the decision's address shows the review and decides nothing, whatever its query says", async () => {
    const { clusterId, accounts } = await threeAccountsInOneBrowser();
    const { client } = await reviewer();
    const res = await client.get(`/admin/risk/decide?clusterId=${clusterId}&decision=restrict&accountsSeen=3`);
    expect(res.status).toBe(200);
    expect(pageText(res.body)).toContain("Linked Accounts");
    expect(await clusterRow(clusterId)).toMatchObject({ status: "open", decidedAt: null });
    expect(await clusterAudit(clusterId)).toEqual([]);
    for (const a of accounts)
      expect((await db().select().from(users).where(eq(users.id, a.id)))[0]!.isRestricted).toBe(false);
  });
});

describe("decisions on /admin/risk, without JavaScript", () => {
  it("trust: the button's page asks (a GET decides nothing), the form trusts once, audited with the reason", async () => {
    const { clusterId } = await threeAccountsInOneBrowser();
    const { user: admin, client } = await reviewer();
    const panel = await confirmPanel(client, clusterId, "trust");
    expect(panel.text).toContain("Trust these linked accounts?");
    expect(panel.fields.accountsSeen).toBe("3");
    expect((await clusterRow(clusterId)).status).toBe("open");

    const trusted = await decide(client, { ...panel.fields, reason: "A mother and her two sons on one phone" });
    expect(trusted.status).toBe(200);
    const text = pageText(trusted.body);
    expect(text).toContain("Accounts Trusted");
    expect(text).toContain("3 linked accounts are no longer held for their links.");
    expect(await clusterRow(clusterId)).toMatchObject({
      status: "trusted",
      decidedById: admin.id,
      decidedMemberCount: 3,
      decisionNote: "A mother and her two sons on one phone",
    });
    expect(await clusterAudit(clusterId)).toMatchObject([
      {
        action: "risk.trust",
        actorId: admin.id,
        targetType: "risk_cluster",
        after: expect.objectContaining({ reason: "A mother and her two sons on one phone" }),
      },
    ]);
    // Off the review: nothing is left to decide on it.
    expect((await client.get("/admin/risk")).body).not.toContain(`data-testid="cluster-${clusterId}"`);
  });

  it("trust without a reason is refused (400) and the accounts stay under review", async () => {
    const { clusterId } = await threeAccountsInOneBrowser();
    const { client } = await reviewer();
    const { fields } = await confirmPanel(client, clusterId, "trust");
    for (const reason of ["", "   ", "x".repeat(501)]) {
      const res = await decide(client, { ...fields, reason });
      expect(res.status).toBe(400);
      expect(pageText(res.body)).toContain(DECIDE_REFUSALS["reason-required"]);
    }
    expect(await clusterRow(clusterId)).toMatchObject({ status: "open", decidedAt: null });
    expect(await clusterAudit(clusterId)).toEqual([]);
  });

  it("an account that joined since the page was read: the decision is refused (409 changed), nothing restricted", async () => {
    const { clusterId, browser } = await threeAccountsInOneBrowser();
    const { client } = await reviewer();
    const { fields } = await confirmPanel(client, clusterId, "restrict");
    // A fourth sign-up in the same browser while the admin reads.
    const fourth = await signUp(browser, "Chinonso Okafor");
    expect((await clusterOf(fourth.id))?.id).toBe(clusterId);

    const res = await decide(client, fields);
    expect(res.status).toBe(409);
    expect(pageText(res.body)).toContain(DECIDE_REFUSALS.changed);
    expect(await clusterRow(clusterId)).toMatchObject({ status: "open" });
    expect(await clusterAudit(clusterId)).toEqual([]);
    const restricted = await db()
      .select({ r: users.isRestricted })
      .from(users)
      .where(eq(users.riskClusterId, clusterId));
    expect(restricted).toHaveLength(4);
    expect(restricted.every((u) => !u.r)).toBe(true);
    // Read again, the page counts four, and the decision goes through.
    const again = await confirmPanel(client, clusterId, "restrict");
    expect(again.fields.accountsSeen).toBe("4");
    expect((await decide(client, again.fields)).status).toBe(200);
  });

  it("deciding twice: the second is refused (409 decided) and changes nothing", async () => {
    const { clusterId, accounts } = await threeAccountsInOneBrowser();
    const first = await reviewer();
    const second = await reviewer();
    const panel = await confirmPanel(first.client, clusterId, "restrict");
    // The second admin read the page before the first decided.
    const stale = await confirmPanel(second.client, clusterId, "trust");
    const restricted = await decide(first.client, panel.fields);
    expect(restricted.status).toBe(200);
    expect(pageText(restricted.body)).toContain("3 accounts were restricted and signed out.");

    const late = await decide(second.client, { ...stale.fields, reason: "They are cousins" });
    expect(late.status).toBe(409);
    expect(pageText(late.body)).toContain(DECIDE_REFUSALS.decided);
    expect(await clusterRow(clusterId)).toMatchObject({ status: "closed", decidedById: first.user.id });
    expect(await clusterAudit(clusterId)).toMatchObject([{ action: "risk.restrict_all", actorId: first.user.id }]);
    for (const a of accounts)
      expect((await db().select().from(users).where(eq(users.id, a.id)))[0]!.isRestricted).toBe(true);
    // The same press again (a resubmit) is refused the same way.
    expect((await decide(first.client, panel.fields)).status).toBe(409);
    expect(await clusterAudit(clusterId)).toHaveLength(1);
  });
});

/** How many sessions of this database wait for a lock (on a statement naming `table`, when given). PostgreSQL only. */
async function lockWaiters(table?: string): Promise<number> {
  const result = (await db().execute(
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'
          and (${table ?? null}::text is null or query ilike '%' || ${table ?? null}::text || '%')`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/**
 * Waits until each of the requests either waits for a lock in the database or has been answered:
 * all of them have got as far as they can while the cluster is held.
 */
async function untilStuckOrAnswered(requests: Promise<unknown>[]) {
  let answered = 0;
  for (const r of requests)
    void r.then(
      () => answered++,
      () => answered++,
    );
  await until(
    `${requests.length} request(s) to wait for a lock or be answered`,
    async () => (answered + (await lockWaiters()) >= requests.length ? true : undefined),
    10_000,
    20,
  );
}

/** Whether `request` is answered within `ms`. */
const answeredWithin = (request: Promise<unknown>, ms: number) =>
  Promise.race([request.then(() => true), sleep(ms).then(() => false)]);

/**
 * Holds the cluster's row as a decision in progress does (FOR UPDATE, in a transaction of its
 * own), until `finish` is called; `finish` runs `decision` in that transaction, then commits.
 */
async function holdCluster(clusterId: string) {
  const locked = latch();
  const release = latch();
  let decision: ((tx: typeof app.services.db) => Promise<void>) | undefined;
  const holder = db().transaction(async (tx) => {
    await tx.select().from(riskClusters).where(eq(riskClusters.id, clusterId)).for("update");
    locked.open();
    await release.opened;
    await decision?.(tx);
  });
  await locked.opened;
  return {
    finish: async (then?: (tx: typeof app.services.db) => Promise<void>) => {
      decision = then;
      release.open();
      await holder;
    },
  };
}

describe.runIf(usingPostgres())("two admins deciding on one cluster at the same moment", () => {
  it("exactly one decision is made, with one audit row; the other is told it was decided", async () => {
    const { clusterId, accounts } = await threeAccountsInOneBrowser();
    const [trusting, restricting] = [await reviewer(), await reviewer()];
    const trust = await confirmPanel(trusting.client, clusterId, "trust");
    const restrict = await confirmPanel(restricting.client, clusterId, "restrict");
    // Both presses arrive while the row is held (as by a third decision being made), so both are
    // in flight when it is let go: neither can finish before the other starts.
    const hold = await holdCluster(clusterId);
    const presses = [
      decide(trusting.client, { ...trust.fields, reason: "Twins and their mother" }),
      decide(restricting.client, restrict.fields),
    ];
    await untilStuckOrAnswered(presses);
    await hold.finish();
    const [trusted, restricted] = (await Promise.all(presses)) as [HttpResponse, HttpResponse];
    expect([trusted.status, restricted.status].sort()).toEqual([200, 409]);
    const loser = trusted.status === 409 ? trusted : restricted;
    expect(pageText(loser.body)).toContain(DECIDE_REFUSALS.decided);

    const rows = await clusterAudit(clusterId);
    expect(rows).toHaveLength(1);
    const row = await clusterRow(clusterId);
    const restrictedNow = await db()
      .select({ r: users.isRestricted })
      .from(users)
      .where(eq(users.riskClusterId, clusterId));
    if (trusted.status === 200) {
      expect(rows[0]).toMatchObject({ action: "risk.trust", actorId: trusting.user.id });
      expect(row).toMatchObject({ status: "trusted", decidedById: trusting.user.id });
      expect(restrictedNow.every((u) => !u.r)).toBe(true);
    } else {
      expect(rows[0]).toMatchObject({ action: "risk.restrict_all", actorId: restricting.user.id });
      expect(row).toMatchObject({ status: "closed", decidedById: restricting.user.id });
      expect(restrictedNow.every((u) => u.r)).toBe(true);
    }
    expect(restrictedNow).toHaveLength(accounts.length);
  });
});

let bankSerial = 0;

/**
 * A member of a week, paid into week-old bank details in their own name resolved by Paystack,
 * with ₦100, whose bank account also pays another account: linked beyond the allowance (one a
 * bank account), so open for review. The bank account signal is recorded as saving the details
 * does (that path, through the profile's form, is tested above).
 */
async function memberInOpenCluster(name: string) {
  const signedIn = await signInMember(app, { name, ip: freshIp(), landed: true });
  const accountNumber = nuban(GTB, String(81_000_000 + ++bankSerial).padStart(9, "0"));
  await setBankDetails(db(), signedIn.user.id, { accountHolderName: name.toUpperCase(), accountNumber });
  await readyForAutoPayout(db(), signedIn.user.id);
  await creditUser(db(), signedIn.user.id, 10_000n);
  const sibling = await signInMember(app, { name: `${name.split(" ")[0]} Junior`, ip: freshIp() });
  await setBankDetails(db(), sibling.user.id, { accountHolderName: name.toUpperCase(), accountNumber });
  for (const id of [signedIn.user.id, sibling.user.id])
    await recordSignals(db(), id, [bankAccountSignal(GTB, accountNumber)]);
  const cluster = await clusterOf(signedIn.user.id);
  expect(cluster).toMatchObject({ status: "open" });
  return { ...signedIn, clusterId: cluster!.id };
}

/**
 * The withdraw form on the profile, with the key the page rendered: resolves once it is posted,
 * with its answer still to come.
 */
async function askWithdrawal(client: HttpClient, amount: string): Promise<{ answer: Promise<HttpResponse> }> {
  const key = hidden((await client.get("/profile")).body, "idempotencyKey");
  expect(key).toBeTruthy();
  return { answer: client.post("/profile/withdraw", { amount, idempotencyKey: key! }) };
}

const withdrawalsOf = (userId: string) =>
  db().select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(withdrawals.requestedAt);

describe("withdrawals of accounts under review", () => {
  it("are left for an admin and read Under review to the member, never why; once trusted, the next is paid automatically", async () => {
    const { client, user, clusterId } = await memberInOpenCluster("Chiamaka Obi");
    const asked = await (await askWithdrawal(client, "20")).answer;
    expect(asked.status).toBe(302);
    expect(redirectToast(asked)?.description).not.toContain("transfer shortly");
    const [held] = await withdrawalsOf(user.id);
    expect(held).toMatchObject({ status: "pending", autoPayHold: "under-review" });
    expect(await payoutJobsOf(db(), held!.id)).toEqual([]);

    // The withdrawal admins are told why it waits.
    const { client: withdrawalsAdmin } = await signInAdmin(app, ["manage_withdrawals"], { ip: freshIp() });
    const queue = pageText((await withdrawalsAdmin.get(`/admin/withdrawals?q=${held!.reference}`)).body);
    expect(queue).toContain("Not paid automatically: linked accounts under review");

    for (const path of ["/profile", "/dashboard"]) {
      const page = await client.get(path);
      expect(page.body, path).toContain('data-status="under_review"');
      const text = pageText(page.body);
      expect(text).toContain("Under review");
      // Who they are linked to, and by what, is for the admins.
      expect(text).not.toMatch(/linked|Junior|fingerprint|cluster/i);
    }

    const { client: admin } = await reviewer();
    const { fields } = await confirmPanel(admin, clusterId, "trust");
    expect(fields.accountsSeen).toBe("2");
    expect((await decide(admin, { ...fields, reason: "Her son's account, paid into her bank" })).status).toBe(200);
    // The withdrawal left for an admin stays theirs, but no longer reads Under review.
    const profile = await client.get("/profile");
    expect(profile.body).not.toContain('data-status="under_review"');
    expect(profile.body).toContain('data-status="pending"');

    const paid = await (await askWithdrawal(client, "20")).answer;
    expect(redirectToast(paid)?.description).toContain("It will be sent to your bank account by transfer shortly.");
    const [, next] = await withdrawalsOf(user.id);
    expect(next).toMatchObject({ status: "processing", autoPayHold: null });
    expect(await payoutJobsOf(db(), next!.id)).toHaveLength(1);
  });
});

describe.runIf(usingPostgres())("a withdrawal asked for while its linked accounts are being decided", () => {
  /** Starts the member's withdrawal while the cluster is held, and shows that it waits at the cluster's row. */
  async function withdrawWhileHeld(client: HttpClient, clusterId: string) {
    const hold = await holdCluster(clusterId);
    const { answer } = await askWithdrawal(client, "20");
    try {
      await untilStuckOrAnswered([answer]);
      // Not answered: it waits at the cluster's row for the decision to commit.
      expect(await answeredWithin(answer, 500)).toBe(false);
      expect(await lockWaiters("risk_clusters")).toBe(1);
    } catch (err) {
      await hold.finish();
      throw err;
    }
    return { hold, answer };
  }

  it("waits for the decision, and is paid automatically once the accounts are trusted", async () => {
    const { client, user, clusterId } = await memberInOpenCluster("Nkechi Uzor");
    const { hold, answer } = await withdrawWhileHeld(client, clusterId);
    // The admin's decision commits: trusted, having seen every account of the cluster.
    await hold.finish(async (tx) => {
      // As decideCluster does after the cluster: every account's row, FOR UPDATE. The withdrawal
      // must not hold one of them meanwhile (the two would deadlock).
      await tx.select({ id: users.id }).from(users).where(eq(users.riskClusterId, clusterId)).for("update");
      const members = await tx.$count(users, eq(users.riskClusterId, clusterId));
      expect(members).toBe(2);
      await tx
        .update(riskClusters)
        .set({ status: "trusted", decidedAt: new Date(), decidedMemberCount: members })
        .where(eq(riskClusters.id, clusterId));
    });
    const res = await answer;
    expect(res.status).toBe(302);
    expect(redirectToast(res)?.description).toContain("It will be sent to your bank account by transfer shortly.");
    const [w] = await withdrawalsOf(user.id);
    expect(w).toMatchObject({ status: "processing", autoPayHold: null });
    expect(await payoutJobsOf(db(), w!.id)).toHaveLength(1);
  });

  it("waits for the decision, and is left for an admin when the accounts stay under review", async () => {
    const { client, user, clusterId } = await memberInOpenCluster("Femi Adebayo");
    const { hold, answer } = await withdrawWhileHeld(client, clusterId);
    // The decision in progress leaves it open (say, it only voided held rewards).
    await hold.finish();
    const res = await answer;
    expect(res.status).toBe(302);
    expect(redirectToast(res)?.description).not.toContain("transfer shortly");
    const [w] = await withdrawalsOf(user.id);
    expect(w).toMatchObject({ status: "pending", autoPayHold: "under-review" });
    expect(await payoutJobsOf(db(), w!.id)).toEqual([]);
    const profile = await client.get("/profile");
    expect(profile.body).toContain('data-status="under_review"');
    expect(pageText(profile.body)).toContain("Under review");
  });
});

describe("the linked accounts settings", () => {
  const form = { accountsPerDevice: "3", accountsPerBankAccount: "2" };
  const settings = async () =>
    (
      await db()
        .select({ perDevice: appSettings.accountsPerDevice, perBank: appSettings.accountsPerBankAccount })
        .from(appSettings)
    )[0]!;

  it("refuses what is not a whole number from 1 to 20, saves the rest (audited), and the allowance applies", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_settings"], { ip: freshIp() });
    for (const [perDevice, perBank] of [
      ["0", "abc"],
      ["abc", "0"],
      ["21", "1.5"],
    ]) {
      const refused = await client.post("/admin/settings/linked-accounts", {
        accountsPerDevice: perDevice!,
        accountsPerBankAccount: perBank!,
      });
      expect(refused.status).toBe(400);
      const text = pageText(refused.body);
      expect(text).toContain("Enter a whole number of accounts per device from 1 to 20.");
      expect(text).toContain("Enter a whole number of accounts per bank account from 1 to 20.");
    }
    expect(await settings()).toEqual({ perDevice: 2, perBank: 1 });
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, "settings.update"))),
    ).toEqual([]);

    const { client: other } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_settings"),
      { ip: freshIp() },
    );
    expect((await other.post("/admin/settings/linked-accounts", form)).status).toBe(403);
    expect(await settings()).toEqual({ perDevice: 2, perBank: 1 });

    const saved = await client.post("/admin/settings/linked-accounts", form);
    expect(saved.status).toBe(302);
    expect(redirectToast(saved)).toMatchObject({
      type: "success",
      title: "Settings Updated",
      description: "Accounts beyond 3 per device or 2 per bank account are held for review.",
    });
    expect(await settings()).toEqual({ perDevice: 3, perBank: 2 });
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, "settings.update"))),
    ).toMatchObject([
      {
        before: { accountsPerDevice: 2, accountsPerBankAccount: 1 },
        after: { accountsPerDevice: 3, accountsPerBankAccount: 2 },
      },
    ]);

    try {
      // Three accounts on one phone are now within the allowance; a fourth is beyond it.
      const browser = await openBrowser();
      const accounts = [];
      for (const name of ["Rasheed Ayinde", "Rukayat Ayinde", "Rahmon Ayinde"])
        accounts.push(await signUp(browser, name));
      expect(await clusterOf(accounts[2]!.id)).toMatchObject({ status: "clear" });
      const fourth = await signUp(browser, "Rafiat Ayinde");
      expect(await clusterOf(fourth.id)).toMatchObject({ status: "open" });
    } finally {
      // Back to the defaults the other tests expect.
      await db()
        .update(appSettings)
        .set({ accountsPerDevice: 2, accountsPerBankAccount: 1 })
        .where(eq(appSettings.id, 1));
    }
  });
});
