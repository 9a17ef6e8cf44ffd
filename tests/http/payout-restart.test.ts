import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, runMigrations, type DatabaseHandle } from "~/db/client.server";
import { payoutJobs, providerTransfers, withdrawals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { seedPlatformAccounts } from "~/domain/ledger/accounts.server";
import { seedDefaultTiers } from "~/domain/memberships/default-tiers";
import { seedDefaultSettings } from "~/domain/settings/app-settings";
import { startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { HttpClient, pageText, redirectToast } from "~test/app";
import { createEmptyPostgresDatabase } from "~test/database";
import { createUser, formKey, payee, setWithdrawalSettings } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { ledgerPaidOutByTransfer, paidOutAtStandin } from "~test/payouts";
import { paystackEnv, startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { readyStatus, startServerProcess, until, type ServerProcess } from "~test/server-process";

/**
 * Issue 38: "Pay selected" queues the withdrawals and the app's payout worker sends them. The
 * process is killed (SIGKILL) while transfers are in flight at a slow Paystack, and started again
 * on the same database: every withdrawal is paid exactly once, every job ends, and the money the
 * provider paid out is the money the ledger booked out.
 */

const MEMBERS = 8;
/** Paystack answers each POST /transfer after this long: the kill lands while some are in flight. */
const TRANSFER_DELAY_MS = 1_500;
/** The senders run in parallel (payout-worker.server.ts): this many transfers are in flight at once. */
const SENDERS = 3;

// PostgreSQL when DATABASE_URL is set, otherwise PGlite in a directory of its own (one process at a time).
const postgres = await createEmptyPostgresDatabase();
const dataDir = postgres ? undefined : mkdtempSync(path.join(tmpdir(), "adnaira-payout-restart-"));
const databaseEnv: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir! };
const openDatabase = async (): Promise<DatabaseHandle> =>
  postgres ? openPostgres(postgres.url, undefined, { max: 4 }) : openPglite(dataDir!);

let standin: PaystackStandin | undefined;
const servers: ServerProcess[] = [];
let handle: DatabaseHandle | undefined;
afterAll(async () => {
  for (const server of servers) await server.stop();
  await standin?.close();
  await handle?.close();
  await postgres?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The built server on the test database with Paystack on (the stand-in), once it answers. */
async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({ ...databaseEnv, ...paystackEnv(standin!) });
  servers.push(server);
  await until(
    "the app to answer",
    async () => ((await readyStatus(server.origin)) === 200 ? true : undefined),
    60_000,
  ).catch((err: Error) => {
    throw new Error(`${err.message}; its output:\n${server.output().slice(-3000)}`);
  });
  return server;
}

describe("the app process killed while a batch of payouts is being sent", () => {
  it("resumes after a restart: each withdrawal paid once, every job done, the provider's payouts equal the ledger's", async () => {
    standin = await startPaystackStandin({
      secretKey: TEST_PAYSTACK_SECRET_KEY,
      resolveAnyAccount: true,
      settleTransfersAfterMs: 500,
      transferDelayMs: TRANSFER_DELAY_MS,
    });

    // Seeded in this process before the server opens the database: an admin who pays
    // withdrawals, and members each with a processing withdrawal.
    const seeding = await openDatabase();
    let admin!: { email: string; password: string };
    const ids: string[] = [];
    try {
      const db = seeding.db;
      await runMigrations(seeding);
      await seedDefaultSettings(db);
      await seedDefaultTiers(db);
      await seedPlatformAccounts(db);
      await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 });
      const adminUser = await createUser(db, { role: "admin", permissions: ["manage_withdrawals"] });
      admin = adminUser;
      const actor: Actor = { id: adminUser.id, role: "admin", permissions: adminUser.permissions, ip: "102.89.7.7" };
      for (let i = 0; i < MEMBERS; i++) {
        const member = await payee(db, { balanceKobo: 10_000n });
        const r = await requestWithdrawal(db, {
          userId: member.id,
          amountKobo: 2_000n + BigInt(i) * 150n,
          idempotencyKey: formKey(),
        });
        if (r.status !== "ok") throw new Error(`requestWithdrawal: ${r.status}`);
        expect(await startProcessing(db, actor, r.withdrawal.id)).toMatchObject({ status: "ok" });
        ids.push(r.withdrawal.id);
      }
    } finally {
      await seeding.close();
    }

    // "Pay selected" with every withdrawal: queued, answered at once.
    const first = await startServer();
    standin.setWebhookUrl(`${first.origin}/webhooks/paystack`);
    const client = new HttpClient(first.origin);
    await client.login(admin.email, admin.password);
    const body = new URLSearchParams([...ids.map((id) => ["withdrawalId", id]), ["returnTo", "/admin/withdrawals"]]);
    const res = await fetch(new URL("/admin/withdrawals/pay", first.origin), {
      method: "POST",
      headers: {
        Cookie: client.cookieHeader(),
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: first.origin,
      },
      body: body.toString(),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("Location")!, first.origin).pathname).toBe("/admin/withdrawals");
    expect(redirectToast(res)).toMatchObject({ type: "success", title: "Payments Queued" });

    // Killed while the first transfers are on their way to Paystack (which still makes them).
    await until(
      `${SENDERS} transfers in flight`,
      () => (standin!.counts.transferPosts >= SENDERS ? true : undefined),
      30_000,
      10,
    );
    first.child.kill("SIGKILL");
    await first.exited;
    const inFlight = standin.counts.transferPosts;
    expect(inFlight).toBe(SENDERS);
    expect(standin.counts.transfersCreated).toBe(0);

    // Paystack makes and settles them; its webhooks find no app. Only then does the app come back,
    // so the in-flight ones are learnt only by the jobs taken again after their lease.
    await until(`the ${inFlight} transfers settled at Paystack`, () =>
      standin!.transfers().filter((t) => t.status === "success").length === inFlight ? true : undefined,
    );
    if (dataDir) {
      // The killed process's lock on the data directory goes stale (proper-lockfile) before it may be opened.
      const lockTarget = path.resolve(dataDir);
      const lockfilePath = path.join(lockTarget, "adnaira.lock");
      await until("the killed process's lock to go stale", async () =>
        (await lockfile.check(lockTarget, { lockfilePath, stale: 10_000, realpath: false })) ? undefined : true,
      );
    }
    const second = await startServer();
    standin.setWebhookUrl(`${second.origin}/webhooks/paystack`);
    const again = new HttpClient(second.origin);
    await again.login(admin.email, admin.password);
    // Every withdrawal Completed and the batch's progress "N paid" (each job done, its transfer paid):
    // the jobs killed mid-send are taken again once their 60 s lease runs out.
    await until(
      "every withdrawal completed and every job done",
      async () => {
        const page = pageText((await again.get("/admin/withdrawals")).body);
        return page.includes(`Completed (${MEMBERS})`) && page.includes(`: ${MEMBERS} paid`) ? true : undefined;
      },
      150_000,
      1_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; the restarted app's output:\n${second.output().slice(-4000)}`);
    });
    await second.stop();
    expect(second.output()).not.toMatch(/"level":(50|60)|uncaught|unhandled/i);

    // Read after the server stopped (PGlite: one process at a time).
    handle = await openDatabase();
    const db = handle.db;
    const rows = await db.select().from(withdrawals);
    expect(rows.map((w) => w.id).sort()).toEqual([...ids].sort());

    // Paid exactly once at Paystack: one transfer per withdrawal, its first attempt, and no POST
    // /transfer beyond one per withdrawal (not even one refused as a duplicate reference).
    const transfers = standin.transfers();
    for (const w of rows) {
      const prefix = `adnaira-${w.reference.toLowerCase()}-`;
      expect(transfers.filter((t) => t.reference.startsWith(prefix)).map((t) => [t.reference, t.status])).toEqual([
        [`${prefix}1`, "success"],
      ]);
      expect(w.status, w.reference).toBe("completed");
    }
    expect(transfers).toHaveLength(MEMBERS);
    expect(standin.counts.transferPosts).toBe(MEMBERS);
    const attempts = await db.select().from(providerTransfers);
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual(Array(MEMBERS).fill([1, "success"]));

    // Every job done; those killed mid-send were taken a second time, the others once.
    const jobs = await db.select().from(payoutJobs);
    expect(jobs).toHaveLength(MEMBERS);
    for (const job of jobs) expect(job.state, JSON.stringify(job)).toBe("done");
    expect(jobs.filter((j) => j.takenCount === 2)).toHaveLength(inFlight);
    expect(jobs.filter((j) => j.takenCount === 1)).toHaveLength(MEMBERS - inFlight);

    // What Paystack paid out is what the ledger booked out: each withdrawal's net amount.
    const paidAtPaystack = paidOutAtStandin(
      standin,
      rows.map((w) => w.reference),
    ).paidOut;
    const booked = await ledgerPaidOutByTransfer(db, ids);
    const net = rows.reduce((sum, w) => sum + w.amountKobo - w.feeKobo, 0n);
    expect({ paidAtPaystack, booked }).toEqual({ paidAtPaystack: net, booked: net });
    await expectBooksBalanced(db);
  }, 240_000);
});
