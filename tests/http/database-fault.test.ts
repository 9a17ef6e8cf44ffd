import { and, eq, inArray, like, not } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres, type Database, type DatabaseHandle } from "~/db/client.server";
import { advertViews, adverts, auditLog, ledgerTransfers, withdrawals } from "~/db/schema";
import { claimAdvertReward, startAdvertView } from "~/domain/adverts/advert-views.server";
import { advertRewardKey } from "~/domain/adverts/money.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { createEmptyPostgresDatabase, usingPostgres } from "~test/database";
import { advertAdmin, createUser, formKey, longAgo, payee, postAdvert } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { HttpClient, type HttpResponse } from "~test/app";
import { correctAnswer } from "~test/claims";
import { claimPayingAttention } from "~test/http-claims";
import { readyStatus, startServerProcess, until, type ServerProcess } from "~test/server-process";
import { statusOf } from "~test/status";

/**
 * PostgreSQL drops the app's connections (a restart, a failover, an operator's
 * pg_terminate_backend) while money-moving requests are in flight. The process must stay up,
 * answer the requests that lost their connection with 503, recover by itself, and everything it
 * acknowledged must be in the database exactly once.
 */

/** The test's own connections, spared by the terminations (only the app's are cut). */
const TEST_APPLICATION = "adnaira-fault-test";
const MEMBERS = 6;
const WAVES = 3;
const WITHDRAWALS_PER_MEMBER = 3;
const AMOUNT = "20.00";
const AMOUNT_KOBO = 2_000n;

let server: ServerProcess | undefined;
let handle: DatabaseHandle | undefined;
let killer: pg.Client | undefined;
let drop: (() => Promise<void>) | undefined;
afterAll(async () => {
  await server?.stop();
  await handle?.close();
  await killer?.end();
  await drop?.();
});

/** The toast title a redirect carries (signed cookie: base64 JSON, a dot, the signature). */
function toastTitle(res: HttpResponse): string | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith("adnaira_toast="));
  if (!line) return null;
  const value = decodeURIComponent(line.slice("adnaira_toast=".length).split(";")[0]!);
  if (!value) return null; // the toast shown, cleared
  const payload = value.slice(0, value.lastIndexOf("."));
  return (JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { title: string }).title;
}

/** A request's answer, or the network error when none came (the process died). */
type Answer =
  | { status: number; location: string | null; body: string; toast: string | null }
  | { status: "no answer"; error: string };
async function send(request: Promise<HttpResponse>): Promise<Answer> {
  let res: HttpResponse;
  try {
    res = await request;
  } catch (err) {
    return { status: "no answer", error: `${String(err)} (${String((err as Error).cause)})` };
  }
  return { status: res.status, location: res.location, body: res.body, toast: toastTitle(res) };
}

type WithdrawalRequest = { client: HttpClient; key: string; answer?: Answer };
type Decision = { intent: "start-processing" | "reject"; withdrawalId: string; answer?: Answer };
/** `picked`: the right choice at the view's attention check, asked before the burst. */
type Claim = { client: HttpClient; userId: string; advertId: string; picked: { answer: string }; answer?: Answer };

const withdraw = (r: WithdrawalRequest) =>
  send(r.client.post("/profile/withdraw", { amount: AMOUNT, idempotencyKey: r.key }));
const decide = (admin: HttpClient, d: Decision) =>
  send(admin.post("/admin/withdrawals", { intent: d.intent, withdrawalId: d.withdrawalId }));
/** Claim Reward with the right pick: the claim that pays. */
const claim = (c: Claim) => send(c.client.post(`/adverts/${c.advertId}/claim`, c.picked));

/**
 * Sets the attention check on the member's view, as the claim after the countdown does (through
 * the test's own connection, which the cuts spare), and returns the right pick as the form sends it.
 */
async function checkSetAhead(db: Database, userId: string, advertId: string) {
  const asked = await claimAdvertReward(db, userId, advertId);
  if (asked.status !== "check") throw new Error(`the claim of ${advertId} answered ${asked.status}, not the check`);
  return { answer: String(await correctAnswer(db, userId, advertId)) };
}

const acknowledgedWithdrawal = (a: Answer) =>
  a.status === 302 && a.location === "/profile" && a.toast === "Withdrawal Requested";
const acknowledgedDecision = (a: Answer) => a.status === 200 && "body" in a && a.body.includes("Withdrawal Updated");
const acknowledgedClaim = (a: Answer) =>
  a.status === 302 && a.location === "/dashboard" && a.toast === "Reward Earned!";
const unavailable = (a: Answer) => a.status === 503;

describe("database connections cut while requests are in flight", () => {
  it.runIf(usingPostgres())(
    "the process stays up, /readyz recovers by itself, every acknowledged request is stored once and the books balance",
    async () => {
      const database = (await createEmptyPostgresDatabase())!;
      drop = database.drop;
      const databaseName = new URL(database.url).pathname.slice(1);
      server = await startServerProcess({
        DATABASE_URL: database.url,
        DATABASE_POOL_MAX: "4",
        SUPER_ADMIN_EMAIL: "owner@fault.adnaira.test",
        SUPER_ADMIN_PASSWORD: "a-long-owner-password",
      });
      await until("the app to answer", async () => ((await readyStatus(server!.origin)) === 200 ? true : undefined));

      const ours = new URL(database.url);
      ours.searchParams.set("application_name", TEST_APPLICATION);
      handle = openPostgres(ours.href, undefined, { max: 4 });
      const db = handle.db;
      killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await killer.connect();
      let terminated = 0;
      const terminateAppConnections = async () => {
        const { rowCount } = await killer!.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = $1 and pid <> pg_backend_pid() and coalesce(application_name, '') <> $2`,
          [databaseName, TEST_APPLICATION],
        );
        terminated += rowCount ?? 0;
      };

      // The cast: members with money and bank details, signed in; an admin who decides withdrawals.
      const adminUser = await createUser(db, { role: "admin", permissions: ["manage_withdrawals"] });
      const admin = new HttpClient(server.origin);
      await admin.login(adminUser.email, adminUser.password);
      const advertActor = await advertAdmin(db);
      const members = await Promise.all(
        Array.from({ length: MEMBERS }, async () => {
          const user = await payee(db, { balanceKobo: 100_000n });
          const client = new HttpClient(server!.origin);
          await client.login(user.email, user.password);
          return { id: user.id, client };
        }),
      );

      const requests: WithdrawalRequest[] = [];
      const decisions: Decision[] = [];
      const claims: Claim[] = [];
      for (let wave = 0; wave < WAVES; wave++) {
        // Ready for this wave: an advert each member has watched long enough, its attention check
        // asked (so the burst's claim is the one that pays), and two pending withdrawals per member
        // for the admin to decide.
        const advertId = await postAdvert(db, advertActor, { rewardKobo: 1_000n, maxClicks: 100 });
        const waveRequests: WithdrawalRequest[] = [];
        const waveDecisions: Decision[] = [];
        const waveClaims: Claim[] = [];
        for (const m of members) {
          await startAdvertView(db, m.id, advertId, longAgo());
          const picked = await checkSetAhead(db, m.id, advertId);
          waveClaims.push({ client: m.client, userId: m.id, advertId, picked });
          for (const intent of ["start-processing", "reject"] as const) {
            const result = await requestWithdrawal(db, {
              userId: m.id,
              amountKobo: AMOUNT_KOBO,
              idempotencyKey: formKey(),
            });
            if (result.status !== "ok") throw new Error(`requestWithdrawal: ${result.status}`);
            waveDecisions.push({ intent, withdrawalId: result.withdrawal.id });
          }
          for (let i = 0; i < WITHDRAWALS_PER_MEMBER; i++) waveRequests.push({ client: m.client, key: formKey() });
        }

        // The burst, all at once, while the app's connections are cut again and again.
        const burst = Promise.all([
          ...waveRequests.map(async (r) => (r.answer = await withdraw(r))),
          ...waveDecisions.map(async (d) => (d.answer = await decide(admin, d))),
          ...waveClaims.map(async (c) => (c.answer = await claim(c))),
        ]);
        for (let cut = 0; cut < 4; cut++) {
          await new Promise((r) => setTimeout(r, 20 + cut * 40));
          await terminateAppConnections();
        }
        await burst;
        requests.push(...waveRequests);
        decisions.push(...waveDecisions);
        claims.push(...waveClaims);
        if (server.child.exitCode !== null) break; // it died: the checks below say so
      }

      // The connections were really cut, and the process survived it.
      expect(terminated).toBeGreaterThan(0);
      const all = [...requests, ...decisions, ...claims].map((r) => r.answer!);
      const unanswered = all.filter((a) => a.status === "no answer");
      expect(
        unanswered.length,
        `${JSON.stringify(unanswered.slice(0, 3))}; the app's output:\n${server.output().slice(-3000)}`,
      ).toBe(0);
      expect(server.child.exitCode, server.output()).toBeNull();
      expect(server.output()).not.toMatch(/"level":60|uncaught|Unhandled 'error' event/i);

      // Every request was either acknowledged or answered 503 (never a 500).
      for (const r of requests)
        expect(acknowledgedWithdrawal(r.answer!) || unavailable(r.answer!), JSON.stringify(r.answer)).toBe(true);
      for (const d of decisions)
        expect(acknowledgedDecision(d.answer!) || unavailable(d.answer!), JSON.stringify(d.answer)).toBe(true);
      for (const c of claims)
        expect(acknowledgedClaim(c.answer!) || unavailable(c.answer!), JSON.stringify(c.answer)).toBe(true);
      // The cuts hit requests in flight, and others went through between them.
      expect(all.some(unavailable)).toBe(true);
      expect(requests.some((r) => acknowledgedWithdrawal(r.answer!))).toBe(true);

      // Back by itself: nobody restarts anything.
      await until(
        "/readyz to answer 200 again",
        async () => ((await readyStatus(server!.origin)) === 200 ? true : undefined),
        15_000,
      );

      // Every acknowledged request is in the database.
      const keys = requests.map((r) => r.key);
      const stored = new Map(
        (await db.select().from(withdrawals).where(inArray(withdrawals.idempotencyKey, keys))).map((w) => [
          w.idempotencyKey,
          w,
        ]),
      );
      const acknowledged = requests.filter((r) => acknowledgedWithdrawal(r.answer!));
      for (const r of acknowledged)
        expect(stored.get(r.key), `withdrawal ${r.key}`).toMatchObject({ amountKobo: AMOUNT_KOBO, status: "pending" });
      for (const d of decisions.filter((d) => acknowledgedDecision(d.answer!))) {
        expect(await statusOf(db, withdrawals, d.withdrawalId)).toBe(d.intent === "reject" ? "rejected" : "processing");
      }
      const viewOf = async (c: Claim) =>
        (
          await db
            .select()
            .from(advertViews)
            .where(and(eq(advertViews.userId, c.userId), eq(advertViews.advertId, c.advertId)))
        )[0];
      for (const c of claims.filter((c) => acknowledgedClaim(c.answer!)))
        expect((await viewOf(c))?.claimedAt).toBeInstanceOf(Date);
      await expectBooksBalanced(db);

      // Retried with the same key (the form resubmitted): nothing new for what was acknowledged,
      // and exactly one of each in the end.
      for (const r of requests) expect(acknowledgedWithdrawal(await withdraw(r)), r.key).toBe(true);
      const afterRetry = await db.select().from(withdrawals).where(inArray(withdrawals.idempotencyKey, keys));
      expect(afterRetry).toHaveLength(keys.length);
      for (const r of acknowledged)
        expect(afterRetry.find((w) => w.idempotencyKey === r.key)?.id).toBe(stored.get(r.key)!.id);

      for (const d of decisions) {
        const again = await decide(admin, d);
        // Already made (acknowledged or committed before its answer was lost), or made now.
        expect([200, 409], JSON.stringify(again)).toContain(again.status);
        if (acknowledgedDecision(d.answer!)) expect(again.status).toBe(409);
        expect(await statusOf(db, withdrawals, d.withdrawalId)).toBe(d.intent === "reject" ? "rejected" : "processing");
        const action = d.intent === "reject" ? "withdrawal.reject" : "withdrawal.start_processing";
        expect(await db.$count(auditLog, and(eq(auditLog.targetId, d.withdrawalId), eq(auditLog.action, action)))).toBe(
          1,
        );
      }

      for (const c of claims) {
        // A member views one advert at a time: a later wave's View Advert ended an unpaid one, so
        // its view (and its attention check) starts again: Claim Reward, then the right pick.
        if (!acknowledgedClaim(c.answer!)) await startAdvertView(db, c.userId, c.advertId, longAgo());
        const again = await send(claimPayingAttention(db, c.client, c.userId, c.advertId, { form: {} }));
        expect(again).toMatchObject({ status: 302, location: "/dashboard" });
        if (acknowledgedClaim(c.answer!)) expect((again as { toast: string }).toast).toBe("Already Rewarded");
        expect((await viewOf(c))?.claimedAt).toBeInstanceOf(Date);
      }
      // One reward per view, one click per member on each advert.
      const rewards = await db
        .select({ key: ledgerTransfers.idempotencyKey })
        .from(ledgerTransfers)
        .where(
          and(eq(ledgerTransfers.kind, "advert_reward"), not(like(ledgerTransfers.idempotencyKey, "test-credit:%"))),
        );
      expect(rewards.map((r) => r.key).sort()).toEqual(claims.map((c) => advertRewardKey(c.advertId, c.userId)).sort());
      for (const row of await db.select({ clicks: adverts.currentClicks }).from(adverts))
        expect(row.clicks).toBe(MEMBERS);

      await expectBooksBalanced(db);
      expect(server.child.exitCode).toBeNull();
    },
    120_000,
  );
});
