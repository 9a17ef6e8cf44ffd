import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import type { ReferralStatus } from "~/domain/referrals/referral-statuses";
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

const STATUS_BADGES = {
  pending: { tone: "yellow", label: "Pending" },
  approved: { tone: "green", label: "Approved" },
  // Why it is held is for the admins reviewing it: the referrer is only told it is under review.
  held: { tone: "yellow", label: "On hold — under review" },
  voided: { tone: "gray", label: "Voided" },
} as const satisfies Record<ReferralStatus, { tone: string; label: string }>;

function ReferralStatusBadge({ status }: { status: ReferralStatus }) {
  const badge = STATUS_BADGES[status];
  return (
    <Badge tone={badge.tone} data-status={status} className="shrink-0 whitespace-nowrap">
      {badge.label}
    </Badge>
  );
}

/** Under an "On hold — under review" badge: what happens next. */
function HeldNote({ status, className }: { status: ReferralStatus; className?: string }) {
  if (status !== "held") return null;
  return <p className={cn("text-xs text-gray-600", className)}>An admin reviews the reward before it is paid.</p>;
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
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600" data-testid="no-referrals">
          {NO_REFERRALS_TEXT}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-600">
            A referral stays pending until that person&apos;s first membership upgrade is approved. A reward may be put
            on hold for an admin to review.
          </p>
          <ul className="mt-4 grid gap-3 sm:hidden" data-testid="referral-cards">
            {rows.map((row) => (
              <li key={row.id} className="rounded-md border border-gray-200 p-3">
                <div className="flex items-start justify-between gap-2">
                  <p className="min-w-0 break-words font-medium text-gray-900">{row.name}</p>
                  <ReferralStatusBadge status={row.status} />
                </div>
                <HeldNote status={row.status} className="mt-1" />
                <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
                  <dt className="text-gray-600">Joined</dt>
                  <dd className="text-right text-gray-900">{row.joined}</dd>
                  <dt className="text-gray-600">Reward</dt>
                  <dd className="text-right font-medium tabular-nums text-gray-900">{row.reward}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <div className="mt-4 hidden sm:block">
            <table className="w-full text-left text-sm" data-testid="referral-table">
              <thead className="border-b border-gray-200 text-gray-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Date Joined
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Reward
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b border-gray-100 last:border-0">
                    <td className="break-words py-2 pr-3 font-medium text-gray-900">{row.name}</td>
                    <td className="whitespace-nowrap py-2 pr-3 text-gray-700">{row.joined}</td>
                    <td className="py-2 pr-3">
                      <ReferralStatusBadge status={row.status} />
                      <HeldNote status={row.status} className="mt-1 max-w-xs" />
                    </td>
                    <td className="whitespace-nowrap py-2 text-right font-medium tabular-nums">{row.reward}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ReferralPagination page={page} pageCount={pageCount} linkParams={linkParams} />
        </>
      )}
    </Card>
  );
}

function ReferralPagination({
  page,
  pageCount,
  linkParams,
}: {
  page: number;
  pageCount: number;
  linkParams: Record<string, string | undefined>;
}) {
  if (pageCount <= 1) return null;
  const disabled = cn(buttonVariants({ variant: "outline" }), "pointer-events-none opacity-50");
  return (
    <nav aria-label="Referral pages" className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Button asChild variant="outline">
          <Link to={listHref({ ...linkParams, page: page - 1 })} rel="prev">
            Previous
          </Link>
        </Button>
      ) : (
        <span className={disabled} aria-disabled="true">
          Previous
        </span>
      )}
      <span className="text-sm text-gray-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Button asChild variant="outline">
          <Link to={listHref({ ...linkParams, page: page + 1 })} rel="next">
            Next
          </Link>
        </Button>
      ) : (
        <span className={disabled} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
