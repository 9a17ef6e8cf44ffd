import type { ReactNode } from "react";
import { ListFilters, ListSearch } from "~/components/admin/list-controls";
import { MemberLink } from "~/components/admin/user-column";
import { StatusBadge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { REFERRAL_STATUS_BADGES, REFERRAL_STATUSES, type ReferralStatus } from "~/domain/referrals/referral-statuses";
import { listHref } from "~/domain/shared/paging";
import { formatLagosDate } from "~/lib/lagos-time";
import { ReviewHeldActions, type ReviewDecision } from "./review-held";

export const REFERRAL_FILTERS = ["all", ...REFERRAL_STATUSES] as const;
export type ReferralFilter = (typeof REFERRAL_FILTERS)[number];
const FILTER_LABELS: Record<ReferralFilter, string> = {
  all: "All",
  pending: "Pending",
  approved: "Approved",
  held: "Held",
  voided: "Voided",
};

/** The list's search, filter and page, as the address has them. */
export type ReferralListQuery = { q: string; status: ReferralFilter; page: number };

/** One referral as the admin list shows it (money formatted on the server). */
export type AdminReferralRow = {
  id: string;
  referrerId: string;
  referrerName: string;
  referrerEmail: string;
  referredId: string;
  referredName: string;
  referredEmail: string;
  status: ReferralStatus;
  reward: string | null;
  holdReason: string | null;
  /** ISO date-time. */
  createdAt: string;
};

export type AdminReferralPage = {
  referrals: AdminReferralRow[];
  page: number;
  pageCount: number;
  counts: Record<ReferralFilter, number>;
};

/** The address of the list with this search, filter and page (`path`: another route's, or the list's own). */
export function referralListHref(query: ReferralListQuery & Record<string, string | number>, path = "") {
  return listHref({ ...query, status: query.status === "all" ? undefined : query.status }, path);
}

function Person({ id, name, email }: { id: string; name: string; email: string }) {
  return (
    <>
      <MemberLink id={id}>{name}</MemberLink>
      <span className="block break-all text-xs text-gray-500">{email}</span>
    </>
  );
}

const badge = (row: AdminReferralRow) => <StatusBadge status={row.status} badges={REFERRAL_STATUS_BADGES} />;

/** Why the reward is (or will be, while pending) held; kept once it was released or voided. */
function HoldReason({ row }: { row: AdminReferralRow }) {
  if (!row.holdReason) return null;
  return (
    <span className="mt-1 block text-xs text-gray-600">
      {row.status === "pending" ? "Will be held: " : null}
      {row.holdReason}
    </span>
  );
}

/**
 * The referrals: search, status filters with counts, a table on wide screens and one card each on
 * a phone, Release / Void on a held reward, and the pager.
 */
export function AdminReferralList({ query, list }: { query: ReferralListQuery; list: AdminReferralPage }) {
  const { referrals, counts, page, pageCount } = list;
  // The filters and pages name the list itself: the page is also rendered by its forms' routes.
  const href = (changes: Partial<ReferralListQuery>) => referralListHref({ ...query, ...changes }, "/admin/referrals");
  const actions = (row: AdminReferralRow) =>
    row.status === "held" ? (
      <ReviewHeldActions
        row={{ ...row, reward: row.reward ?? "₦0.00" }}
        reviewHref={(decision: ReviewDecision) => referralListHref({ ...query, review: row.id, decision })}
      />
    ) : (
      <>
        <span aria-hidden className="text-gray-400">
          —
        </span>
        <span className="sr-only">No actions</span>
      </>
    );
  const columns: ListColumn<AdminReferralRow>[] = [
    {
      header: "Referrer",
      cell: (row) => <Person id={row.referrerId} name={row.referrerName} email={row.referrerEmail} />,
    },
    {
      header: "Referred",
      cell: (row) => <Person id={row.referredId} name={row.referredName} email={row.referredEmail} />,
    },
    { header: "Date", cell: (row) => formatLagosDate(row.createdAt), className: "whitespace-nowrap" },
    {
      header: "Status",
      cell: (row) => (
        <>
          {badge(row)}
          <HoldReason row={row} />
        </>
      ),
    },
    { header: "Reward", cell: (row) => row.reward ?? "—", className: "whitespace-nowrap" },
    ...(referrals.some((row) => row.status === "held") ? [{ header: "Actions", cell: actions }] : []),
  ];
  return (
    <section aria-labelledby="referrals-heading" className="grid gap-4">
      <h2 id="referrals-heading" className="text-xl font-bold">
        Referrals
      </h2>
      <ListSearch
        id="referral-search"
        label="Search referrals"
        placeholder="Search by name or email"
        q={query.q}
        keep={{ status: query.status !== "all" ? query.status : undefined }}
      />
      <ListFilters
        label="Filter referrals"
        filters={REFERRAL_FILTERS}
        current={query.status}
        labels={FILTER_LABELS}
        counts={counts}
        hrefFor={(filter) => href({ status: filter, page: 1 })}
      />
      <ResponsiveList
        framed
        rows={referrals}
        rowKey={(row) => row.id}
        columns={columns}
        caption="Referrals"
        testId="referrals"
        rowTestId={(row) => `referral-row-${row.referredEmail}`}
        cardTestId={(row) => `referral-card-${row.referredEmail}`}
        card={(row) => <ReferralCard row={row} actions={actions} />}
        empty={
          <Card>
            <p className="text-gray-700">{query.q ? "No referrals match your search." : "No referrals found."}</p>
          </Card>
        }
      />
      <Pager page={page} pageCount={pageCount} hrefFor={(target) => href({ page: target })} />
    </section>
  );
}

/** A phone's card: the referred member and the badge, who referred them, when, the reward, Release / Void. */
function ReferralCard({ row, actions }: { row: AdminReferralRow; actions: (row: AdminReferralRow) => ReactNode }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p>
            <MemberLink id={row.referredId}>{row.referredName}</MemberLink>
          </p>
          <p className="break-all text-sm text-gray-600">{row.referredEmail}</p>
        </div>
        {badge(row)}
      </div>
      <p className="mt-2 text-sm text-gray-700">
        Referred by <MemberLink id={row.referrerId}>{row.referrerName}</MemberLink>{" "}
        <span className="break-all text-gray-500">({row.referrerEmail})</span>
      </p>
      <p className="mt-1 text-xs text-gray-500">
        {formatLagosDate(row.createdAt)} · Reward {row.reward ?? "—"}
      </p>
      <HoldReason row={row} />
      {row.status === "held" ? <div className="mt-3">{actions(row)}</div> : null}
    </>
  );
}
