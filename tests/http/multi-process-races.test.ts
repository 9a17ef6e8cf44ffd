import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Database, type DatabaseHandle } from "~/db/client.server";
import { adverts, advertViews, auditLog, campaigns, ledgerAccounts, ledgerTransfers, withdrawals } from "~/db/schema";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import type { Actor } from "~/domain/audit/audit.server";
import { balances } from "~/domain/ledger/accounts.server";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { HttpClient } from "~test/app";
import { createEmptyPostgresDatabase, usingPostgres } from "~test/database";
import {
  advertAdmin,
  creditUser,
  createUser,
  formKey,
  longAgo,
  member,
  payee,
  postAdvert,
  recordReferral,
  runningCampaign,
} from "~test/factories";
import { checkAskedAhead } from "~test/http-claims";
import { expectBooksBalanced } from "~test/ledger";
import { childrenOf, readyStatus, startClusteredServer, until, type ClusteredServer } from "~test/server-process";

/**
 * The money races that matter most, against the built app as production runs it with
 * WEB_CONCURRENCY=2 and Redis: two worker processes, each with its own database pool, behind one
 * port. Each race is sent at once, half through connections one worker accepted and half through
 * the other's, so no rule may rest on one process's memory or pool. Then a worker is killed in
 * the middle of a burst: every request still gets an answer (none left hanging, docs/decisions/022),
 * the primary starts another worker, and nothing is paid twice.
 *
 * It seeds through the domain and factories on the app's database and drives everything that
 * races over HTTP, with real sessions and the site's Origin. PostgreSQL and Redis only (several
 * processes need both); CI runs it with DATABASE_URL and REDIS_URL.
 */

const withServices = usingPostgres() && Boolean(process.env.REDIS_URL);
/** Well under any client's or proxy's patience: a request unanswered this long is hanging. */
const ANSWER_WITHIN_MS = 10_000;

let app: ClusteredServer | undefined;
let handle: DatabaseHandle | undefined;
let drop: (() => Promise<void>) | undefined;
let db: Database;
let advertActor: Actor;
/** Each browser's own keep-alive connections (a `fresh` request opens one of its own). */
const browsers = new Map<HttpClient, http.Agent>();
const connectionsOf = (client: HttpClient) => {
  if (!browsers.has(client)) browsers.set(client, new http.Agent({ keepAlive: true }));
  return browsers.get(client)!;
};

beforeAll(async () => {
  if (!withServices) return;
  const database = (await createEmptyPostgresDatabase())!;
  drop = database.drop;
  app = await startClusteredServer({
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL!,
    DATABASE_POOL_MAX: "8",
  });
  // The app migrated and seeded its new database; the test writes its cast there directly.
  handle = openPostgres(database.url, undefined, { max: 8 });
  db = handle.db;
  advertActor = await advertAdmin(db, ["manage_adverts"]);
}, 60_000);
afterAll(async () => {
  for (const agent of browsers.values()) agent.destroy();
  await app?.stop();
  await handle?.close();
  await drop?.();
});
afterEach(async () => {
  if (withServices) await expectBooksBalanced(db);
});

/** A request's answer; `error` when the connection failed; `hanging` when none came in time. */
type Answer = {
  status: number | "error" | "hanging";
  location?: string | null;
  /** The claim's JSON answer: its toast title. */
  toast?: string;
  error?: string;
  /** The client's end of the connection that carried it (to find the worker that answered). */
  localPort?: number;
};

/**
 * POSTs a form as the signed-in `client`'s browser would (its cookies, the site's Origin), on a
 * keep-alive connection or a `fresh` one; the advert claim asks for the page script's JSON.
 * Never waits longer than ANSWER_WITHIN_MS.
 */
function post(
  client: HttpClient,
  pathname: string,
  form: Record<string, string>,
  options: { fresh?: boolean; via?: net.Socket } = {},
): Promise<Answer> {
  const body = new URLSearchParams(form).toString();
  const url = new URL(pathname, client.origin);
  return new Promise((resolve) => {
    let localPort: number | undefined;
    const req = http.request(
      url,
      {
        method: "POST",
        ...(options.via
          ? { agent: false, createConnection: () => options.via! }
          : { agent: options.fresh ? false : connectionsOf(client) }),
        headers: {
          Cookie: client.cookieHeader(),
          Origin: client.origin,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          ...(pathname.endsWith("/claim") ? { Accept: "application/json" } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          clearTimeout(timer);
          const json = (res.headers["content-type"] ?? "").includes("application/json");
          const toast = json ? (JSON.parse(text) as { toast?: { title: string } }).toast?.title : undefined;
          resolve({ status: res.statusCode!, location: res.headers.location ?? null, toast, localPort });
        });
        res.on("error", (err) => {
          clearTimeout(timer);
          resolve({ status: "error", error: String(err), localPort });
        });
      },
    );
    req.on("socket", (socket) => {
      const remember = () => (localPort = socket.localPort);
      if (socket.localPort) remember();
      else socket.once("connect", remember);
    });
    const timer = setTimeout(() => {
      const error = `no answer within ${ANSWER_WITHIN_MS} ms; its connection is held by ${holderOf(localPort)}`;
      resolve({ status: "hanging", error, localPort });
      req.destroy();
    }, ANSWER_WITHIN_MS);
    req.on("error", (err) => {
      clearTimeout(timer);
      resolve({ status: "error", error: String(err), localPort });
    });
    req.end(body);
  });
}

/**
 * The process (primary or worker) holding each open connection to the app, by the client's port:
 * /proc/net/tcp names the socket (inode) of every local TCP connection, /proc/<pid>/fd which
 * process holds it.
 */
function holdersByClientPort(server: ClusteredServer): Map<number, number> {
  const port = Number(new URL(server.origin).port);
  const inodes = new Map<string, number>();
  for (const pid of [server.primary, ...childrenOf(server.primary)]) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (target.startsWith("socket:[")) inodes.set(target.slice(8, -1), pid);
      } catch {
        // closed while we looked
      }
    }
  }
  const byClientPort = new Map<number, number>();
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10) continue;
    const [local, remote, inode] = [fields[1]!, fields[2]!, fields[9]!];
    const holder = inodes.get(inode);
    if (holder !== undefined && parseInt(local.split(":")[1]!, 16) === port) {
      byClientPort.set(parseInt(remote.split(":")[1]!, 16), holder);
    }
  }
  return byClientPort;
}

/** Who holds a connection, for a failure message. */
function holderOf(localPort: number | undefined): string {
  const pid = localPort === undefined ? undefined : holdersByClientPort(app!).get(localPort);
  if (pid === undefined) return "nobody";
  return pid === app!.primary ? `the primary (${pid})` : `worker ${pid}`;
}

/**
 * `perWorker` open connections to the app held by each of its workers. The kernel decides which
 * worker accepts a connection: this connects until both have enough, and closes the rest.
 */
async function connectionsPerWorker(perWorker: number): Promise<net.Socket[][]> {
  const held = new Map(childrenOf(app!.primary).map((pid) => [pid, [] as net.Socket[]]));
  const port = Number(new URL(app!.origin).port);
  for (let round = 0; [...held.values()].some((sockets) => sockets.length < perWorker); round++) {
    if (round === 50) throw new Error(`could not open ${perWorker} connections to each worker`);
    const sockets = await Promise.all(
      Array.from(
        { length: perWorker },
        () =>
          new Promise<net.Socket>((resolve, reject) => {
            const socket = net.connect(port, "127.0.0.1", () => resolve(socket)).once("error", reject);
          }),
      ),
    );
    const holders = await until(
      "the workers to accept the connections",
      () => {
        const byPort = holdersByClientPort(app!);
        return sockets.every((socket) => byPort.has(socket.localPort!)) ? byPort : undefined;
      },
      5_000,
      20,
    );
    for (const socket of sockets) {
      const mine = held.get(holders.get(socket.localPort!)!);
      if (mine && mine.length < perWorker) mine.push(socket);
      else socket.destroy();
    }
  }
  return [...held.values()];
}

/**
 * Sends every request at once, alternately through a connection held by one worker and by the
 * other: the race is run by both processes, each with its own database pool.
 */
async function raceOnBothWorkers(requests: { client: HttpClient; path: string; form: Record<string, string> }[]) {
  const [first, second] = await connectionsPerWorker(Math.ceil(requests.length / 2));
  return Promise.all(
    requests.map((r, i) => post(r.client, r.path, r.form, { via: (i % 2 === 0 ? first : second)![Math.floor(i / 2)] })),
  );
}

/** Members signed in through the login form, each with their browser. */
async function signedIn<T extends { email: string; password: string }>(users: T[]) {
  return Promise.all(
    users.map(async (user) => {
      const client = new HttpClient(app!.origin);
      await client.login(user.email, user.password);
      return { ...user, client };
    }),
  );
}

/**
 * Each member's Claim Reward once the countdown has ended, answered with the attention check
 * (before the race, one at a time per member): the right pick of each, as the claim form sends it.
 * The race's claims carry it, so each is the claim that pays.
 */
const attentionChecksAsked = (members: { id: string; client: HttpClient }[], advertId: string) =>
  Promise.all(members.map((m) => checkAskedAhead(db, m.client, m.id, advertId)));

const countBy = (answers: Answer[], key: (a: Answer) => string) =>
  answers.reduce<Record<string, number>>((acc, a) => ({ ...acc, [key(a)]: (acc[key(a)] ?? 0) + 1 }), {});

const claimedViews = (advertId: string) =>
  db.$count(advertViews, sql`${advertViews.advertId} = ${advertId} and ${advertViews.claimedAt} is not null`);
const rewardTransfers = (advertId: string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(
      and(eq(ledgerTransfers.kind, "advert_reward"), like(ledgerTransfers.idempotencyKey, `advert-view:${advertId}:%`)),
    );
const clicksOf = async (advertId: string) =>
  (await db.select({ n: adverts.currentClicks }).from(adverts).where(eq(adverts.id, advertId)))[0]!.n;

describe.runIf(withServices)("money races across two app processes (WEB_CONCURRENCY=2, Redis)", () => {
  it("the last slots of an advert: 30 members claim its 5 slots at once → exactly 5 paid, nobody twice", async () => {
    const members = await signedIn(await Promise.all(Array.from({ length: 30 }, () => member(db))));
    const advertId = await postAdvert(db, advertActor, { maxClicks: 5, rewardKobo: 2_500n });
    await Promise.all(members.map((m) => startAdvertView(db, m.id, advertId, longAgo())));
    const picks = await attentionChecksAsked(members, advertId);

    const answers = await raceOnBothWorkers(
      members.map((m, i) => ({ client: m.client, path: `/adverts/${advertId}/claim`, form: picks[i]! })),
    );

    expect(countBy(answers, (a) => `${a.status} ${a.toast}`)).toEqual({
      "200 Reward Earned!": 5,
      "200 Advert Completed": 25,
    });
    expect(await clicksOf(advertId)).toBe(5);
    expect(await claimedViews(advertId)).toBe(5);
    const rewards = await rewardTransfers(advertId);
    expect(rewards).toHaveLength(5);
    expect(new Set(rewards.map((t) => t.creditAccountId)).size).toBe(5);
    for (const [i, m] of members.entries()) {
      expect((await balances(db, m.id)).availableKobo).toBe(answers[i]!.toast === "Reward Earned!" ? 2_500n : 0n);
    }
  });

  it("withdrawals that together exceed the balance: 20 at once for ₦20.00 on ₦100.00 → 5 held, never overdrawn", async () => {
    const [m] = await signedIn([await payee(db, { balanceKobo: 10_000n })]);
    const keys = Array.from({ length: 20 }, () => formKey());

    const answers = await raceOnBothWorkers(
      keys.map((idempotencyKey) => ({
        client: m!.client,
        path: "/profile/withdraw",
        form: { amount: "20.00", idempotencyKey },
      })),
    );

    expect(countBy(answers, (a) => `${a.status} ${a.location ?? ""}`)).toEqual({ "302 /profile": 5, "400 ": 15 });
    const rows = await db.select().from(withdrawals).where(eq(withdrawals.userId, m!.id));
    expect(rows).toHaveLength(5);
    expect(rows.every((w) => w.amountKobo === 2_000n && w.status === "pending")).toBe(true);
    expect(await balances(db, m!.id)).toEqual({ availableKobo: 0n, heldKobo: 10_000n });
  });

  it("two admins deciding one upgrade at once, four times: each decided once, paid or refunded once", async () => {
    const admins = await signedIn(
      await Promise.all([0, 1].map(() => createUser(db, { role: "admin", permissions: ["manage_memberships"] }))),
    );
    const requests = await Promise.all(
      (["reject", "reject", "approve", "approve"] as const).map(async (second) => {
        const m = await member(db);
        await creditUser(db, m.id, 100_000n);
        const referrer = await member(db);
        const referralId = await recordReferral(db, referrer, m.id);
        const requested = await requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "balance" });
        if (requested.status !== "ok") throw new Error(`requestUpgrade: ${requested.status}`);
        const { id, priceKobo } = requested.request;
        return { memberId: m.id, referrerId: referrer.id, referralId, id, priceKobo, second };
      }),
    );

    // Each request's two decisions on different workers.
    const answers = await raceOnBothWorkers(
      requests.flatMap((r) => [
        { client: admins[0]!.client, path: "/admin/memberships", form: { intent: "approve", requestId: r.id } },
        { client: admins[1]!.client, path: "/admin/memberships", form: { intent: r.second, requestId: r.id } },
      ]),
    );

    for (const [i, r] of requests.entries()) {
      const pair = answers.slice(2 * i, 2 * i + 2);
      expect(pair.map((a) => a.status).sort()).toEqual([200, 409]);
      const decided = await db.select().from(auditLog).where(eq(auditLog.targetId, r.id));
      expect(decided).toHaveLength(1);
      const approved = decided[0]!.action === "upgrade.approve";
      const moved = await db
        .select({ kind: ledgerTransfers.kind, amountKobo: ledgerTransfers.amountKobo })
        .from(ledgerTransfers)
        .where(inArray(ledgerTransfers.referenceId, [r.id, r.referralId]));
      expect(moved.map((t) => t.kind).sort()).toEqual(
        approved ? ["referral_reward", "upgrade_hold", "upgrade_payment"] : ["upgrade_hold", "upgrade_release"],
      );
      expect(await balances(db, r.memberId)).toEqual({
        availableKobo: approved ? 100_000n - r.priceKobo : 100_000n,
        heldKobo: 0n,
      });
      // The referrer's reward on a first upgrade: 40% of the price, once.
      expect((await balances(db, r.referrerId)).availableKobo).toBe(approved ? (r.priceKobo * 4n) / 10n : 0n);
    }
  });

  it("a campaign's last views: 30 members claim a 5-view campaign at once → 5 paid from the escrow, which ends at ₦0", async () => {
    const { campaign, advertId, advertiser } = await runningCampaign(db, advertActor, {
      rewardKobo: 1_000n,
      viewsWanted: 5,
    });
    const escrow = async () =>
      (await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.campaignId, campaign.id)))[0]!.balanceKobo;
    expect(await escrow()).toBe(campaign.budgetKobo);
    const members = await signedIn(await Promise.all(Array.from({ length: 30 }, () => member(db))));
    await Promise.all(members.map((m) => startAdvertView(db, m.id, advertId, longAgo())));
    const picks = await attentionChecksAsked(members, advertId);

    const answers = await raceOnBothWorkers(
      members.map((m, i) => ({ client: m.client, path: `/adverts/${advertId}/claim`, form: picks[i]! })),
    );

    expect(countBy(answers, (a) => `${a.status} ${a.toast}`)).toEqual({
      "200 Reward Earned!": 5,
      "200 Advert Completed": 25,
    });
    expect(await escrow()).toBe(0n);
    expect(await claimedViews(advertId)).toBe(campaign.viewsWanted);
    expect(await rewardTransfers(advertId)).toHaveLength(campaign.viewsWanted);
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.status).toBe("completed");
    expect((await balances(db, advertiser.id)).availableKobo).toBe(0n); // nothing left to refund
  });

  it("a worker killed mid-burst of claims and withdrawals: every request answered, none hanging; the worker replaced; nothing paid twice", async () => {
    const members = await signedIn(
      await Promise.all(Array.from({ length: 12 }, () => payee(db, { balanceKobo: 5_000n }))),
    );
    const advertId = await postAdvert(db, advertActor, { maxClicks: 8, rewardKobo: 1_000n });
    await Promise.all(members.map((m) => startAdvertView(db, m.id, advertId, longAgo())));
    const picks = await attentionChecksAsked(members, advertId);

    // Each member, round by round: Claim Reward (with the right pick) twice and four ₦20.00
    // withdrawals on ₦50.00, every other request on a new connection, the rest on the browser's
    // kept-alive ones.
    type Sent = { client: HttpClient; path: string; form: Record<string, string>; answer?: Answer };
    const claim = (client: HttpClient, pick: Record<string, string>): Sent => ({
      client,
      path: `/adverts/${advertId}/claim`,
      form: pick,
    });
    const withdraw = (client: HttpClient): Sent => ({
      client,
      path: "/profile/withdraw",
      form: { amount: "20.00", idempotencyKey: formKey() },
    });
    const plans = members.map((m, i) => [
      claim(m.client, picks[i]!),
      withdraw(m.client),
      withdraw(m.client),
      claim(m.client, picks[i]!),
      withdraw(m.client),
      withdraw(m.client),
    ]);
    const [victim] = app!.workers;
    const sent: Promise<void>[] = [];
    for (let round = 0; round < 6; round++) {
      for (const [i, plan] of plans.entries()) {
        const request = plan[round]!;
        sent.push(
          post(request.client, request.path, request.form, { fresh: (i + round) % 2 === 0 }).then((answer) => {
            request.answer = answer;
          }),
        );
      }
      // SIGKILL, as the kernel's OOM killer or a crash would: while new connections arrive.
      if (round === 1) process.kill(victim!, "SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await Promise.all(sent);

    const requests = plans.flat();
    const hanging = requests.filter((r) => r.answer!.status === "hanging");
    expect(
      hanging.map((r) => `${r.path}: ${r.answer!.error}`),
      "requests left hanging",
    ).toEqual([]);
    for (const r of requests) {
      const a = r.answer!;
      const answered = r.path.endsWith("/claim")
        ? a.status === 200 && ["Reward Earned!", "Already Rewarded", "Advert Completed"].includes(a.toast!)
        : (a.status === 302 && a.location === "/profile") || a.status === 400;
      expect(answered || a.status === "error", JSON.stringify(a)).toBe(true);
    }

    // The primary started another worker; the app answers.
    await until("a replacement worker", () => {
      const pids = childrenOf(app!.primary);
      return pids.length === 2 && !pids.includes(victim!) ? pids : undefined;
    });
    await until("the app to answer", async () => ((await readyStatus(app!.origin)) === 200 ? true : undefined));
    expect(app!.output()).toContain("an app worker stopped; starting another");

    // What lost its connection is sent again (the same form, the same key): answered now.
    for (const r of requests.filter((r) => r.answer!.status === "error")) {
      r.answer = await post(r.client, r.path, r.form, { fresh: true });
      expect([200, 302, 400], JSON.stringify(r.answer)).toContain(r.answer.status);
    }

    // All 8 slots paid, once each; every withdrawal the app acknowledged is stored once, and no
    // member has more held than they had.
    expect(await clicksOf(advertId)).toBe(8);
    expect(await claimedViews(advertId)).toBe(8);
    const rewards = await rewardTransfers(advertId);
    expect(rewards).toHaveLength(8);
    expect(new Set(rewards.map((t) => t.creditAccountId)).size).toBe(8);
    for (const [i, m] of members.entries()) {
      const keys = plans[i]!.filter((r) => r.path === "/profile/withdraw").map((r) => r.form.idempotencyKey!);
      const acknowledged = plans[i]!.filter((r) => r.answer!.status === 302).map((r) => r.form.idempotencyKey!);
      const stored = await db.select().from(withdrawals).where(eq(withdrawals.userId, m.id));
      expect(stored.map((w) => w.idempotencyKey).sort()).toEqual(acknowledged.sort());
      expect(stored.every((w) => keys.includes(w.idempotencyKey) && w.amountKobo === 2_000n)).toBe(true);
      const rewarded = rewards.filter((t) => t.idempotencyKey.endsWith(`:${m.id}`)).length;
      // ₦50.00 covers two; with the ₦10.00 reward in first, three.
      expect(stored.length).toBeGreaterThanOrEqual(2);
      expect(stored.length).toBeLessThanOrEqual(2 + rewarded);
      const held = 2_000n * BigInt(stored.length);
      expect(await balances(db, m.id)).toEqual({
        availableKobo: 5_000n + BigInt(rewarded) * 1_000n - held,
        heldKobo: held,
      });
    }
  }, 60_000);
});
