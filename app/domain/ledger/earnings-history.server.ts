import { and, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { adverts, advertViews, ledgerAccounts, ledgerTransfers, referrals, users } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";
import { EARNING_KINDS, type EarningKind } from "./earned-totals.server";

export type EarningsHistoryRow = {
  transferId: string;
  kind: EarningKind;
  earnedAt: Date;
  amountKobo: Kobo;
  /** advert_reward: the advert viewed (null for a reward booked without a view). */
  advertTitle: string | null;
  /** referral_reward: the member whose upgrade paid it. */
  referredName: string | null;
};

/** Rows the profile shows at most; the statement has the rest. */
export const EARNINGS_HISTORY_MAX = 200;

const referred = alias(users, "referred");

/**
 * The member's earnings, newest first (the profile's Earnings history): every advert and
 * referral reward credited to their available account — the transfers earnedTotals adds up, so
 * the history is empty exactly when Total Earnings is ₦0.00 — each with what it was for (the
 * advert viewed, or the referred member whose upgrade paid it). A reward still held for review is
 * not here, as it is not in the total: it has not been paid.
 *
 * One member's reward transfers (the index on credit account and kind), the newest `limit`.
 */
export async function earningsHistory(
  db: Database,
  userId: string,
  options: { limit?: number } = {},
): Promise<EarningsHistoryRow[]> {
  const rows = await db
    .select({
      transferId: ledgerTransfers.id,
      kind: ledgerTransfers.kind,
      earnedAt: ledgerTransfers.createdAt,
      amountKobo: ledgerTransfers.amountKobo,
      advertTitle: adverts.title,
      referredName: referred.name,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.creditAccountId))
    .leftJoin(
      advertViews,
      and(eq(ledgerTransfers.referenceType, "advert_view"), eq(advertViews.id, ledgerTransfers.referenceId)),
    )
    .leftJoin(adverts, eq(adverts.id, advertViews.advertId))
    .leftJoin(
      referrals,
      and(eq(ledgerTransfers.referenceType, "referral"), eq(referrals.id, ledgerTransfers.referenceId)),
    )
    .leftJoin(referred, eq(referred.id, referrals.referredId))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.kind, "user_available"),
        inArray(ledgerTransfers.kind, [...EARNING_KINDS]),
      ),
    )
    .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
    .limit(Math.min(Math.max(1, options.limit ?? 50), EARNINGS_HISTORY_MAX));
  return rows.map((row) => ({ ...row, kind: row.kind as EarningKind }));
}
