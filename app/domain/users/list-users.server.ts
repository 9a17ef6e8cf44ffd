import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { type Database, rowsOf } from "~/db/client.server";
import { membersEarnedTotals } from "~/domain/ledger/earned-totals.server";
import { counterTotals, type DailyCounter } from "~/domain/stats/rollups.server";
import { dailyCounts, users } from "~/db/schema";
import { likeEscape, onPage, pageWindow } from "~/domain/shared/paging";
import type { UserFilter } from "./user-filters";

export const USERS_PAGE_SIZE = 50;

const FILTER_WHERE: Record<UserFilter, SQL | undefined> = {
  all: undefined,
  pending: and(eq(users.isApproved, false), eq(users.isRestricted, false)),
  approved: and(eq(users.isApproved, true), eq(users.isRestricted, false)),
  restricted: eq(users.isRestricted, true),
};

/**
 * Members (role user only) for the admin table: search by name, email, referral code or
 * display ID; filter by state; 50 a page (the page clamped to the ones there are), newest first;
 * with the count for every filter (without a search, from the kept counters: no count of the table). Each member comes with what they have earned in all
 * (`earnedKobo`, as their dashboard's Total Earnings), read for the page's members only.
 */
export async function listUsers(db: Database, options: { search?: string; filter?: UserFilter; page?: number } = {}) {
  const filter = options.filter ?? "all";
  const term = options.search?.trim().slice(0, 100) ?? "";
  const conditions: SQL[] = [eq(users.role, "user")];
  if (term) {
    const pattern = `%${likeEscape(term)}%`;
    const code = term.toUpperCase();
    conditions.push(
      or(
        ilike(users.name, pattern),
        ilike(users.email, pattern),
        eq(users.referralCode, code),
        eq(users.displayId, code),
      )!,
    );
  }
  const base = and(...conditions);
  const filterWhere = FILTER_WHERE[filter];
  const counts = term ? await countMatches(db, base) : await countMembers(db);
  const { page, pageCount, total, ...window } = pageWindow(counts[filter], options.page, USERS_PAGE_SIZE);
  const where = filterWhere ? and(base, filterWhere) : base;
  const rows =
    term && total <= SORT_MATCHES_UP_TO
      ? await onPage(
          db
            .select()
            .from(matchesFirst(db, where))
            .orderBy(({ createdAt, id }) => [desc(createdAt), desc(id)])
            .$dynamic(),
          window,
        ).execute({ fence: 0 })
      : await onPage(
          db.select(LIST_COLUMNS).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).$dynamic(),
          window,
        );
  const earned = await membersEarnedTotals(
    db,
    rows.map((row) => row.id),
  );
  const members = rows.map((row) => ({ ...row, earnedKobo: earned.get(row.id) ?? 0n }));
  return { users: members, page, pageCount, total, counts };
}

const LIST_COLUMNS = {
  id: users.id,
  displayId: users.displayId,
  referralCode: users.referralCode,
  name: users.name,
  email: users.email,
  isApproved: users.isApproved,
  isRestricted: users.isRestricted,
  createdAt: users.createdAt,
};

/**
 * Up to this many matches, a search's page is sorted from its matches. Newest first straight
 * from the sign-up index, PostgreSQL reads members until 50 match, expecting matches spread
 * evenly; a term's matches cluster by sign-up ("Member 42": members 42, 420…, 42,000…), so it
 * read 60,000 of 100,000 members for 1,111 matches (58 ms against 3). Beyond it the matches are
 * dense enough for that read to stop early, and sorting them all would cost more.
 */
const SORT_MATCHES_UP_TO = 10_000;

/**
 * The members `where` matches, found through their indexes (the trigram indexes for a name or
 * email) before they are sorted: an OFFSET keeps PostgreSQL from folding this subquery into the
 * sorted read of the sign-up index. Executed with `{ fence: 0 }`.
 */
const matchesFirst = (db: Database, where: SQL | undefined) =>
  db.select(LIST_COLUMNS).from(users).where(where).offset(sql.placeholder("fence")).as("matches");

type FilterCounts = Record<UserFilter, number>;

/** Every filter's count among the members a search matched (the search's index finds them; an exact count of those). */
async function countMatches(db: Database, where: SQL | undefined): Promise<FilterCounts> {
  const [tally] = await db
    .select({
      all: count(),
      pending: sql<number>`count(*) filter (where not ${users.isApproved} and not ${users.isRestricted})`.mapWith(
        Number,
      ),
      approved: sql<number>`count(*) filter (where ${users.isApproved} and not ${users.isRestricted})`.mapWith(Number),
      restricted: sql<number>`count(*) filter (where ${users.isRestricted})`.mapWith(Number),
    })
    .from(users)
    .where(where);
  return tally ?? { all: 0, pending: 0, approved: 0, restricted: 0 };
}

/**
 * Every filter's count over all members without counting the table: all and pending from the
 * counters kept beside it (daily_counts, as the admin dashboard), restricted from its own partial
 * index (restricted members are few), approved the rest — the four are a partition of the members.
 * One statement, so the figures are of one moment.
 */
async function countMembers(db: Database): Promise<FilterCounts> {
  const counter = (name: DailyCounter) =>
    sql`(select coalesce(sum(${dailyCounts.change}), 0) from ${dailyCounts} where ${dailyCounts.counter} = ${name})`;
  const [row] = rowsOf<{ all: string; pending: string; restricted: string }>(
    await db.execute(sql`select ${counter("members")}::text as "all", ${counter("pending_members")}::text as pending,
      (select count(*) from ${users} where ${users.role} = 'user' and ${users.isRestricted})::text as restricted`),
  );
  const all = Number(row?.all ?? 0);
  const pending = Number(row?.pending ?? 0);
  const restricted = Number(row?.restricted ?? 0);
  return { all, pending, approved: all - pending - restricted, restricted };
}

/**
 * Admin dashboard figures about members (role user): all of them, and those neither approved nor
 * restricted. From the counters kept beside the table (daily_counts), not a count of it.
 */
export async function userStats(db: Database) {
  const totals = await counterTotals(db, ["members", "pending_members"]);
  return { totalUsers: totals.members, pendingApproval: totals.pending_members };
}
