import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";
import { openPglite, openPostgres, runMigrations, type DatabaseHandle } from "~/db/client.server";
import { databaseErrorOf } from "~/db/errors.server";
import { seedPlatformAccounts } from "~/domain/ledger/accounts.server";
import { seedDefaultTiers } from "~/domain/memberships/default-tiers";
import { seedDefaultSettings } from "~/domain/settings/app-settings";

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a
 * new database on the PostgreSQL server named by DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(options: { seed?: boolean; poolSize?: number } = {}): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  let handle: DatabaseHandle;
  if (!url) {
    handle = await openPglite("memory");
  } else {
    const name = `adnaira_test_${randomBytes(6).toString("hex")}`;
    await adminQuery(url, `create database ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const inner = openPostgres(dbUrl.href, undefined, { max: options.poolSize ?? 20 });
    handle = {
      ...inner,
      close: async () => {
        await inner.close();
        await adminQuery(url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  await runMigrations(handle);
  if (options.seed ?? true) {
    await seedDefaultSettings(handle.db);
    await seedDefaultTiers(handle.db);
    await seedPlatformAccounts(handle.db);
  }
  return handle;
}

/**
 * This test file's own database (see createTestDatabase), closed after the file's last test.
 * Awaited at the top of the file (`const { db } = await openTestDatabase()`), so every hook and
 * test can use `db` as a constant.
 */
export async function openTestDatabase(
  options: Parameters<typeof createTestDatabase>[0] = {},
): Promise<DatabaseHandle> {
  const handle = await createTestDatabase(options);
  afterAll(() => handle.close());
  return handle;
}

/** A connection string for a fresh empty database (PostgreSQL runs only), dropped by `drop`. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const name = `adnaira_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return { url: dbUrl.href, drop: () => adminQuery(url, `drop database if exists ${name} with (force)`) };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export const usingPostgres = () => Boolean(process.env.DATABASE_URL);

/** Resolves with the database error a statement failed with (fails the test if it succeeded). */
export async function databaseError(query: Promise<unknown>): Promise<{ code?: string; message: string }> {
  const err = await query.then(
    () => {
      throw new Error("the statement succeeded but should have been refused");
    },
    (e: unknown) => e,
  );
  return databaseErrorOf(err) ?? { message: String((err as Error).message) };
}
