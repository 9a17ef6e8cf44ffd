import { Bell } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { formatLagosDate } from "~/lib/lagos-time";

/** The newest notice as the dashboard shows it: the start of its content only (from the loader). */
export type LatestNoticeView = { title: string; createdAt: string; excerpt: string };

/**
 * The member dashboard's Notice Board card: the newest notice's title, date (Lagos) and the start
 * of its content, or the board's empty text; View all notices opens the board.
 */
export function LatestNoticeCard({ notice }: { notice: LatestNoticeView | null }) {
  return (
    <Card aria-labelledby="latest-notice-card-title" data-testid="latest-notice-card">
      <div className="flex items-center gap-3">
        <Bell className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
        <CardTitle id="latest-notice-card-title">Notice Board</CardTitle>
      </div>
      {notice ? (
        <div className="mt-3 min-w-0">
          <h3
            dir="auto"
            className="font-semibold text-gray-900 [overflow-wrap:anywhere] [unicode-bidi:isolate]"
            data-testid="latest-notice-title"
          >
            {notice.title}
          </h3>
          <p className="text-sm text-gray-600">
            <time dateTime={notice.createdAt}>{formatLagosDate(notice.createdAt)}</time>
          </p>
          <p
            dir="auto"
            className="mt-2 text-sm text-gray-800 [overflow-wrap:anywhere] [unicode-bidi:isolate]"
            data-testid="latest-notice-excerpt"
          >
            {notice.excerpt}
          </p>
        </div>
      ) : (
        <p className="mt-3 text-sm text-gray-600">No notices available at the moment</p>
      )}
      <Button asChild variant="outline" className="mt-4">
        <Link to="/notices">View all notices</Link>
      </Button>
    </Card>
  );
}
