import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { SUPPORT_ID } from "~/domain/messages/rules";
import { StaffBadge } from "./staff-badge";

/** `staff`: an admin or the super admin (from their role). An advertiser is named by their business. */
export type MessageParty = { name: string; displayId: string; staff: boolean };

/** One message as the page shows it. */
export type MessageView = {
  id: string;
  sentByMe: boolean;
  sender: MessageParty;
  recipient: MessageParty;
  /** In Africa/Lagos time, e.g. "21 Nov 2026, 14:05". */
  time: string;
  isoTime: string;
  content: string;
  unread: boolean;
  /** To support: the first of the staff who wrote to its sender since, or null while none has. */
  support: { answeredBy: MessageParty | null } | null;
  /** The advertiser's campaign a message to support is about. */
  campaign: { title: string; reference: string } | null;
};

/** The other person in a message: whom a reply goes to. */
export const otherParty = (m: MessageView) => (m.sentByMe ? m.recipient : m.sender);

/**
 * Recent Messages: a scrolling list (at most 500 px high) of message cards, newest first, with
 * Load older messages (a link to the older page, or loaded in place with JavaScript) and, while
 * any shown message is unread, Mark as read (a form; with JavaScript the page marks them itself).
 */
export function MessageList({
  messages,
  isNew,
  olderHref,
  loadingOlder,
  onLoadOlder,
  onReply,
  unreadIds,
  newestHref,
  canReply = true,
}: {
  messages: MessageView[];
  isNew: (m: MessageView) => boolean;
  olderHref: string | null;
  loadingOlder: boolean;
  onLoadOlder?: () => void;
  onReply?: (party: MessageParty) => void;
  unreadIds: string[];
  /** On an older page reached without JavaScript: back to the newest. */
  newestHref: string | null;
  /** Whether the reader may write (a member waiting for approval may not): the Reply links. */
  canReply?: boolean;
}) {
  return (
    <Card aria-labelledby="recent-messages-title" className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="recent-messages-title">Recent Messages</CardTitle>
        {unreadIds.length > 0 ? (
          <form method="post" action="/messages">
            <input type="hidden" name="intent" value="mark-read" />
            {unreadIds.map((id) => (
              <input key={id} type="hidden" name="id" value={id} />
            ))}
            <Button type="submit" variant="outline" size="sm">
              Mark as read
            </Button>
          </form>
        ) : null}
      </div>
      {newestHref ? (
        <p className="mt-2 text-sm">
          <Link to={newestHref} className="font-medium text-brand-700 underline underline-offset-2">
            Back to the newest messages
          </Link>
        </p>
      ) : null}
      <div
        role="region"
        aria-label="Message list"
        tabIndex={0}
        className="mt-3 max-h-[500px] overflow-y-auto overscroll-contain rounded-md border border-gray-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        data-testid="message-list"
      >
        {messages.length === 0 ? (
          <p className="p-4 text-center text-gray-600">No messages yet</p>
        ) : (
          <ul className="divide-y divide-gray-200">
            {messages.map((m) => (
              <li key={m.id}>
                <MessageCard message={m} isNew={isNew(m)} onReply={onReply} canReply={canReply} />
              </li>
            ))}
          </ul>
        )}
        {olderHref ? (
          <div className="border-t border-gray-200 p-3 text-center">
            <Button asChild variant="outline" size="sm">
              <Link
                to={olderHref}
                aria-disabled={loadingOlder || undefined}
                onClick={(event) => {
                  if (!onLoadOlder) return;
                  event.preventDefault();
                  if (!loadingOlder) onLoadOlder();
                }}
              >
                {loadingOlder ? "Loading..." : "Load older messages"}
              </Link>
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

function MessageCard({
  message: m,
  isNew,
  onReply,
  canReply,
}: {
  message: MessageView;
  isNew: boolean;
  onReply?: (party: MessageParty) => void;
  canReply: boolean;
}) {
  const other = otherParty(m);
  return (
    <article className="grid gap-2 p-3 sm:p-4" aria-labelledby={`message-${m.id}-from`} data-testid="message">
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p id={`message-${m.id}-from`} className="min-w-0 text-sm [overflow-wrap:anywhere]">
          <span className="font-semibold text-gray-900">{m.sentByMe ? "You" : <bdi>{m.sender.name}</bdi>}</span>{" "}
          <span className="font-mono text-xs text-gray-600">({m.sender.displayId})</span>
          {m.sender.staff ? <StaffBadge className="ml-2" /> : null}
          {isNew ? (
            <Badge tone="blue" className="ml-2" data-testid="new-badge">
              New
            </Badge>
          ) : null}
        </p>
        <time dateTime={m.isoTime} className="text-xs text-gray-600">
          {m.time}
        </time>
      </header>
      {m.campaign ? (
        <p className="text-xs text-gray-700 [overflow-wrap:anywhere]" data-testid="message-campaign">
          About campaign <bdi className="font-medium text-gray-900">{m.campaign.title}</bdi>{" "}
          <span className="font-mono">({m.campaign.reference})</span>
        </p>
      ) : null}
      <p
        dir="auto"
        className="whitespace-pre-wrap text-gray-900 [overflow-wrap:anywhere] [unicode-bidi:isolate]"
        data-testid="message-content"
      >
        {m.content}
      </p>
      <footer className="flex flex-wrap items-center justify-between gap-2 text-xs text-gray-600">
        <div className="grid min-w-0 gap-1">
          <p className="min-w-0 [overflow-wrap:anywhere]">
            To: <bdi className="font-medium text-gray-800">{m.recipient.name}</bdi>
            {m.recipient.displayId === SUPPORT_ID ? null : (
              <>
                {" "}
                <span className="font-mono">({m.recipient.displayId})</span>
              </>
            )}
            {m.recipient.staff ? <StaffBadge className="ml-2" /> : null}
          </p>
          {m.support ? <SupportAnswer answeredBy={m.support.answeredBy} /> : null}
        </div>
        {canReply ? (
          <Link
            to={`/messages?to=${encodeURIComponent(other.displayId)}`}
            aria-label={`Reply to ${other.name}`}
            className="rounded px-2 py-1 font-medium text-brand-700 underline underline-offset-2 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            onClick={(event) => {
              if (!onReply) return;
              event.preventDefault();
              onReply(other);
            }}
          >
            Reply
          </Link>
        ) : null}
      </footer>
    </article>
  );
}

/** Under a message to support: who of the staff answered its sender, or that nobody has yet. */
function SupportAnswer({ answeredBy }: { answeredBy: MessageParty | null }) {
  if (!answeredBy) {
    return (
      <p>
        <Badge tone="yellow" data-testid="support-unanswered">
          Not answered yet
        </Badge>
      </p>
    );
  }
  return (
    <p className="font-medium text-green-800 [overflow-wrap:anywhere]" data-testid="support-answered">
      Answered by <bdi>{answeredBy.name}</bdi> <span className="font-mono font-normal">({answeredBy.displayId})</span>
    </p>
  );
}
