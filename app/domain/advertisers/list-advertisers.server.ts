import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { advertiserProfiles, ledgerAccounts, users } from "~/db/schema";
import { likeEscape, onPage, pageWindow } from "~/domain/shared/paging";
import type { Kobo } from "~/domain/shared/money";
import { counterTotals } from "~/domain/stats/rollups.server";
import type { AdvertiserStatus } from "./validation";

export const ADVERTISERS_PAGE_SIZE = 50;

/** The admin's filter: one status, or every advertiser. */
export type AdvertiserFilter = AdvertiserStatus | "all";

/** An advertiser's available balance: its user_available ledger account (0 before any money moved). */
const availableBalance = sql<string>`coalesce(${ledgerAccounts.balanceKobo}, 0)::text`;

/**
 * Every advertiser by status, from the kept counters of their profiles. A profile is an
 * advertiser's: it is written only with its advertiser's account (registerAdvertiser), and no
 * account changes role, so no join with users is needed to count them.
 */
async function statusCounts(db: Database): Promise<Record<AdvertiserFilter, number>> {
  const kept = await counterTotals(db, ["pending_advertisers", "approved_advertisers", "rejected_advertisers"]);
  const counts = {
    pending: kept.pending_advertisers,
    approved: kept.approved_advertisers,
    rejected: kept.rejected_advertisers,
  };
  return { all: counts.pending + counts.approved + counts.rejected, ...counts };
}

/**
 * Advertisers for the admin's page, newest first, 50 a page (the page clamped to the ones there
 * are): business and contact, email, phone, display ID, status, created date and balance (their
 * user_available ledger account), and whether the account is restricted. Search by business name, contact name, email, phone or display
 * ID; filter by status; with the count for every filter.
 */
export async function listAdvertisers(
  db: Database,
  options: { status?: AdvertiserFilter; search?: string; page?: number } = {},
) {
  const filter = options.status ?? "all";
  const term = options.search?.trim().slice(0, 100) ?? "";
  const conditions: SQL[] = [eq(users.role, "advertiser")];
  if (term) {
    const pattern = `%${likeEscape(term)}%`;
    const digits = term.replace(/\D/g, "");
    conditions.push(
      or(
        ilike(advertiserProfiles.businessName, pattern),
        ilike(users.name, pattern),
        ilike(users.email, pattern),
        eq(users.displayId, term.toUpperCase()),
        // A phone typed either way (0803…, +234803…) finds the stored +234 form.
        digits.length >= 4 ? ilike(advertiserProfiles.phone, `%${digits.replace(/^0/, "")}%`) : undefined,
      )!,
    );
  }
  const base = and(...conditions);
  const tallies = db
    .select({
      all: count(),
      pending: sql<number>`count(*) filter (where ${advertiserProfiles.status} = 'pending')`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${advertiserProfiles.status} = 'approved')`.mapWith(Number),
      rejected: sql<number>`count(*) filter (where ${advertiserProfiles.status} = 'rejected')`.mapWith(Number),
    })
    .from(advertiserProfiles)
    .innerJoin(users, eq(users.id, advertiserProfiles.userId))
    .where(base);
  // Without a search, the kept counters of each status (daily_counts, migration 0028) instead of a
  // count of every profile; with one, the advertisers it names.
  const [tally] = term ? await tallies : [await statusCounts(db)];
  const counts: Record<AdvertiserFilter, number> = tally ?? { all: 0, pending: 0, approved: 0, rejected: 0 };
  const { page, pageCount, total, ...window } = pageWindow(counts[filter], options.page, ADVERTISERS_PAGE_SIZE);
  const newestFirst = db
    .select({
      id: users.id,
      displayId: users.displayId,
      name: users.name,
      email: users.email,
      emailConfirmed: sql<boolean>`${users.emailConfirmedAt} is not null`,
      isRestricted: users.isRestricted,
      businessName: advertiserProfiles.businessName,
      phone: advertiserProfiles.phone,
      status: advertiserProfiles.status,
      rejectionReason: advertiserProfiles.rejectionReason,
      createdAt: advertiserProfiles.createdAt,
      balance: availableBalance,
    })
    .from(advertiserProfiles)
    .innerJoin(users, eq(users.id, advertiserProfiles.userId))
    .leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.userId, advertiserProfiles.userId), eq(ledgerAccounts.kind, "user_available")),
    )
    .where(filter === "all" ? base : and(base, eq(advertiserProfiles.status, filter)))
    .orderBy(desc(advertiserProfiles.createdAt), desc(advertiserProfiles.userId));
  const rows = await onPage(newestFirst.$dynamic(), window);
  return {
    advertisers: rows.map(({ balance, ...row }) => ({ ...row, balanceKobo: BigInt(balance) as Kobo })),
    page,
    pageCount,
    total,
    counts,
  };
}

/** One advertiser with its profile, or null (not an advertiser). */
export async function findAdvertiser(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      displayId: users.displayId,
      name: users.name,
      email: users.email,
      businessName: advertiserProfiles.businessName,
      phone: advertiserProfiles.phone,
      status: advertiserProfiles.status,
    })
    .from(advertiserProfiles)
    .innerJoin(users, eq(users.id, advertiserProfiles.userId))
    .where(eq(advertiserProfiles.userId, userId));
  return row ?? null;
}
