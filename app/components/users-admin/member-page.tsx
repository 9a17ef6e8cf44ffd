import type { ReactNode } from "react";
import { Link } from "react-router";
import { AuditEntries, type AuditEntryView } from "~/components/admin/audit-log";
import { MemberLink } from "~/components/admin/user-column";
import { StatementList } from "~/components/statement/statement-list";
import { Badge, StatusBadge } from "~/components/ui/badge";
import { ConfirmAction } from "~/components/confirm-action";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import type { StatementItem } from "~/domain/statement/statement-lines";
import { RISK_CLUSTER_STATUS_BADGES, type MemberClusterView } from "~/domain/risk-review/review-view";
import { listHref } from "~/domain/shared/paging";
import { USER_ACCOUNT_STATUS_BADGES, type UserAccountStatus } from "~/domain/users/account-status";
import {
  AddressList,
  MemberReferralList,
  MemberUpgradeList,
  MemberWithdrawalList,
  StatusHistoryList,
  type MemberAddressRow,
  type MemberPerson,
  type MemberReferralRow,
  type MemberStatusChange,
  type MemberUpgradeRow,
  type MemberWithdrawalRow,
} from "./member-lists";
import { UserActions } from "./user-list";

/** The accounts this one is linked to, what they share, and where the review stands. */
function LinkedAccounts({ cluster }: { cluster: MemberClusterView }) {
  return (
    <Section id="linked-accounts" title="Linked accounts">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge status={cluster.status} badges={RISK_CLUSTER_STATUS_BADGES} />
        {cluster.decisionNote ? <span className="text-gray-700">{cluster.decisionNote}</span> : null}
        {cluster.status === "open" ? (
          <Link to="/admin/risk" className="text-brand-700 underline">
            Review on Linked Accounts
          </Link>
        ) : null}
      </div>
      <ul className="grid gap-1 text-sm">
        {cluster.others.map((o) => (
          <li key={o.id}>
            <MemberLink id={o.id}>{o.name}</MemberLink>{" "}
            <span className="font-mono text-xs text-gray-600">{o.displayId}</span>
          </li>
        ))}
      </ul>
      <ul className="grid gap-1 text-sm text-gray-700">
        {cluster.shared.map((s) => (
          <li key={`${s.label}|${s.accounts}`} className="[overflow-wrap:anywhere]">
            {s.label}: {s.accounts} (first seen {s.firstSeen}, last seen {s.lastSeen})
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The member froze their payouts: said first, with the release behind a confirmation. */
function PayoutsFrozen({ member }: { member: MemberPageData["member"] }) {
  return (
    <div role="status" className="grid gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p>
        <strong>Payouts frozen</strong> by the member on {member.payoutsFrozen}: nothing is paid to them by transfer
        until released. Check the bank details changes in the audit entries below first.
      </p>
      <div>
        <ConfirmAction
          trigger={
            <Button size="sm" variant="outline">
              Release payouts
            </Button>
          }
          title="Release payouts?"
          description={`Withdrawals of ${member.name} can be paid again, also automatically.`}
          confirmLabel="Release payouts"
          fields={{ userId: member.id }}
          action={`/admin/users/${encodeURIComponent(member.id)}/release-payouts`}
        />
      </div>
    </div>
  );
}

/** The page parameter of each paged list on the page (each list pages on its own). */
export const MEMBER_PAGE_LISTS = ["statement", "referrals", "withdrawals", "upgrades", "audit"] as const;
export type MemberPageList = (typeof MEMBER_PAGE_LISTS)[number];
export type MemberPages = Record<MemberPageList, number>;

type Paged<Row> = { rows: Row[]; page: number; pageCount: number; total: number };

export type MemberPageData = {
  member: {
    id: string;
    displayId: string;
    name: string;
    email: string;
    advertiser: boolean;
    status: UserAccountStatus;
    tierName: string;
    joined: string;
    emailConfirmed: string | null;
    lastSignIn: string | null;
    referralCode: string;
    referredBy: MemberPerson | null;
    available: string;
    held: string;
    earned: string;
    /** When the member froze their payouts (formatted); null when not frozen. */
    payoutsFrozen: string | null;
  };
  pages: MemberPages;
  /** The accounts this one is linked to (app/domain/risk); null when none. */
  cluster: MemberClusterView | null;
  history: MemberStatusChange[];
  addresses: MemberAddressRow[];
  statement: Paged<StatementItem>;
  referrals: Paged<MemberReferralRow>;
  withdrawals: Paged<MemberWithdrawalRow>;
  upgrades: Paged<MemberUpgradeRow>;
  audit: Paged<AuditEntryView>;
};

const PAGED_LISTS: Record<MemberPageList, { title: string; pagerLabel: string }> = {
  statement: { title: "Statement", pagerLabel: "Statement pages" },
  referrals: { title: "Referrals made", pagerLabel: "Referral pages" },
  withdrawals: { title: "Withdrawals", pagerLabel: "Withdrawal pages" },
  upgrades: { title: "Upgrades", pagerLabel: "Upgrade pages" },
  audit: { title: "Audit entries about this account", pagerLabel: "Audit pages" },
};

/** A part of the page: its heading (an anchor the page's contents link to) and what it holds. */
function Section({ id, title, total, children }: { id: string; title: string; total?: number; children: ReactNode }) {
  return (
    <Card aria-labelledby={`${id}-heading`} id={id} className="grid scroll-mt-4 gap-4">
      <CardTitle id={`${id}-heading`}>
        {title}
        {total ? ` (${total.toLocaleString("en-NG")})` : ""}
      </CardTitle>
      {children}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="break-words font-medium">{children}</dd>
    </div>
  );
}

/** A member's page for admins: who they are, their standing, money, histories and addresses. */
export function MemberPage(data: MemberPageData) {
  const { member, pages } = data;
  /** Another page of one list, the others' pages kept, back at that list's heading. */
  const pageHref = (list: MemberPageList) => (page: number) => {
    const params = Object.fromEntries(
      MEMBER_PAGE_LISTS.map((name) => [name, pages[name] > 1 ? pages[name] : undefined]),
    );
    return `${listHref({ ...params, [list]: page > 1 ? page : undefined })}#${list}`;
  };
  /** A paged list's section: its heading with the count, the list, its own pager. */
  const paged = (list: MemberPageList, body: ReactNode) => (
    <Section id={list} title={PAGED_LISTS[list].title} total={data[list].total}>
      {body}
      <Pager
        page={data[list].page}
        pageCount={data[list].pageCount}
        hrefFor={pageHref(list)}
        label={PAGED_LISTS[list].pagerLabel}
      />
    </Section>
  );
  const sections: [string, string][] = [
    ["statement", "Statement"],
    ...(member.advertiser ? [] : ([["referrals", "Referrals"]] as [string, string][])),
    ["withdrawals", "Withdrawals"],
    ...(member.advertiser ? [] : ([["upgrades", "Upgrades"]] as [string, string][])),
    ["addresses", "Addresses"],
    ["audit", "Audit"],
  ];
  return (
    <div className="grid gap-6">
      <header className="grid gap-3">
        <p className="text-sm">
          <Link to={member.advertiser ? "/admin/advertisers" : "/admin/users"} className="text-brand-700 underline">
            {member.advertiser ? "Back to Advertisers" : "Back to Manage Users"}
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">{member.name}</h1>
          <StatusBadge status={member.status} badges={USER_ACCOUNT_STATUS_BADGES} />
          {member.advertiser ? <Badge tone="blue">Advertiser</Badge> : null}
        </div>
        <p className="break-all text-gray-700">
          {member.email} · <span className="font-mono">{member.displayId}</span>
        </p>
        {member.advertiser ? null : <UserActions row={member} action="/admin/users" />}
        {member.payoutsFrozen ? <PayoutsFrozen member={member} /> : null}
        <nav aria-label="On this page">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {sections.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className="text-brand-700 underline underline-offset-2">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="profile-heading">
          <CardTitle id="profile-heading">Profile</CardTitle>
          <dl className="mt-4 grid gap-3 sm:grid-cols-2">
            <Fact label="Role">{member.advertiser ? "Advertiser" : "Member"}</Fact>
            <Fact label="Membership tier">{member.tierName}</Fact>
            <Fact label="Joined">{member.joined}</Fact>
            <Fact label="Email confirmed">{member.emailConfirmed ?? "Not confirmed"}</Fact>
            <Fact label="Last sign-in">{member.lastSignIn ?? "Never"}</Fact>
            <Fact label="Referral code">
              <span className="font-mono">{member.referralCode}</span>
            </Fact>
            <Fact label="Referred by">
              {member.referredBy ? (
                <>
                  <MemberLink id={member.referredBy.id}>{member.referredBy.name}</MemberLink>{" "}
                  <span className="font-mono text-xs text-gray-600">{member.referredBy.displayId}</span>
                </>
              ) : (
                "No one"
              )}
            </Fact>
          </dl>
        </Card>
        <Card aria-labelledby="money-heading">
          <CardTitle id="money-heading">Balances</CardTitle>
          <dl className="mt-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            <Fact label="Available">
              <span className="tabular-nums text-lg">{member.available}</span>
            </Fact>
            <Fact label="Held (pending withdrawals and upgrades)">
              <span className="tabular-nums text-lg">{member.held}</span>
            </Fact>
            <Fact label="Total earned">
              <span className="tabular-nums text-lg">{member.earned}</span>
            </Fact>
          </dl>
        </Card>
      </div>

      {data.cluster ? <LinkedAccounts cluster={data.cluster} /> : null}
      <Section id="status-history" title="Status history">
        <StatusHistoryList rows={data.history} />
      </Section>
      {paged(
        "statement",
        <StatementList rows={data.statement.rows} emptyText="No money has moved for this account yet." />,
      )}
      {member.advertiser ? null : paged("referrals", <MemberReferralList rows={data.referrals.rows} />)}
      {paged("withdrawals", <MemberWithdrawalList rows={data.withdrawals.rows} />)}
      {member.advertiser ? null : paged("upgrades", <MemberUpgradeList rows={data.upgrades.rows} />)}
      <Section id="addresses" title="Sign-up and sign-in addresses">
        <p className="text-sm text-gray-600">
          An IPv4 address is compared whole, an IPv6 address by its /64 (one home or phone line), as the self-referral
          check does.
        </p>
        <AddressList rows={data.addresses} />
      </Section>
      {paged(
        "audit",
        <AuditEntries
          entries={data.audit.rows}
          caption="Audit entries about this account, newest first"
          empty="No audit entries about this account yet."
        />,
      )}
    </div>
  );
}
