import { Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { ConfirmAction } from "~/components/confirm-action";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { AUDIENCE_BADGES, noticeStatus, NOTICE_STATUS_BADGES, type NoticeAudience } from "~/domain/notices/validation";
import { formatLagosDateTime } from "~/lib/lagos-time";

/** One notice as Manage Notices lists it (dates as ISO strings). */
export type AdminNoticeView = {
  id: string;
  title: string;
  content: string;
  audience: NoticeAudience;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  creatorName: string;
};

export const DELETE_NOTICE_QUESTION = "Delete this notice? It will be removed from every notice board.";

/** Where a notice's Edit and Delete lead without JavaScript (?edit=<id>, ?delete=<id>). */
type Links = { editTo: (id: string) => string; deleteTo: (id: string) => string };

/**
 * The notices on Manage Notices: a table from the medium breakpoint up (the notice, its audience
 * and status, who posted it and when, Edit and Delete), one card per notice on a phone.
 */
export function AdminNoticeList({ notices, empty, ...links }: { notices: AdminNoticeView[]; empty: string } & Links) {
  const columns: ListColumn<AdminNoticeView>[] = [
    { header: "Notice", cell: (n) => <NoticeText notice={n} />, className: "min-w-64" },
    { header: "Audience", cell: (n) => <StatusBadge status={n.audience} badges={AUDIENCE_BADGES} /> },
    { header: "Status", cell: (n) => <StatusBadge status={noticeStatus(n.isActive)} badges={NOTICE_STATUS_BADGES} /> },
    { header: "Posted", cell: (n) => <Posted notice={n} />, className: "whitespace-nowrap" },
    { header: <span className="sr-only">Actions</span>, cell: (n) => <NoticeActions notice={n} {...links} /> },
  ];
  return (
    <ResponsiveList
      rows={notices}
      rowKey={(n) => n.id}
      columns={columns}
      caption="Notices"
      framed
      empty={<p className="text-base text-gray-700">{empty}</p>}
      rowTestId={(n) => `notice-row-${n.id}`}
      cardTestId={(n) => `notice-card-${n.id}`}
      card={(n) => <NoticeCard notice={n} {...links} />}
    />
  );
}

function NoticeText({ notice }: { notice: AdminNoticeView }) {
  return (
    <>
      <p dir="auto" className="font-semibold text-gray-900 [overflow-wrap:anywhere] [unicode-bidi:isolate]">
        {notice.title}
      </p>
      <p dir="auto" className="mt-1 whitespace-pre-wrap text-gray-700 [overflow-wrap:anywhere] [unicode-bidi:isolate]">
        {notice.content}
      </p>
    </>
  );
}

function Posted({ notice }: { notice: AdminNoticeView }) {
  return (
    <div className="grid gap-0.5">
      <bdi className="whitespace-normal font-medium text-gray-900 [overflow-wrap:anywhere]">{notice.creatorName}</bdi>
      <span className="text-xs text-gray-600">
        Created <time dateTime={notice.createdAt}>{formatLagosDateTime(notice.createdAt)}</time>
      </span>
      <span className="text-xs text-gray-600">
        Updated <time dateTime={notice.updatedAt}>{formatLagosDateTime(notice.updatedAt)}</time>
      </span>
    </div>
  );
}

/** A notice on a phone: title and badges, the content, who posted it and when, Edit and Delete. */
function NoticeCard({ notice, ...links }: { notice: AdminNoticeView } & Links) {
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h3
          dir="auto"
          className="min-w-0 text-base font-semibold sm:flex-1 text-gray-900 [overflow-wrap:anywhere] [unicode-bidi:isolate]"
        >
          {notice.title}
        </h3>
        <div className="flex shrink-0 flex-wrap gap-1.5">
          <StatusBadge status={notice.audience} badges={AUDIENCE_BADGES} />
          <StatusBadge status={noticeStatus(notice.isActive)} badges={NOTICE_STATUS_BADGES} />
        </div>
      </div>
      <p
        dir="auto"
        className="whitespace-pre-wrap text-sm text-gray-700 [overflow-wrap:anywhere] [unicode-bidi:isolate]"
      >
        {notice.content}
      </p>
      <dl className="grid gap-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-gray-600">Posted by</dt>
          <dd className="font-medium text-gray-900 [overflow-wrap:anywhere]">
            <bdi>{notice.creatorName}</bdi>
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">Created</dt>
          <dd className="text-gray-900">
            <time dateTime={notice.createdAt}>{formatLagosDateTime(notice.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">Updated</dt>
          <dd className="text-gray-900">
            <time dateTime={notice.updatedAt}>{formatLagosDateTime(notice.updatedAt)}</time>
          </dd>
        </div>
      </dl>
      <NoticeActions notice={notice} {...links} />
    </div>
  );
}

/** Edit (?edit=<id>: the page opens the edit form) and Delete, for an active notice only. */
function NoticeActions({ notice, editTo, deleteTo }: { notice: AdminNoticeView } & Links) {
  if (!notice.isActive) return null;
  return (
    <div className="flex gap-2">
      <Button asChild variant="outline" size="sm">
        <Link
          to={editTo(notice.id)}
          preventScrollReset
          // The table and the phone's card both carry it: focus returns to the one on screen.
          id={`edit-notice-${notice.id}`}
          aria-label={`Edit notice ${notice.title}`}
        >
          <Pencil className="h-4 w-4" aria-hidden />
          Edit
        </Link>
      </Button>
      <ConfirmAction
        trigger={
          <Button variant="outline" size="sm" className="text-red-700" aria-label={`Delete notice ${notice.title}`}>
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete
          </Button>
        }
        fallbackHref={deleteTo(notice.id)}
        title="Delete notice?"
        description={DELETE_NOTICE_QUESTION}
        confirmLabel="Delete"
        fields={{ intent: "delete", noticeId: notice.id }}
        destructive
      />
    </div>
  );
}
