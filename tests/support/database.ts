import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll } from "vitest";
import { migrationsFolder, openPglite, openPostgres, runMigrations, type DatabaseHandle } from "~/db/client.server";
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

/**
 * An empty, unmigrated database for a migration test (PostgreSQL when DATABASE_URL is set, else
 * in-memory PGlite) that can be migrated in steps: `migrateBefore(n)` applies the migrations
 * numbered below n, as a database written before migration n had them; `migrateAll()` the rest,
 * as the app does at its next start. Closed (and dropped) after the file's last test.
 */
export async function openDatabaseToMigrate(): Promise<{
  handle: DatabaseHandle;
  migrateBefore: (n: number) => Promise<void>;
  migrateAll: () => Promise<void>;
}> {
  const empty = await createEmptyPostgresDatabase();
  const handle = empty ? openPostgres(empty.url, undefined, { max: 4 }) : await openPglite("memory");
  const folders: string[] = [];
  afterAll(async () => {
    await handle.close();
    await empty?.drop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });
  const migrateFrom = (folder: string) =>
    handle.kind === "pglite"
      ? migratePglite(handle.db as never, { migrationsFolder: folder })
      : migratePg(handle.db as never, { migrationsFolder: folder });
  return {
    handle,
    migrateBefore: async (n) => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), `adnaira-before-${n}-`));
      folders.push(folder);
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
      const entries = journal.entries.filter((e: { idx: number }) => e.idx < n);
      fs.mkdirSync(path.join(folder, "meta"));
      fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
      for (const e of entries as { tag: string }[]) {
        fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
      }
      await migrateFrom(folder);
    },
    migrateAll: () => migrateFrom(migrationsFolder),
  };
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
