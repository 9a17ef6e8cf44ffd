import { Link } from "react-router";
import { MemberLink } from "~/components/admin/user-column";
import { ConfirmAction } from "~/components/confirm-action";
import { Badge, StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { ADVERTISER_STATUS_BADGES } from "~/domain/advertisers/validation";
import type { AdvertiserRowView } from "./types";

/** The account's status, and Restricted beside it when an admin has restricted it. */
function AccountBadges({ row }: { row: AdvertiserRowView }) {
  return (
    <span className="flex flex-wrap justify-end gap-1 md:justify-start">
      <StatusBadge status={row.status} badges={ADVERTISER_STATUS_BADGES} />
      {row.isRestricted ? <Badge tone="red">Restricted</Badge> : null}
    </span>
  );
}

export const approveQuestion = (row: AdvertiserRowView) => ({
  title: "Approve advertiser?",
  description: `${row.businessName} (${row.email}) will be able to create campaigns and pay for them. They are emailed the decision.`,
});

/** The question before restricting (or unrestricting) an advertiser: the same in the dialog and on the page. */
export const restrictQuestion = (row: AdvertiserRowView, restrict: boolean) =>
  restrict
    ? {
        title: "Restrict advertiser?",
        description: `${row.businessName} (${row.email}) will be signed out at once and cannot sign in or withdraw until unrestricted. Their running campaigns keep running: stop those with "Stop and reject" on Campaigns.`,
      }
    : {
        title: "Unrestrict advertiser?",
        description: `${row.businessName} (${row.email}) will be able to sign in again and request payouts.`,
      };

/**
 * Where an admin's links lead (the page asking a question, or the reject dialog, for one
 * advertiser) and where the confirmed decisions post.
 */
export type ReviewLinks = {
  approveHref: (id: string) => string;
  rejectHref: (id: string) => string;
  restrictHref: (id: string) => string;
  unrestrictHref: (id: string) => string;
  approveAction: string;
  restrictionAction: string;
};

/** Restrict, or Unrestrict when restricted: confirmed in a dialog, or on the page without JavaScript. */
function RestrictAction({ row, links }: { row: AdvertiserRowView; links: ReviewLinks }) {
  const restrict = !row.isRestricted;
  const label = restrict ? "Restrict" : "Unrestrict";
  const question = restrictQuestion(row, restrict);
  return (
    <ConfirmAction
      trigger={
        <Button
          size="sm"
          variant="outline"
          className={restrict ? "text-red-700" : undefined}
          aria-label={`${label} ${row.businessName}`}
        >
          {label}
        </Button>
      }
      fallbackHref={restrict ? links.restrictHref(row.id) : links.unrestrictHref(row.id)}
      title={question.title}
      description={question.description}
      confirmLabel={label}
      destructive={restrict}
      fields={{ intent: restrict ? "restrict" : "unrestrict", userId: row.id }}
      action={links.restrictionAction}
    />
  );
}

/**
 * Approve (confirmed in a dialog, or on the page without JavaScript) and Reject (a dialog asking
 * the reason) for a pending business; Restrict or Unrestrict for every advertiser.
 */
function Actions({ row, links }: { row: AdvertiserRowView; links: ReviewLinks }) {
  if (row.status !== "pending") {
    return (
      <div className="flex flex-wrap gap-2">
        <RestrictAction row={row} links={links} />
      </div>
    );
  }
  const question = approveQuestion(row);
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmAction
        trigger={
          <Button size="sm" aria-label={`Approve ${row.businessName}`}>
            Approve
          </Button>
        }
        fallbackHref={links.approveHref(row.id)}
        title={question.title}
        description={question.description}
        confirmLabel="Approve"
        fields={{ userId: row.id }}
        action={links.approveAction}
      />
      <Button asChild size="sm" variant="outline" className="text-red-700">
        <Link
          id={`reject-${row.id}`}
          to={links.rejectHref(row.id)}
          preventScrollReset
          aria-label={`Reject ${row.businessName}`}
        >
          Reject
        </Link>
      </Button>
      <RestrictAction row={row} links={links} />
    </div>
  );
}

/** The business's name, a link to its page (the member page shows an advertiser's). */
function BusinessLink({ row }: { row: AdvertiserRowView }) {
  return <MemberLink id={row.id}>{row.businessName}</MemberLink>;
}

function Contact({ row }: { row: AdvertiserRowView }) {
  return (
    <>
      <span className="block">{row.name}</span>
      <span className="block break-all text-gray-600">{row.email}</span>
      <span className="block whitespace-nowrap text-gray-600">{row.phone}</span>
      {row.emailConfirmed ? null : <span className="block text-xs text-amber-700">Email not confirmed yet</span>}
    </>
  );
}

function columns(links: ReviewLinks): ListColumn<AdvertiserRowView>[] {
  return [
    {
      header: "Business",
      cell: (row) => (
        <>
          <BusinessLink row={row} />
          <span className="block font-mono text-xs text-gray-500">{row.displayId}</span>
        </>
      ),
      className: "[overflow-wrap:anywhere]",
    },
    { header: "Contact", cell: (row) => <Contact row={row} /> },
    { header: "Joined", cell: (row) => row.joined, className: "whitespace-nowrap" },
    {
      header: "Status",
      cell: (row) => (
        <>
          <AccountBadges row={row} />
          {row.rejectionReason ? (
            <span className="mt-1 block max-w-xs text-xs text-gray-600">{row.rejectionReason}</span>
          ) : null}
        </>
      ),
    },
    { header: "Balance", cell: (row) => row.balance, align: "end", className: "font-medium" },
    { header: "Actions", cell: (row) => <Actions row={row} links={links} /> },
  ];
}

function AdvertiserCard({ row, links }: { row: AdvertiserRowView; links: ReviewLinks }) {
  return (
    <div className="min-w-0">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="[overflow-wrap:anywhere]">
            <BusinessLink row={row} />
          </p>
          <p className="font-mono text-xs text-gray-500">{row.displayId}</p>
        </div>
        <AccountBadges row={row} />
      </div>
      <div className="mt-2 text-sm">
        <Contact row={row} />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-gray-500">Balance</dt>
          <dd className="font-medium tabular-nums">{row.balance}</dd>
        </div>
        <div>
          <dt className="text-xs text-gray-500">Joined</dt>
          <dd>{row.joined}</dd>
        </div>
      </dl>
      {row.rejectionReason ? (
        <p className="mt-2 break-words text-xs text-gray-600">Reason: {row.rejectionReason}</p>
      ) : null}
      <div className="mt-3">
        <Actions row={row} links={links} />
      </div>
    </div>
  );
}

/** The advertisers: a table from the medium breakpoint up, a card each on a phone (360 px); the pager under them. */
export function AdvertiserList({
  rows,
  links,
  empty,
  page,
  pageCount,
  pageHref,
}: {
  rows: AdvertiserRowView[];
  links: ReviewLinks;
  empty: string;
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
}) {
  return (
    <>
      <ResponsiveList
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns(links)}
        caption="Advertisers"
        framed
        empty={
          <Card>
            <p className="text-gray-700">{empty}</p>
          </Card>
        }
        card={(row) => <AdvertiserCard row={row} links={links} />}
        rowTestId={(row) => `advertiser-row-${row.email}`}
        cardTestId={(row) => `advertiser-card-${row.email}`}
      />
      <Pager page={page} pageCount={pageCount} hrefFor={pageHref} />
    </>
  );
}
