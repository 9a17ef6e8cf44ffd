import type { ReferralStatus } from "./referral-statuses";
import { count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { referrals, users } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";
import { onPage, pageWindow, type PageInfo } from "~/domain/shared/paging";

export const MY_REFERRALS_PAGE_SIZE = 20;

/** One person the member referred. */
export type MyReferral = {
  id: string;
  name: string;
  joinedAt: Date;
  /** Pending until the referred member's first upgrade is approved. */
  status: ReferralStatus;
  /** The reward paid for this referral; null unless approved (a held reward is not paid yet). */
  rewardKobo: Kobo | null;
};

export type MyReferrals = {
  code: string;
  /** APP_URL + /register?ref=CODE: the register page pre-fills the code from it. */
  link: string;
  totalReferrals: number;
  /** The rewards of the member's approved referrals (a held or voided reward was never paid). */
  totalEarningsKobo: Kobo;
  referrals: MyReferral[];
  page: PageInfo;
};

/** The member's referral link: the register page under the app's address, with their code. */
export function referralLink(appUrl: URL, code: string): string {
  return new URL(`/register?ref=${encodeURIComponent(code)}`, appUrl).href;
}

/** The member's code and link and the totals, without the list (what the dashboard's card shows). */
export async function referralSummary(
  db: Database,
  userId: string,
  appUrl: URL,
): Promise<Omit<MyReferrals, "referrals" | "page"> | null> {
  const [[member], [totals]] = await Promise.all([
    db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId)),
    db
      .select({
        total: count(),
        earned: sql<string>`coalesce(sum(${referrals.rewardKobo}) filter (where ${referrals.status} = 'approved'), 0)::text`,
      })
      .from(referrals)
      .where(eq(referrals.referrerId, userId)),
  ]);
  if (!member) return null;
  return {
    code: member.code,
    link: referralLink(appUrl, member.code),
    totalReferrals: totals?.total ?? 0,
    totalEarningsKobo: BigInt(totals?.earned ?? "0"),
  };
}

/**
 * The member's referral code and link, their totals, and one page (newest first) of the people
 * who registered with their code. Null for an unknown member.
 */
export async function myReferrals(
  db: Database,
  userId: string,
  options: { appUrl: URL; page?: number },
): Promise<MyReferrals | null> {
  const summary = await referralSummary(db, userId, options.appUrl);
  if (!summary) return null;
  const { page, pageCount, total, ...window } = pageWindow(
    summary.totalReferrals,
    options.page,
    MY_REFERRALS_PAGE_SIZE,
  );
  const newestFirst = db
    .select({
      id: referrals.id,
      name: users.name,
      joinedAt: users.createdAt,
      status: referrals.status,
      rewardKobo: referrals.rewardKobo,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
  const rows = await onPage(newestFirst.$dynamic(), window);
  return {
    ...summary,
    // Never why a reward is held: that is for the admins reviewing it.
    referrals: rows.map((r) => ({ ...r, rewardKobo: r.status === "approved" ? r.rewardKobo : null })),
    page: { page, pageCount, total },
  };
}
