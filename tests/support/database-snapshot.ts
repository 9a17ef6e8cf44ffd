import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "~/db/client.server";

/** Columns left out of a table's checksum, by table: only what reading may legitimately write. */
export type IgnoredColumns = Record<string, readonly string[]>;

/** Every table's row count and checksum, by "schema.table". */
export type DatabaseSnapshot = Record<string, { rows: number; checksum: string }>;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Every table of the application's database (every schema but PostgreSQL's own). */
export async function listTables(db: Database): Promise<{ schema: string; table: string; columns: string[] }[]> {
  const rows = rowsOf<{ schema: string; table: string; column: string }>(
    await db.execute(sql`
      select c.table_schema as schema, c.table_name as table, c.column_name as column
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
      order by c.table_schema, c.table_name, c.ordinal_position`),
  );
  const tables = new Map<string, { schema: string; table: string; columns: string[] }>();
  for (const row of rows) {
    const key = `${row.schema}.${row.table}`;
    if (!tables.has(key)) tables.set(key, { schema: row.schema, table: row.table, columns: [] });
    tables.get(key)!.columns.push(row.column);
  }
  return [...tables.values()];
}

/**
 * Row count and an md5 of every row's content (as JSON, minus the ignored columns, in a fixed
 * order) of every table, in one query. Two snapshots are equal exactly when no row was added,
 * removed or changed outside the ignored columns. The query is built from the tables there are
 * on the first call; `snapshot()` runs it.
 */
export function databaseSnapshots(
  db: Database,
  ignored: IgnoredColumns = {},
): { snapshot: () => Promise<DatabaseSnapshot> } {
  let query: Promise<string> | undefined;
  const build = async () => {
    const tables = await listTables(db);
    for (const [table, skip] of Object.entries(ignored)) {
      const found = tables.find((t) => t.table === table);
      const unknown = skip.filter((column) => !found?.columns.includes(column));
      if (unknown.length > 0) throw new Error(`there is no ${table}.${unknown.join(`, ${table}.`)} to ignore`);
    }
    return tables
      .map(({ schema, table }) => {
        const row = (ignored[table] ?? []).reduce((expr, column) => `${expr} - ${quoteLiteral(column)}`, "to_jsonb(t)");
        return `select ${quoteLiteral(`${schema}.${table}`)} as name, count(*)::int as rows,
          md5(coalesce(string_agg(r.line, E'\\n' order by r.line), '')) as checksum
          from (select (${row})::text as line from ${quoteIdent(schema)}.${quoteIdent(table)} t) r`;
      })
      .join("\nunion all\n");
  };
  return {
    async snapshot() {
      query ??= build();
      const result = rowsOf<{ name: string; rows: number; checksum: string }>(await db.execute(sql.raw(await query)));
      return Object.fromEntries(result.map(({ name, rows, checksum }) => [name, { rows: Number(rows), checksum }]));
    },
  };
}

/** The tables whose count or checksum differs between two snapshots. */
export function changedTables(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => before[name]?.rows !== after[name]?.rows || before[name]?.checksum !== after[name]?.checksum)
    .map((name) => `${name} (${before[name]?.rows ?? "-"} → ${after[name]?.rows ?? "-"} rows)`);
}
