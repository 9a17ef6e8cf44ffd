import { MemberLink } from "~/components/admin/user-column";
import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { Badge, StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import {
  REASON_MAX_LENGTH,
  type ClusterDecisionName,
  type ClusterView,
  type SharedSignalView,
  type ClusterAccountView,
} from "~/domain/risk-review/review-view";
import { USER_ACCOUNT_STATUS_BADGES } from "~/domain/users/account-status";

/** Where the decisions post (app/routes/admin/risk/decide.tsx). */
export const DECIDE_ACTION = "/admin/risk/decide";

const DECISION_TEXTS: Record<
  ClusterDecisionName,
  {
    button: string;
    title: string;
    describe: (c: ClusterView) => string;
    confirm: string;
    reason?: string;
    destructive?: boolean;
  }
> = {
  trust: {
    button: "Trust",
    title: "Trust these linked accounts?",
    describe: (c) =>
      `The ${c.accountsSeen} accounts stop being held for their links: automatic payouts and new referral rewards go on as for anyone. Held rewards and pending withdrawals stay for their own review. An account that joins later opens the review again.`,
    confirm: "Trust",
    reason: "Why they are fine (for example: a family sharing a phone)",
  },
  "void-rewards": {
    button: "Void held rewards",
    title: "Void the held referral rewards between them?",
    describe: () => "The referral rewards held between these accounts are never paid. Nothing else changes.",
    confirm: "Void held rewards",
    destructive: true,
  },
  "reject-withdrawals": {
    button: "Reject pending withdrawals",
    title: "Reject their pending withdrawals?",
    describe: (c) =>
      `${c.pendingWithdrawalCount} pending withdrawal${c.pendingWithdrawalCount === 1 ? "" : "s"} will be rejected and the amounts returned to each member's balance.`,
    confirm: "Reject withdrawals",
    reason: "Reason (kept in the audit log)",
    destructive: true,
  },
  restrict: {
    button: "Restrict all",
    title: "Restrict all these accounts?",
    describe: (c) =>
      `All ${c.accountsSeen} accounts are restricted and signed out at once. Their money stays where it is.`,
    confirm: "Restrict all",
    destructive: true,
  },
};

function ReasonField({ label, id }: { label: string; id: string }) {
  return (
    <label className="grid gap-1 text-sm font-medium" htmlFor={id}>
      {label}
      <textarea
        id={id}
        name="reason"
        required
        maxLength={REASON_MAX_LENGTH}
        rows={3}
        className="rounded-md border border-gray-300 p-2 text-base font-normal"
      />
    </label>
  );
}

const fieldsOf = (cluster: ClusterView, decision: ClusterDecisionName) => ({
  clusterId: cluster.id,
  decision,
  accountsSeen: String(cluster.accountsSeen),
});

/** The page's link for a decision without JavaScript: the same question as a card on the page. */
export const confirmHref = (clusterId: string, decision: ClusterDecisionName, page: number) =>
  `/admin/risk?${new URLSearchParams({ cluster: clusterId, confirm: decision, ...(page > 1 ? { page: String(page) } : {}) })}`;

function Decisions({ cluster, page }: { cluster: ClusterView; page: number }) {
  return (
    <div className="flex flex-wrap gap-2">
      {(Object.keys(DECISION_TEXTS) as ClusterDecisionName[]).map((decision) => {
        const texts = DECISION_TEXTS[decision];
        if (decision === "reject-withdrawals" && cluster.pendingWithdrawalCount === 0) return null;
        if (decision === "void-rewards" && cluster.heldRewardCount === 0) return null;
        return (
          <ConfirmAction
            key={decision}
            trigger={
              <Button
                size="sm"
                variant={texts.destructive ? "outline" : "default"}
                className={texts.destructive ? "text-red-700" : undefined}
              >
                {texts.button}
              </Button>
            }
            fallbackHref={confirmHref(cluster.id, decision, page)}
            title={texts.title}
            description={texts.describe(cluster)}
            confirmLabel={texts.confirm}
            fields={fieldsOf(cluster, decision)}
            action={DECIDE_ACTION}
            destructive={texts.destructive}
            body={
              texts.reason ? <ReasonField label={texts.reason} id={`reason-${cluster.id}-${decision}`} /> : undefined
            }
          />
        );
      })}
    </div>
  );
}

/** The question as a card on the page, for the buttons' links followed without JavaScript. */
export function DecisionPanel({
  cluster,
  decision,
  page,
}: {
  cluster: ClusterView;
  decision: ClusterDecisionName;
  page: number;
}) {
  const texts = DECISION_TEXTS[decision];
  return (
    <ConfirmPanel
      title={texts.title}
      description={texts.describe(cluster)}
      confirmLabel={texts.confirm}
      fields={fieldsOf(cluster, decision)}
      action={DECIDE_ACTION}
      cancelHref={page > 1 ? `/admin/risk?page=${page}` : "/admin/risk"}
      destructive={texts.destructive}
      body={texts.reason ? <ReasonField label={texts.reason} id={`panel-reason-${decision}`} /> : undefined}
    />
  );
}

const ACCOUNT_COLUMNS: ListColumn<ClusterAccountView>[] = [
  {
    header: "Account",
    cell: (a) => (
      <>
        <MemberLink id={a.id}>{a.name}</MemberLink>
        {a.advertiser ? (
          <Badge tone="blue" className="ml-2">
            Advertiser
          </Badge>
        ) : null}
        <span className="block break-all text-xs text-gray-600">{a.email}</span>
        <span className="block font-mono text-xs text-gray-500">{a.displayId}</span>
      </>
    ),
    hideInCard: true,
  },
  {
    header: "Status",
    cell: (a) => <StatusBadge status={a.status} badges={USER_ACCOUNT_STATUS_BADGES} />,
    hideInCard: true,
  },
  { header: "Joined", cell: (a) => a.joined, className: "whitespace-nowrap" },
  { header: "Available", cell: (a) => a.available, align: "end" },
  { header: "Held", cell: (a) => a.held, align: "end" },
  { header: "Held rewards", cell: (a) => a.heldRewards, align: "end" },
  { header: "Wrong answers (7 days)", cell: (a) => a.failedChecks, align: "end" },
  {
    header: "Pending withdrawals",
    cell: (a) =>
      a.pendingWithdrawals.length === 0
        ? "None"
        : a.pendingWithdrawals.map((w) => (
            <span key={w} className="block">
              {w}
            </span>
          )),
    // Label over value on a phone: a reference and an amount do not fit beside the label.
    stackInCard: true,
  },
];

const SIGNAL_COLUMNS: ListColumn<SharedSignalView>[] = [
  { header: "Shared", cell: (s) => s.label, className: "[overflow-wrap:anywhere]" },
  { header: "By", cell: (s) => s.accounts, className: "[overflow-wrap:anywhere]" },
  { header: "First seen", cell: (s) => s.firstSeen, className: "whitespace-nowrap" },
  { header: "Last seen", cell: (s) => s.lastSeen, className: "whitespace-nowrap" },
];

/** One cluster of linked accounts on the review: what they share, who they are, the decisions. */
export function ClusterCard({ cluster, page }: { cluster: ClusterView; page: number }) {
  const titleId = `cluster-${cluster.id}`;
  return (
    <Card aria-labelledby={titleId} data-testid={`cluster-${cluster.id}`}>
      <CardTitle id={titleId}>
        {cluster.accountsSeen === 1 ? "1 account" : `${cluster.accountsSeen} linked accounts`} · {cluster.atStake} at
        stake
      </CardTitle>
      <CardDescription>
        {cluster.opened ? `Waiting for a review since ${cluster.opened}.` : "Waiting for a review."}
      </CardDescription>
      <div className="mt-4 grid gap-4">
        <ResponsiveList
          rows={cluster.shared}
          rowKey={(s) => `${s.label}|${s.accounts}`}
          columns={SIGNAL_COLUMNS}
          caption="What they share"
          empty={
            <p className="text-sm text-gray-700">
              {cluster.accountsSeen === 1
                ? "Not linked to another account: flagged for wrong answers to attention checks."
                : "Nothing shared any more."}
            </p>
          }
        />
        <ResponsiveList
          rows={cluster.accounts}
          rowKey={(a) => a.id}
          columns={ACCOUNT_COLUMNS}
          caption="The accounts"
          empty={<p className="text-sm text-gray-700">No accounts.</p>}
          cardHeader={(a) => (
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <MemberLink id={a.id}>{a.name}</MemberLink>
                <p className="break-all text-gray-600">{a.email}</p>
              </div>
              <StatusBadge status={a.status} badges={USER_ACCOUNT_STATUS_BADGES} />
            </div>
          )}
        />
        <Decisions cluster={cluster} page={page} />
      </div>
    </Card>
  );
}
