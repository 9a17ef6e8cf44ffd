import type { Database } from "./client.server";

/**
 * A read built once per database and sent as a named prepared statement: drizzle's query
 * builder spends CPU building a query each time (docs/performance.md), and PostgreSQL then parses and
 * plans it once per connection instead of on every call. For the reads every page makes (the
 * session, the settings, the dashboard). Values go in through `sql.placeholder`s; placeholders
 * skip the columns' value mapping, so dates are passed as ISO strings, as drizzle sends them.
 *
 * Use it on the pool: inside a transaction each call brings a new connection and nothing is
 * reused (it still works, it just does not save anything).
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
