import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createEmptyPostgresDatabase, usingPostgres } from "~test/database";
import {
  childrenOf,
  freePort,
  readyStatus,
  startClusteredServer,
  startServerProcess,
  until,
  type ServerProcess,
} from "~test/server-process";

// `npm start` with WEB_CONCURRENCY: the built server (server.js) as a real process tree.
const running = new Set<ServerProcess>();
const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const server of running) server.child.kill("SIGKILL");
  running.clear();
  for (const drop of drops.splice(0)) await drop();
});

async function queryOne(url: string, text: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows[0]?.n;
  } finally {
    await client.end();
  }
}

describe("WEB_CONCURRENCY", () => {
  it("refuses several processes on the embedded database, before starting any", async () => {
    const server = await startServerProcess({ WEB_CONCURRENCY: "2", REDIS_URL: "redis://127.0.0.1:6379" });
    running.add(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/WEB_CONCURRENCY: more than one process needs DATABASE_URL/);
  });

  const withServices = usingPostgres() && Boolean(process.env.REDIS_URL);

  /** The app on a fresh database with two workers, ready; its primary's pid and the workers'. */
  async function startTwoWorkers(options: { detached?: boolean } = {}) {
    const database = (await createEmptyPostgresDatabase())!;
    drops.push(database.drop);
    const metricsPort = await freePort();
    const server = await startClusteredServer(
      {
        METRICS_PORT: String(metricsPort),
        DATABASE_URL: database.url,
        REDIS_URL: process.env.REDIS_URL!,
        SUPER_ADMIN_EMAIL: "owner@workers.adnaira.test",
        SUPER_ADMIN_PASSWORD: "a-long-owner-password",
      },
      options,
    );
    running.add(server);
    return { ...server, database, metricsOrigin: `http://127.0.0.1:${metricsPort}` };
  }

  const gone = (pid: number) => {
    try {
      process.kill(pid, 0);
      return false;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === "ESRCH";
    }
  };

  it.runIf(withServices)(
    "two workers share the port, one database set-up and one /metrics; a worker that dies is replaced; SIGTERM stops them all",
    async () => {
      const app = await startTwoWorkers();

      // Both started on one new database: one super admin, one cookie secret and one key for the
      // second factor's offers (each worker reads the other's, rather than making its own).
      const [admins, secrets] = await Promise.all([
        queryOne(app.database.url, "select count(*)::int as n from users where role = 'super_admin'"),
        queryOne(app.database.url, "select count(*)::int as n from server_secrets"),
      ]);
      expect(admins).toBe(1);
      expect(secrets).toBe(2);

      // Requests on many connections reach both workers; /metrics counts all of them, whichever
      // worker answers the scrape.
      const pages = await Promise.all(
        Array.from({ length: 40 }, async () => {
          const res = await fetch(`${app.origin}/login`);
          await res.text();
          return res.status;
        }),
      );
      expect(pages.every((status) => status === 200)).toBe(true);
      const loginCount = async () => {
        const text = await (await fetch(`${app.metricsOrigin}/metrics`)).text();
        return text
          .split("\n")
          .filter((line) => line.startsWith('http_request_duration_seconds_count{method="GET",status="200"}'))
          .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);
      };
      // (A worker counts a response when it has finished writing it: allow it a moment.)
      await until("/metrics to count all 40 pages", async () => ((await loginCount()) >= 40 ? true : undefined), 5_000);
      for (let scrape = 0; scrape < 4; scrape++) expect(await loginCount()).toBeGreaterThanOrEqual(40);

      process.kill(app.workers[0]!, "SIGKILL");
      const replaced = await until("a replacement worker", () => {
        const pids = childrenOf(app.primary);
        return pids.length === 2 && !pids.includes(app.workers[0]!) ? pids : undefined;
      });
      expect(replaced).toContain(app.workers[1]);
      await until("the app to answer after the replacement", async () =>
        (await readyStatus(app.origin)) === 200 ? true : undefined,
      );

      app.child.kill("SIGTERM");
      expect(await app.exited).toBe(0);
      for (const pid of replaced) expect(gone(pid), `worker ${pid} still running`).toBe(true);
      // The only error logged is the worker we killed; no fatal line.
      const errors = app
        .output()
        .split("\n")
        .filter((line) => /"level":(50|60)/.test(line));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain("an app worker stopped; starting another");
    },
    60_000,
  );

  it.runIf(withServices)(
    "Ctrl-C (SIGINT to the whole process group) stops primary and workers cleanly",
    async () => {
      const app = await startTwoWorkers({ detached: true });
      process.kill(-app.primary, "SIGINT");
      expect(await app.exited).toBe(0);
      for (const pid of app.workers) expect(gone(pid), `worker ${pid} still running`).toBe(true);
      expect(app.output()).not.toMatch(/"level":(50|60)/);
    },
    60_000,
  );

  it.runIf(withServices)(
    "workers that cannot start stop the whole server with exit code 1 instead of restarting forever",
    async () => {
      const database = (await createEmptyPostgresDatabase())!;
      await database.drop(); // the URL now names a database that does not exist
      const server = await startServerProcess({
        WEB_CONCURRENCY: "2",
        DATABASE_URL: database.url,
        REDIS_URL: process.env.REDIS_URL!,
      });
      running.add(server);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain("app workers keep stopping right after start");
    },
    60_000,
  );
});
