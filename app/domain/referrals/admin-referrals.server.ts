import { aliasedTable, and, count, countDistinct, desc, eq, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rewardsPaid } from "~/domain/stats/platform-totals.server";
import { counterTotals } from "~/domain/stats/rollups.server";
import { referrals, users } from "~/db/schema";
import { onPage, pageWindow } from "~/domain/shared/paging";
import type { Kobo } from "~/domain/shared/money";
import { isMemberMatching } from "~/domain/users/member-search.server";
import type { ReferralStatus } from "./referral-statuses";

export const REFERRALS_PAGE_SIZE = 50;

export type ReferralStats = { totalReferrals: number; totalRewardsPaidKobo: Kobo; activeReferrers: number };

/**
 * The admin statistics: every referral recorded (the `referrals` counter of daily_counts), the
 * rewards paid as the ledger has them (its referral_reward transfers, from ledger_daily_totals),
 * and the members with at least one approved referral. That last one is a count of distinct
 * referrers, which no per-day rollup can sum, so it is counted from the approved referrals, read
 * from their index alone (referrals_approved_referrer_idx; docs/architecture.md names it as the
 * exception).
 */
export async function referralStats(db: Database): Promise<ReferralStats> {
  const [totalReferrals, paid, [active]] = await Promise.all([
    countReferrals(db),
    rewardsPaid(db),
    db
      .select({ referrers: countDistinct(referrals.referrerId) })
      .from(referrals)
      // A literal, so that the partial index (planned with the statement) applies.
      .where(sql`${referrals.status} = 'approved'`),
  ]);
  return {
    totalReferrals,
    totalRewardsPaidKobo: paid.referralKobo,
    activeReferrers: active?.referrers ?? 0,
  };
}

/** Every referral recorded, whatever its status (the admin dashboard's Total Referrals), from its counter. */
export async function countReferrals(db: Database): Promise<number> {
  return (await counterTotals(db, ["referrals"])).referrals;
}

/** Every referral by status, from the kept counters (a status is always one of the four). */
async function statusCounts(db: Database): Promise<Record<ReferralStatus | "all", number>> {
  const kept = await counterTotals(db, [
    "pending_referrals",
    "approved_referrals",
    "held_referrals",
    "voided_referrals",
  ]);
  const counts = {
    pending: kept.pending_referrals,
    approved: kept.approved_referrals,
    held: kept.held_referrals,
    voided: kept.voided_referrals,
  };
  return { all: counts.pending + counts.approved + counts.held + counts.voided, ...counts };
}

const referrer = aliasedTable(users, "referrer");
const referred = aliasedTable(users, "referred");

/**
 * Referrals for the admin table, newest first, 50 a page (clamped to the pages there are):
 * search by the referrer's or the referred member's name or email; filter by status; with the
 * count for every filter.
 */
export async function listReferrals(
  db: Database,
  options: { search?: string; status?: ReferralStatus | "all"; page?: number } = {},
) {
  const term = options.search?.trim().slice(0, 100) ?? "";
  // Either side's members, found by name or email first; the referrals then by their member ids.
  const base = term
    ? or(
        isMemberMatching(db, referrals.referrerId, term, ["name", "email"]),
        isMemberMatching(db, referrals.referredId, term, ["name", "email"]),
      )
    : undefined;
  const status = options.status ?? "all";
  // With a search, the referrals alone (both members always exist: joining them would only read
  // the users table twice).
  const searched = db
    .select({
      all: count(),
      pending: sql<number>`count(*) filter (where ${referrals.status} = 'pending')`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${referrals.status} = 'approved')`.mapWith(Number),
      held: sql<number>`count(*) filter (where ${referrals.status} = 'held')`.mapWith(Number),
      voided: sql<number>`count(*) filter (where ${referrals.status} = 'voided')`.mapWith(Number),
    })
    .from(referrals)
    .where(base);
  // Without a search, the kept counters of each status (daily_counts, migration 0028) instead of a
  // count of every referral.
  const [tally] = base ? await searched : [await statusCounts(db)];
  const counts = tally ?? { all: 0, pending: 0, approved: 0, held: 0, voided: 0 };
  const where = status === "all" ? base : and(base, eq(referrals.status, status));
  const { page, pageCount, total, ...window } = pageWindow(counts[status], options.page, REFERRALS_PAGE_SIZE);
  const newestFirst = db
    .select({
      id: referrals.id,
      referrerId: referrer.id,
      referrerName: referrer.name,
      referrerEmail: referrer.email,
      referredId: referred.id,
      referredName: referred.name,
      referredEmail: referred.email,
      status: referrals.status,
      rewardKobo: referrals.rewardKobo,
      holdReason: referrals.holdReason,
      createdAt: referrals.createdAt,
    })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
    .innerJoin(referred, eq(referred.id, referrals.referredId))
    .where(where)
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
  const rows = await onPage(newestFirst.$dynamic(), window);
  return { referrals: rows, page, pageCount, total, counts };
}

/**
 * One held referral as the Release/Void question shows it (the page asks it without JavaScript
 * too); null when there is none, or it is no longer held.
 */
export async function heldReferral(db: Database, referralId: string) {
  const [row] = await db
    .select({
      id: referrals.id,
      referrerName: referrer.name,
      referrerEmail: referrer.email,
      referredName: referred.name,
      referredEmail: referred.email,
      rewardKobo: referrals.rewardKobo,
      holdReason: referrals.holdReason,
    })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
    .innerJoin(referred, eq(referred.id, referrals.referredId))
    .where(and(eq(referrals.id, referralId), eq(referrals.status, "held")));
  return row ?? null;
}
