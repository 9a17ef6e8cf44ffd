import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import lockfile from "proper-lockfile";
import type { Logger } from "pino";
import { isDatabaseUnavailable } from "./errors.server";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a `db.execute(sql…)` result (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs `select 1`; rejects when the database cannot be reached. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * PostgreSQL: runs `fn` while holding a session advisory lock (one process at a time), on the
   * connection that holds it — so it needs no second connection from the pool.
   */
  exclusive?: (lockKey: number, fn: (db: Database) => Promise<void>) => Promise<void>;
};

export class DataDirLockedError extends Error {}

/** PostgreSQL extensions the migrations create (pg_trgm: 0027's trigram indexes), loaded into PGlite. */
const PGLITE_EXTENSIONS = { pg_trgm };

/** Where the committed SQL migrations live (resolved from the project root). */
export const migrationsFolder = path.resolve(process.cwd(), "app/db/migrations");

/**
 * Embedded PGlite in `dataDir` (or in memory for tests). A lock file makes a second
 * process on the same directory fail fast instead of corrupting it.
 */
export async function openPglite(dataDir: string | "memory", log?: Logger): Promise<DatabaseHandle> {
  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (dataDir === "memory") {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  } else {
    fs.mkdirSync(dataDir, { recursive: true });
    const lockTarget = path.resolve(dataDir);
    try {
      release = await lockfile.lock(lockTarget, {
        lockfilePath: path.join(lockTarget, "adnaira.lock"),
        stale: 10_000,
        realpath: false,
        onCompromised: (err) => log?.error({ err }, "data directory lock compromised"),
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ELOCKED") {
        throw new DataDirLockedError(
          `Another AdNaira process is already using the data directory ${lockTarget}. ` +
            `Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      throw err;
    }
    client = new PGlite(path.join(lockTarget, "pgdata"), { extensions: PGLITE_EXTENSIONS });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      await release?.();
    },
  };
}

/**
 * A node-postgres pool. A lost connection (a restarted or failed-over server, an operator's
 * pg_terminate_backend) is logged, never fatal: see {@link keepConnectionErrorsNonFatal}.
 */
export function openPostgres(
  connectionString: string,
  log: Logger | undefined,
  options: { max: number },
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  keepConnectionErrorsNonFatal(pool, log);
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Database;
  db.transaction = transactionsThatReleaseTheirClient(pool);
  let closed = false;
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    exclusive: async (lockKey, fn) => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [lockKey]);
        try {
          await fn(drizzlePg({ client, schema, casing: "snake_case" }) as unknown as Database);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [lockKey]);
        }
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * A pg client whose connection fails emits `'error'`, and an `'error'` event nobody listens to
 * ends the process. pg-pool listens only while a client is idle in the pool: a client checked out
 * (every `db.transaction`, the migration lock) has no listener, so a PostgreSQL restart with a
 * transaction in flight would kill the app. Here every client gets a listener from its first
 * connection to its end. The queries running on it fail (the request answers 503, see
 * isDatabaseUnavailable), and on release the pool sees it is no longer usable and discards it;
 * the next request connects afresh.
 */
export function keepConnectionErrorsNonFatal(pool: pg.Pool, log: Logger | undefined): void {
  pool.on("connect", (client) => {
    client.on("error", (err) => log?.warn({ err }, "database connection lost"));
  });
  // An idle client's failure reaches this too (pg-pool then removes the client): logged above.
  pool.on("error", () => {});
}

/**
 * drizzle's pooled transaction sends BEGIN before the try/finally that releases the client, so a
 * connection lost while idle in the pool (PostgreSQL restarted, a backend terminated) leaks that
 * client when BEGIN fails: a few such failures empty the pool and the app stays down
 * (drizzle-orm#6241, open). Here the pool client is checked out and released by us, a broken one
 * with its error so that the pool destroys it, and drizzle runs the transaction on that one client
 * (where it releases nothing). No schema: transactions use the query builder only.
 */
function transactionsThatReleaseTheirClient(pool: pg.Pool): Database["transaction"] {
  return async (transaction, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const session = drizzlePg({ client, casing: "snake_case" }) as unknown as Database;
      return await session.transaction(transaction, config);
    } catch (err) {
      if (isDatabaseUnavailable(err)) broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  };
}

/** Any constant: app processes starting together on one PostgreSQL take turns migrating. */
const MIGRATION_LOCK_KEY = 7_261_001;

/**
 * Applies the committed migrations. `afterwards` (PostgreSQL) runs on the same connection while
 * it still holds the migration lock: the app role's grants, which collide too when two processes
 * issue them at once ("tuple concurrently updated").
 */
export async function runMigrations(
  handle: DatabaseHandle,
  afterwards?: (db: Database) => Promise<void>,
): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder });
    await afterwards?.(handle.db);
    return;
  }
  // Without the lock, two processes migrating a new database at once collide and one exits.
  const migrate = async (db: Database) => {
    await migratePg(db as never, { migrationsFolder });
    await afterwards?.(db);
  };
  await (handle.exclusive ? handle.exclusive(MIGRATION_LOCK_KEY, migrate) : migrate(handle.db));
}
