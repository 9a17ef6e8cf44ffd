import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createEmptyPostgresDatabase, usingPostgres } from "../../tests/support/database";
import { openPostgres, runMigrations } from "./client.server";

describe("runMigrations on PostgreSQL", () => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it.runIf(usingPostgres())("lets several app processes start on a new database at once", async () => {
    const empty = (await createEmptyPostgresDatabase())!;
    drops.push(empty.drop);
    const handles = [1, 2, 3].map(() => openPostgres(empty.url, undefined, { max: 3 }));
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
  });
});
