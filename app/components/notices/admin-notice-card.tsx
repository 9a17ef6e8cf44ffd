import { Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { ConfirmAction } from "~/components/confirm-action";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatLagosDateTime } from "~/lib/lagos-time";

/** One notice as Manage Notices lists it (dates as ISO strings, audience already labelled). */
export type AdminNoticeView = {
  id: string;
  title: string;
  content: string;
  audienceLabel: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  creatorName: string;
};

export const DELETE_NOTICE_QUESTION = "Delete this notice? It will be removed from every notice board.";

export function AdminNoticeCard({
  notice,
  editTo,
  deleteTo,
}: {
  notice: AdminNoticeView;
  /** The Edit link (?edit=<id>): the page opens the edit form for it. */
  editTo: string;
  /** Where Delete leads without JavaScript (?delete=<id>): the page asks there. */
  deleteTo: string;
}) {
  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
      data-testid={`notice-card-${notice.id}`}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h3
          dir="auto"
          className="min-w-0 text-base sm:flex-1 font-semibold text-gray-900 [overflow-wrap:anywhere] [unicode-bidi:isolate]"
        >
          {notice.title}
        </h3>
        <div className="flex shrink-0 flex-wrap gap-1.5">
          <Badge tone="blue">{notice.audienceLabel}</Badge>
          {notice.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Deleted</Badge>}
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
      {notice.isActive ? (
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm">
            <Link
              to={editTo}
              preventScrollReset
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
            fallbackHref={deleteTo}
            title="Delete notice?"
            description={DELETE_NOTICE_QUESTION}
            confirmLabel="Delete"
            fields={{ intent: "delete", noticeId: notice.id }}
            destructive
          />
        </div>
      ) : null}
    </li>
  );
}
