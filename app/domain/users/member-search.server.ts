import { aliasedTable, type Column, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { likeEscape } from "~/domain/shared/paging";

export type MemberSearchField = "name" | "email";

const matched = aliasedTable(users, "matched_member");

/**
 * `memberId` (a column holding a user's id) is one of the users whose name — or email, as
 * `fields` says — contains `term`: case-insensitive, its `%` and `_` taken literally.
 *
 * For an admin list that searches its rows by their members: the members are found first,
 * through the trigram indexes on users.name and users.email (migration 0027; the array is computed
 * once per statement), and the rows then through the index on `memberId`. So the condition is an
 * index probe the planner can OR with the list's other ones (a BitmapOr), where a join to `users`
 * searched by name makes it read the list's table and the users table whole.
 */
export function isMemberMatching(
  db: Database,
  memberId: Column,
  term: string,
  fields: readonly MemberSearchField[],
): SQL {
  const pattern = `%${likeEscape(term)}%`;
  const found = db
    .select({ id: matched.id })
    .from(matched)
    .where(or(...fields.map((field) => ilike(matched[field], pattern))));
  return sql`${memberId} = any(array(${found}))`;
}
