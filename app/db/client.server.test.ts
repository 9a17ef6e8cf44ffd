import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createEmptyPostgresDatabase, usingPostgres } from "~test/database";
import { openPostgres, rowsOf, runMigrations } from "./client.server";
import { isDatabaseUnavailable } from "./errors.server";

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

/** A new empty database of the test's own, dropped after the file. */
async function emptyDatabase(): Promise<string> {
  const empty = (await createEmptyPostgresDatabase())!;
  drops.push(empty.drop);
  return empty.url;
}

/** A pool of one connection on an empty database, and a second connection to cut it off with. */
async function withPoolOfOne(run: (handle: ReturnType<typeof openPostgres>, admin: pg.Client) => Promise<void>) {
  const url = await emptyDatabase();
  const handle = openPostgres(url, undefined, { max: 1 });
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await run(handle, admin);
  } finally {
    await admin.end();
    await handle.close();
  }
}

describe("runMigrations on PostgreSQL", () => {
  it.runIf(usingPostgres())(
    "lets several app processes start on a new database at once, each with a pool of one",
    async () => {
      const url = await emptyDatabase();
      // One connection each: the migrations run on the connection that holds the advisory lock.
      const handles = [1, 2, 3].map(() => openPostgres(url, undefined, { max: 1 }));
      try {
        const results = await Promise.allSettled(handles.map((h) => runMigrations(h)));
        expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
        // Every migration applied exactly once.
        const result = (await handles[0]!.db.execute(
          sql`select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { n: number; distinct_n: number }[] };
        expect(result.rows[0]!.n).toBeGreaterThan(0);
        expect(result.rows[0]!.n).toBe(result.rows[0]!.distinct_n);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    },
  );
});

describe("a connection lost in the middle of a transaction", () => {
  it.runIf(usingPostgres())(
    "fails that transaction as 'unavailable', is not fatal, and the pool connects afresh",
    async () => {
      await withPoolOfOne(async (handle, admin) => {
        const failed = await handle.db
          .transaction(async (tx) => {
            const [row] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
            await admin.query("select pg_terminate_backend($1)", [row!.pid]);
            await new Promise((r) => setTimeout(r, 100)); // the checked-out client hears of it first
            await tx.execute(sql`select 1`);
          })
          .then(
            () => null,
            (err: unknown) => err,
          );
        // Without a listener on the checked-out client, its 'error' event is an uncaught exception.
        expect(isDatabaseUnavailable(failed)).toBe(true);
        await handle.ping(); // the dead client was discarded; the pool (of one) opened another
      });
    },
  );
});

describe("a connection lost while idle in the pool", () => {
  it.runIf(usingPostgres())(
    "a transaction whose BEGIN fails gives its client back: the pool (of one) still serves",
    async () => {
      await withPoolOfOne(async (handle, admin) => {
        let beginFailed = 0;
        for (let round = 0; round < 20; round++) {
          const [row] = rowsOf<{ pid: number }>(await handle.db.execute(sql`select pg_backend_pid() as pid`));
          // Cut the idle client's connection and start a transaction on it before the pool hears.
          await admin.query("select pg_terminate_backend($1)", [row!.pid]);
          const outcome = await handle.db
            .transaction(async (tx) => tx.execute(sql`select 1`))
            .then(
              () => "ok",
              (err: unknown) => (isDatabaseUnavailable(err) ? "unavailable" : err),
            );
          if (outcome === "unavailable") beginFailed++;
          else expect(outcome).toBe("ok");
          // Never "timeout exceeded when trying to connect": the one client was not kept checked out.
          await handle.db.transaction(async (tx) => tx.execute(sql`select 1`));
        }
        expect(beginFailed).toBeGreaterThan(0); // the case under test happened
      });
    },
    60_000,
  );
});

describe("isDatabaseUnavailable", () => {
  it("counts an unreachable or full server as unavailable (a 503 page), not a wrong query", () => {
    for (const code of ["ECONNREFUSED", "57P01", "57P03", "53300", "08006"]) {
      expect(isDatabaseUnavailable({ code }), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error("query failed", { cause: { code: "53300" } }))).toBe(true);
    for (const code of ["23505", "42P01", "40001"]) expect(isDatabaseUnavailable({ code }), code).toBe(false);
    expect(isDatabaseUnavailable(new Error("syntax error"))).toBe(false);
  });
});
