import { formatLagosDate } from "~/lib/lagos-time";

/** One notice as the Notice Board shows it (dates as ISO strings, from the loader). */
export type BoardNoticeView = {
  id: string;
  title: string;
  content: string;
  createdAt: string;
  creatorName: string;
};

/**
 * A notice on the board: its title, date (Lagos), who posted it, and the content as plain text
 * with its line breaks kept. Long words wrap; text in another direction stays in its own box.
 */
export function NoticeArticle({ notice }: { notice: BoardNoticeView }) {
  return (
    <article
      aria-labelledby={`notice-${notice.id}-title`}
      className="min-w-0 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2
        id={`notice-${notice.id}-title`}
        dir="auto"
        className="text-lg font-semibold text-gray-900 [overflow-wrap:anywhere] [unicode-bidi:isolate]"
      >
        {notice.title}
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        <time dateTime={notice.createdAt}>{formatLagosDate(notice.createdAt)}</time>
        <span aria-hidden> · </span>
        Posted by <bdi className="font-medium text-gray-800 [overflow-wrap:anywhere]">{notice.creatorName}</bdi>
      </p>
      <p dir="auto" className="mt-3 whitespace-pre-wrap text-gray-800 [overflow-wrap:anywhere] [unicode-bidi:isolate]">
        {notice.content}
      </p>
    </article>
  );
}
