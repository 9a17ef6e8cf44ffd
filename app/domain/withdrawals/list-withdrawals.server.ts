import { aliasedTable, and, type Column, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { linkedUnderReview } from "~/domain/risk/clusters.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { advertiserProfiles, users, withdrawals } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";
import { isMemberMatching } from "~/domain/users/member-search.server";
import { likeEscape, onPage, type PageInfo, pageWindow } from "~/domain/shared/paging";
import type { WithdrawalStatus } from "./lifecycle";
import type { RequestedWithdrawal } from "./request-withdrawal.server";

export type MemberWithdrawal = RequestedWithdrawal & {
  requestedAt: Date;
  /** Set only once completed. */
  processedAt: Date | null;
  bankName: string;
  /** The member sees their account number masked: only these 4 digits leave the server. */
  accountNumberLast4: string;
  /** The code of the Paystack transfer paying (or that paid) it; null otherwise. */
  transferCode: string | null;
  /** Pending while the member's linked accounts wait for a review: the member sees "Under review", never why. */
  underReview: boolean;
};

const memberWithdrawalsQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: withdrawals.id,
      reference: withdrawals.reference,
      amountKobo: withdrawals.amountKobo,
      feeKobo: withdrawals.feeKobo,
      status: withdrawals.status,
      requestedAt: withdrawals.requestedAt,
      processedAt: withdrawals.processedAt,
      bankName: withdrawals.bankName,
      accountNumberLast4: sql<string>`right(${withdrawals.accountNumber}, 4)`,
      transferCode: withdrawals.transferCode,
    })
    .from(withdrawals)
    .where(eq(withdrawals.userId, sql.placeholder("userId")))
    .orderBy(desc(withdrawals.requestedAt), desc(withdrawals.id))
    .limit(sql.placeholder("limit"))
    .prepare("member_withdrawals"),
);

/** A member's own withdrawals, newest first (dashboard and profile history). 50 unless told, at most 200. */
export async function listMemberWithdrawals(
  db: Database,
  userId: string,
  options: { limit?: number } = {},
): Promise<MemberWithdrawal[]> {
  const limit = Math.min(Math.max(1, Math.trunc(options.limit ?? 50)), 200);
  const [rows, reviewed] = await Promise.all([
    memberWithdrawalsQuery(db).execute({ userId, limit }),
    linkedUnderReview(db, [userId], { lock: false }),
  ]);
  return rows.map(({ amountKobo, feeKobo, ...rest }) => ({
    ...rest,
    amountKobo,
    feeKobo,
    netKobo: amountKobo - feeKobo,
    underReview: reviewed && rest.status === "pending",
  }));
}

export type AdminWithdrawal = {
  id: string;
  reference: string;
  userId: string;
  userName: string;
  userEmail: string;
  userDisplayId: string;
  /** An advertiser's business name (their balance paid back); null for a member. */
  businessName: string | null;
  amountKobo: Kobo;
  feeKobo: Kobo;
  netKobo: Kobo;
  status: WithdrawalStatus;
  /** The bank details copied when the withdrawal was requested (what the payout must use). */
  bankName: string;
  bankCode: string;
  accountNumber: string;
  accountHolderName: string;
  requestedAt: Date;
  processedAt: Date | null;
  /** The payout file ("PB…") it was downloaded in; null until then. */
  payoutBatch: string | null;
  /** Paid (or being paid) by transfer through the provider: its code and when it was sent. */
  transferCode: string | null;
  sentAt: Date | null;
  /** Why its last transfer failed or was reversed (it is processing again). */
  transferFailureReason: string | null;
  /** Why the automatic payout left it for an admin; null when it did not look. */
  autoPayHold: string | null;
  /** Its member froze their payouts: nothing is paid to them by transfer until an admin releases it. */
  payoutsFrozen: boolean;
};

export type WithdrawalCounts = Record<WithdrawalStatus | "all", number>;

/** `total`: the rows matching the search and the status filter. */
export type AdminWithdrawalPage = PageInfo & {
  rows: AdminWithdrawal[];
  /** Per status (and all) for the search, whatever the status filter: the filter buttons' counts. */
  counts: WithdrawalCounts;
};

export const WITHDRAWALS_PAGE_SIZE = 25;

/**
 * Withdrawal Requests (admin): search by member name or advertiser's business name (case-insensitive substring, wildcards
 * taken literally; a withdrawal reference such as "W7KQ2M9XD", or a payout file such as
 * "PB7KQ2M9XD", also matches exactly), filter by status, newest first, `pageSize` (25) a page, with the count for every status.
 */
export async function listWithdrawalsForAdmin(
  db: Database,
  options: { search?: string; status?: WithdrawalStatus; page?: number; pageSize?: number } = {},
): Promise<AdminWithdrawalPage> {
  const pageSize = Math.min(Math.max(1, Math.trunc(options.pageSize ?? WITHDRAWALS_PAGE_SIZE)), 100);
  const term = options.search?.trim().slice(0, 100) ?? "";
  const searchWhere: SQL | undefined = term ? searchFor(db, term) : undefined;

  const n = (status: WithdrawalStatus) =>
    sql<number>`count(*) filter (where ${withdrawals.status} = ${status})`.mapWith(Number);
  // The withdrawals alone, searched or not (the search names its members by id: no join).
  const [tally] = await db
    .select({
      all: count(),
      pending: n("pending"),
      processing: n("processing"),
      completed: n("completed"),
      rejected: n("rejected"),
      sent: n("sent"),
    })
    .from(withdrawals)
    .where(searchWhere);
  const counts: WithdrawalCounts = tally ?? { all: 0, pending: 0, processing: 0, completed: 0, rejected: 0, sent: 0 };

  const total = options.status ? counts[options.status] : counts.all;
  const { page, pageCount, ...window } = pageWindow(total, options.page, pageSize);
  const where = and(searchWhere, options.status ? eq(withdrawals.status, options.status) : undefined);

  const newestFirst = db
    .select({
      id: withdrawals.id,
      reference: withdrawals.reference,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      userDisplayId: users.displayId,
      // Read for the page's rows only, after the sort (joined before it, a search read every advertiser).
      businessName: sql<string | null>`(${businessNameOf(db, withdrawals.userId)})`,
      amountKobo: withdrawals.amountKobo,
      feeKobo: withdrawals.feeKobo,
      status: withdrawals.status,
      bankName: withdrawals.bankName,
      bankCode: withdrawals.bankCode,
      accountNumber: withdrawals.accountNumber,
      accountHolderName: withdrawals.accountHolderName,
      requestedAt: withdrawals.requestedAt,
      processedAt: withdrawals.processedAt,
      payoutBatch: withdrawals.payoutBatch,
      transferCode: withdrawals.transferCode,
      sentAt: withdrawals.sentAt,
      transferFailureReason: withdrawals.transferFailureReason,
      autoPayHold: withdrawals.autoPayHold,
      payoutsFrozen: sql<boolean>`${users.payoutsFrozenAt} is not null`,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .orderBy(desc(withdrawals.requestedAt), desc(withdrawals.id));
  const rows = await onPage(newestFirst.$dynamic(), window);

  return {
    rows: rows.map((r) => ({ ...r, netKobo: r.amountKobo - r.feeKobo })),
    total,
    page,
    pageCount,
    counts,
  };
}

const business = aliasedTable(advertiserProfiles, "business");

/** The business name of the advertiser `userId` names: null for a member. */
const businessNameOf = (db: Database, userId: Column) =>
  db.select({ name: business.businessName }).from(business).where(eq(business.userId, userId));

/**
 * The withdrawals a search names, each way an index probe the planner can OR with the others: by
 * their member's name or their advertiser's business name (the members and advertisers found
 * first, the withdrawals then by withdrawals_user_requested_idx), by reference or by payout file.
 * Business names have their trigram index too (migration 0029).
 */
function searchFor(db: Database, term: string): SQL | undefined {
  const code = term.toUpperCase();
  const businesses = db
    .select({ userId: business.userId })
    .from(business)
    .where(ilike(business.businessName, `%${likeEscape(term)}%`));
  return or(
    isMemberMatching(db, withdrawals.userId, term, ["name"]),
    sql`${withdrawals.userId} = any(array(${businesses}))`,
    eq(withdrawals.reference, code),
    eq(withdrawals.payoutBatch, code),
  );
}

/** The admin dashboard's Pending Withdrawals card. */
export async function countPendingWithdrawals(db: Database): Promise<number> {
  return db.$count(withdrawals, eq(withdrawals.status, "pending"));
}
