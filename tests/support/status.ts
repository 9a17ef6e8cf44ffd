import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";

type WithStatus = PgTable & { id?: AnyPgColumn; status: AnyPgColumn };

/**
 * The status column of the row of `table` whose `key` column (its id unless told) is `value`;
 * throws when there is no such row.
 */
export async function statusOf<T extends WithStatus>(
  db: Database,
  table: T,
  value: string,
  key: AnyPgColumn = table.id!,
): Promise<T["status"]["_"]["data"]> {
  const [row] = await db
    .select({ status: table.status })
    .from(table as PgTable)
    .where(eq(key, value));
  if (!row) throw new Error(`statusOf: no row with ${key.name} = ${value}`);
  return row.status as T["status"]["_"]["data"];
}
