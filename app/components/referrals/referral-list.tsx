import { StatusBadge } from "~/components/ui/badge";
import { Card, CardTitle } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { REFERRAL_STATUS_BADGES, type ReferralStatus } from "~/domain/referrals/referral-statuses";
import { listHref } from "~/domain/shared/paging";
import { cn } from "~/lib/cn";

export const NO_REFERRALS_TEXT = "You haven't referred anyone yet. Share your referral code to get started!";

/** One referred person as the page shows them: every figure formatted on the server. */
export type ReferralRow = {
  id: string;
  name: string;
  joined: string;
  status: ReferralStatus;
  /** "₦400.00"; "₦0.00" unless approved. */
  reward: string;
};

/** Under an "On hold — under review" badge: what happens next (why it is held is for the admins). */
function HeldNote({ status, className }: { status: ReferralStatus; className?: string }) {
  if (status !== "held") return null;
  return <p className={cn("text-xs text-gray-600", className)}>An admin reviews the reward before it is paid.</p>;
}

const COLUMNS: ListColumn<ReferralRow>[] = [
  { header: "Name", cell: (row) => row.name, className: "break-words font-medium text-gray-900" },
  { header: "Date Joined", cell: (row) => row.joined, className: "whitespace-nowrap text-gray-700" },
  {
    header: "Status",
    cell: (row) => (
      <>
        <StatusBadge status={row.status} badges={REFERRAL_STATUS_BADGES} />
        <HeldNote status={row.status} className="mt-1 max-w-xs" />
      </>
    ),
  },
  { header: "Reward", cell: (row) => row.reward, align: "end", className: "font-medium" },
];

/** A phone's card: the name and badge, then when they joined and the reward. */
function ReferralCard({ row }: { row: ReferralRow }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 break-words font-medium text-gray-900">{row.name}</p>
        <StatusBadge status={row.status} badges={REFERRAL_STATUS_BADGES} />
      </div>
      <HeldNote status={row.status} className="mt-1" />
      <dl className="ui-list-card-fields">
        <dt className="text-gray-600">Joined</dt>
        <dd className="text-right text-gray-900">{row.joined}</dd>
        <dt className="text-gray-600">Reward</dt>
        <dd className="text-right font-medium tabular-nums text-gray-900">{row.reward}</dd>
      </dl>
    </>
  );
}

/** The people the member referred: a table on wide screens, one card each on a phone. */
export function ReferralList({
  rows,
  page,
  pageCount,
  linkParams = {},
}: {
  rows: ReferralRow[];
  page: number;
  pageCount: number;
  /** The page's other query parameters, kept by the Previous / Next links. */
  linkParams?: Record<string, string | undefined>;
}) {
  return (
    <Card aria-labelledby="referred-people-title">
      <CardTitle id="referred-people-title">People you referred</CardTitle>
      {rows.length > 0 && (
        <p className="mt-1 text-sm text-gray-600">
          A referral stays pending until that person&apos;s first membership upgrade is approved. A reward may be put on
          hold for an admin to review.
        </p>
      )}
      <ResponsiveList
        className="mt-4"
        rows={rows}
        rowKey={(row) => row.id}
        columns={COLUMNS}
        card={(row) => <ReferralCard row={row} />}
        caption="People you referred"
        testId="referral"
        empty={<p data-testid="no-referrals">{NO_REFERRALS_TEXT}</p>}
      />
      <Pager
        className="mt-4"
        label="Referral pages"
        page={page}
        pageCount={pageCount}
        hrefFor={(target) => listHref({ ...linkParams, page: target })}
      />
    </Card>
  );
}
