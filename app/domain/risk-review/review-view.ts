import { formatKobo } from "~/domain/shared/money";
import type { StatusBadges } from "~/domain/shared/status-badges";
import { accountStatusOf, type UserAccountStatus } from "~/domain/users/account-status";
import { WITHDRAWAL_STATUS_BADGES, type WithdrawalStatus } from "~/domain/withdrawals/lifecycle";
import { formatLagosDate, formatLagosDateTime } from "~/lib/lagos-time";
import type { SignalKind } from "~/domain/risk/policy";
import type { Kobo } from "~/domain/shared/money";

/* What the review query reads (review-queue.server.ts). */
export type ClusterAccount = {
  id: string;
  name: string;
  email: string;
  displayId: string;
  role: "user" | "advertiser";
  isApproved: boolean;
  isRestricted: boolean;
  createdAt: Date;
  availableKobo: Kobo;
  heldKobo: Kobo;
  pendingWithdrawals: { id: string; reference: string; amountKobo: Kobo; status: string }[];
  heldRewardKobo: Kobo;
  /** Wrong picks at the attention check in the last week (three in a day flag the member). */
  failedChecks: number;
};

/** A value two or more of the cluster's accounts share, as admins may read it (bank numbers masked). */
export type SharedSignal = {
  kind: SignalKind;
  label: string;
  accountIds: string[];
  firstSeenAt: Date;
  lastSeenAt: Date;
};

export type ReviewCluster = {
  id: string;
  status: "open" | "clear" | "trusted" | "closed";
  openedAt: Date | null;
  decidedAt: Date | null;
  decisionNote: string | null;
  accounts: ClusterAccount[];
  shared: SharedSignal[];
  /** Balances, pending withdrawals' amounts and held rewards of all its accounts. */
  atStakeKobo: Kobo;
};

/** The decisions the review offers, in the page's order. */
export const CLUSTER_DECISIONS = ["trust", "void-rewards", "reject-withdrawals", "restrict"] as const;
export type ClusterDecisionName = (typeof CLUSTER_DECISIONS)[number];

/** One account of a cluster as the review shows it: figures formatted on the server. */
export type ClusterAccountView = {
  id: string;
  name: string;
  email: string;
  displayId: string;
  advertiser: boolean;
  status: UserAccountStatus;
  joined: string;
  available: string;
  held: string;
  heldRewards: string;
  failedChecks: number;
  /** "W7KQ2M9XD ₦500.00 (Pending)" each. */
  pendingWithdrawals: string[];
};

export type SharedSignalView = { label: string; accounts: string; firstSeen: string; lastSeen: string };

export type ClusterView = {
  id: string;
  atStake: string;
  opened: string | null;
  /** How many accounts the page showed: a decision is refused when that changed meanwhile. */
  accountsSeen: number;
  accounts: ClusterAccountView[];
  shared: SharedSignalView[];
  pendingWithdrawalCount: number;
  heldRewardCount: number;
};

/** The review's view of a cluster (no Dates, no bigints: it crosses to the browser). */
export function toClusterView(c: ReviewCluster): ClusterView {
  const nameOf = new Map(c.accounts.map((a) => [a.id, a.name]));
  return {
    id: c.id,
    atStake: formatKobo(c.atStakeKobo),
    opened: c.openedAt ? formatLagosDateTime(c.openedAt) : null,
    accountsSeen: c.accounts.length,
    accounts: c.accounts.map((a) => ({
      id: a.id,
      name: a.name,
      email: a.email,
      displayId: a.displayId,
      advertiser: a.role === "advertiser",
      status: accountStatusOf(a),
      joined: formatLagosDate(a.createdAt),
      available: formatKobo(a.availableKobo),
      held: formatKobo(a.heldKobo),
      heldRewards: formatKobo(a.heldRewardKobo),
      failedChecks: a.failedChecks,
      pendingWithdrawals: a.pendingWithdrawals.map(
        (w) =>
          `${w.reference} ${formatKobo(w.amountKobo)} (${WITHDRAWAL_STATUS_BADGES[w.status as WithdrawalStatus]?.label ?? w.status})`,
      ),
    })),
    shared: c.shared.map((s) => ({
      label: s.label,
      // In the order the accounts are listed (oldest first), not by id.
      accounts: c.accounts
        .filter((a) => s.accountIds.includes(a.id))
        .map((a) => nameOf.get(a.id)!)
        .join(", "),
      firstSeen: formatLagosDateTime(s.firstSeenAt),
      lastSeen: formatLagosDateTime(s.lastSeenAt),
    })),
    pendingWithdrawalCount: c.accounts.reduce(
      (n, a) => n + a.pendingWithdrawals.filter((w) => w.status === "pending").length,
      0,
    ),
    heldRewardCount: c.accounts.filter((a) => a.heldRewardKobo > 0n).length,
  };
}
export const REASON_MAX_LENGTH = 500;

export type RiskClusterStatus = ReviewCluster["status"];

/** A cluster's status as admins read it, wherever it shows (the member's page, the review). */
export const RISK_CLUSTER_STATUS_BADGES = {
  open: { label: "Under review", tone: "yellow" },
  clear: { label: "Within the allowances", tone: "gray" },
  trusted: { label: "Trusted", tone: "green" },
  closed: { label: "Decided", tone: "gray" },
} as const satisfies StatusBadges<RiskClusterStatus>;

/** The member's cluster on their admin page: its status and the other accounts with what they share. */
export type MemberClusterView = {
  status: RiskClusterStatus;
  others: { id: string; name: string; displayId: string }[];
  shared: SharedSignalView[];
  decisionNote: string | null;
};

export function toMemberClusterView(c: ReviewCluster, memberId: string): MemberClusterView {
  const view = toClusterView(c);
  return {
    status: c.status,
    others: c.accounts
      .filter((a) => a.id !== memberId)
      .map((a) => ({ id: a.id, name: a.name, displayId: a.displayId })),
    shared: view.shared,
    decisionNote: c.decisionNote,
  };
}
