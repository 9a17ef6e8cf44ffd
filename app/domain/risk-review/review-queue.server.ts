import { and, asc, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { accountSignals, advertViews, ledgerAccounts, referrals, riskClusters, users, withdrawals } from "~/db/schema";
import { maskAccountNumber } from "~/domain/banks/nuban";
import { bankNameFor } from "~/domain/banks/bank-details.server";
import { LINKING_KINDS, type SignalKind } from "~/domain/risk/policy";
import { pageWindow, type PageInfo } from "~/domain/shared/paging";
import { DAY_MS, lagosDay } from "~/lib/lagos-time";
import type { ClusterAccount, ReviewCluster, SharedSignal } from "./review-view";

export const RISK_PAGE_SIZE = 10;

/** How far back the review counts an account's wrong picks at the attention check (Lagos days, today included). */
export const FAILED_CHECKS_DAYS = 7;

/**
 * The money a cluster's accounts hold (available and held: pending withdrawals are held) and
 * their held rewards. Written in plain SQL: its subqueries name their own tables.
 */
const atStake = sql<string>`(
  coalesce((select sum(la.balance_kobo) from ledger_accounts la join users u on u.id = la.user_id
    where u.risk_cluster_id = risk_clusters.id and la.kind in ('user_available', 'user_held')), 0)
  + coalesce((select sum(r.reward_kobo) from referrals r join users u on u.id = r.referrer_id
    where u.risk_cluster_id = risk_clusters.id and r.status = 'held'), 0)
)`;

/**
 * Linked accounts waiting for a review (/admin/risk): open clusters, the most money at stake first
 * (then the oldest), RISK_PAGE_SIZE a page, each with its accounts and the signals they share.
 */
export async function listOpenClusters(
  db: Database,
  options: { page?: number } = {},
): Promise<PageInfo & { clusters: ReviewCluster[] }> {
  const total = await db.$count(riskClusters, eq(riskClusters.status, "open"));
  const { offset, limit, ...info } = pageWindow(total, options.page, RISK_PAGE_SIZE);
  const rows = await db
    .select({ id: riskClusters.id })
    .from(riskClusters)
    .where(eq(riskClusters.status, "open"))
    .orderBy(desc(atStake), asc(riskClusters.openedAt), asc(riskClusters.id))
    .limit(limit)
    .offset(offset);
  const clusters = await Promise.all(rows.map((r) => reviewCluster(db, r.id)));
  return { ...info, clusters: clusters.filter((c) => c !== null) };
}

/** One cluster as the review shows it; null when there is none with this id. */
export async function reviewCluster(
  db: Database,
  clusterId: string,
  now: Date = new Date(),
): Promise<ReviewCluster | null> {
  const [cluster] = await db.select().from(riskClusters).where(eq(riskClusters.id, clusterId));
  if (!cluster) return null;
  const members = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      displayId: users.displayId,
      role: users.role,
      isApproved: users.isApproved,
      isRestricted: users.isRestricted,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.riskClusterId, clusterId))
    .orderBy(asc(users.createdAt), asc(users.id));
  const ids = members.map((m) => m.id);
  if (ids.length === 0) return null;
  const [money, pending, held, signals, failed] = await Promise.all([
    db
      .select({ userId: ledgerAccounts.userId, kind: ledgerAccounts.kind, balance: ledgerAccounts.balanceKobo })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.userId, ids)),
    db
      .select({
        id: withdrawals.id,
        userId: withdrawals.userId,
        reference: withdrawals.reference,
        amountKobo: withdrawals.amountKobo,
        status: withdrawals.status,
      })
      .from(withdrawals)
      .where(and(inArray(withdrawals.userId, ids), inArray(withdrawals.status, ["pending", "processing"])))
      .orderBy(asc(withdrawals.requestedAt)),
    db
      .select({ referrerId: referrals.referrerId, reward: sql<string>`coalesce(sum(${referrals.rewardKobo}), 0)` })
      .from(referrals)
      .where(and(inArray(referrals.referrerId, ids), eq(referrals.status, "held")))
      .groupBy(referrals.referrerId),
    db
      .select({
        kind: accountSignals.kind,
        value: accountSignals.value,
        accountIds: sql<string[]>`array_agg(${accountSignals.userId} order by ${accountSignals.userId})`,
        firstSeenAt: sql<Date>`min(${accountSignals.firstSeenAt})`.mapWith(accountSignals.firstSeenAt),
        lastSeenAt: sql<Date>`max(${accountSignals.lastSeenAt})`.mapWith(accountSignals.lastSeenAt),
      })
      .from(accountSignals)
      // What links them: a network or a fingerprint alone says nothing about a person.
      .where(and(inArray(accountSignals.userId, ids), inArray(accountSignals.kind, [...LINKING_KINDS])))
      .groupBy(accountSignals.kind, accountSignals.value)
      .having(sql`count(*) > 1`),
    // Wrong picks at the attention check in the last FAILED_CHECKS_DAYS Lagos days.
    db
      .select({ userId: advertViews.userId, n: count() })
      .from(advertViews)
      .where(
        and(
          inArray(advertViews.userId, ids),
          gte(advertViews.checkFailedDay, lagosDay(new Date(now.getTime() - (FAILED_CHECKS_DAYS - 1) * DAY_MS))),
        ),
      )
      .groupBy(advertViews.userId),
  ]);
  const balanceOf = (id: string, kind: "user_available" | "user_held") =>
    money.find((m) => m.userId === id && m.kind === kind)?.balance ?? 0n;
  const accounts: ClusterAccount[] = members.map((m) => ({
    ...m,
    role: m.role === "advertiser" ? "advertiser" : "user",
    availableKobo: balanceOf(m.id, "user_available"),
    heldKobo: balanceOf(m.id, "user_held"),
    pendingWithdrawals: pending.filter((w) => w.userId === m.id),
    heldRewardKobo: BigInt(held.find((h) => h.referrerId === m.id)?.reward ?? "0"),
    failedChecks: failed.find((f) => f.userId === m.id)?.n ?? 0,
  }));
  const shared: SharedSignal[] = signals.map(({ value, ...s }) => ({ ...s, label: signalLabel(s.kind, value) }));
  return {
    id: cluster.id,
    status: cluster.status,
    openedAt: cluster.openedAt,
    decidedAt: cluster.decidedAt,
    decisionNote: cluster.decisionNote,
    accounts,
    shared,
    atStakeKobo: accounts.reduce((sum, a) => sum + a.availableKobo + a.heldKobo + a.heldRewardKobo, 0n),
  };
}

/** How a shared value reads on the review: enough to tell values apart, never a whole bank number. */
export function signalLabel(kind: SignalKind, value: string): string {
  switch (kind) {
    case "bank_account": {
      const [code = "", number = ""] = value.split(":");
      return `Bank account ${bankNameFor(code)} ${maskAccountNumber(number)}`;
    }
    case "device":
      return `Device ${value.slice(-6)}`;
    case "fingerprint":
      return `Browser fingerprint ${value.slice(0, 8)}`;
    case "email":
      return `Mailbox ${value}`;
    case "network":
      return `Network ${value}`;
    case "network_fingerprint": {
      const [network = "", fingerprint = ""] = value.split("|");
      return `Network ${network} with browser fingerprint ${fingerprint.slice(0, 8)}`;
    }
  }
}
