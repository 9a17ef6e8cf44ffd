import { Mail } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import type { MessageParty } from "./message-list";
import { StaffBadge } from "./staff-badge";

/** Someone whose messages to the member are unread, and how many. */
export type UnreadSenderView = MessageParty & { unread: number };

/**
 * The dashboard's Messages card: how many messages are unread, who wrote the latest of them
 * (staff marked as such), and View Messages.
 */
export function MessagesCard({ unread, senders = [] }: { unread: number; senders?: UnreadSenderView[] }) {
  return (
    <Card aria-labelledby="messages-card-title" data-testid="messages-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Mail className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
          <div>
            <CardTitle id="messages-card-title">Messages</CardTitle>
            <p className="text-sm text-gray-600">
              <span className="font-bold tabular-nums text-gray-900" data-testid="unread-messages">
                {unread}
              </span>{" "}
              unread {unread === 1 ? "message" : "messages"}
            </p>
          </div>
        </div>
        <Button asChild variant="outline">
          <Link to="/messages">View Messages</Link>
        </Button>
      </div>
      {senders.length > 0 ? (
        <ul aria-label="Unread messages from" className="mt-3 grid gap-1.5 text-sm" data-testid="unread-senders">
          {senders.map((s) => (
            <li key={s.displayId} className="min-w-0 [overflow-wrap:anywhere]" data-testid="unread-sender">
              From <bdi className="font-medium text-gray-900">{s.name}</bdi>{" "}
              <span className="font-mono text-xs text-gray-600">({s.displayId})</span>
              {s.staff ? <StaffBadge className="ml-2" /> : null}
              {s.unread > 1 ? <span className="ml-2 text-xs text-gray-600">{s.unread} unread</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
