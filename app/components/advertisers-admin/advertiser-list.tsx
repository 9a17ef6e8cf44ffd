import { Link } from "react-router";
import { ConfirmAction } from "~/components/confirm-action";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ADVERTISER_STATUS_LABELS, type AdvertiserStatus } from "~/domain/advertisers/validation";
import type { AdvertiserRowView } from "./types";

const TONES: Record<AdvertiserStatus, BadgeTone> = { pending: "yellow", approved: "green", rejected: "red" };

function StatusBadge({ row }: { row: AdvertiserRowView }) {
  return (
    <span className="flex flex-wrap justify-end gap-1 md:justify-start">
      <Badge tone={TONES[row.status]}>{ADVERTISER_STATUS_LABELS[row.status]}</Badge>
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
        description: `${row.businessName} (${row.email}) will be signed out at once and cannot sign in or withdraw until unrestricted. Their running campaigns keep running: stop those with "Stop and reject" on Manage Adverts.`,
      }
    : {
        title: "Unrestrict advertiser?",
        description: `${row.businessName} (${row.email}) will be able to sign in again and request payouts.`,
      };

/** Where an admin's links lead: the page asking a question, or the reject dialog, for one advertiser. */
export type ReviewLinks = {
  approveHref: (id: string) => string;
  rejectHref: (id: string) => string;
  restrictHref: (id: string) => string;
  unrestrictHref: (id: string) => string;
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
        fields={{ intent: "approve", userId: row.id }}
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

/** The advertisers: a table from md up, cards below (360 px phones). */
export function AdvertiserList({ rows, links }: { rows: AdvertiserRowView[]; links: ReviewLinks }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-gray-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Advertisers</caption>
          <thead className="bg-gray-50 text-gray-600">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Business
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Contact
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Joined
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Balance
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((row) => (
              <tr key={row.id} data-testid={`advertiser-row-${row.email}`}>
                <td className="px-4 py-3">
                  <span className="font-medium">{row.businessName}</span>
                  <span className="block font-mono text-xs text-gray-500">{row.displayId}</span>
                </td>
                <td className="px-4 py-3">
                  <Contact row={row} />
                </td>
                <td className="whitespace-nowrap px-4 py-3">{row.joined}</td>
                <td className="px-4 py-3">
                  <StatusBadge row={row} />
                  {row.rejectionReason ? (
                    <span className="mt-1 block max-w-xs text-xs text-gray-600">{row.rejectionReason}</span>
                  ) : null}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums">{row.balance}</td>
                <td className="px-4 py-3">
                  <Actions row={row} links={links} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label="Advertisers">
        {rows.map((row) => (
          <li
            key={row.id}
            className="min-w-0 rounded-lg border border-gray-200 bg-white p-4"
            data-testid={`advertiser-card-${row.email}`}
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="break-words font-medium">{row.businessName}</p>
                <p className="font-mono text-xs text-gray-500">{row.displayId}</p>
              </div>
              <StatusBadge row={row} />
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
          </li>
        ))}
      </ul>
    </>
  );
}
