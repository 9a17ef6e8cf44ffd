import { Mail } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";

/** The dashboard's Messages card: how many messages are unread, and View Messages. */
export function MessagesCard({ unread }: { unread: number }) {
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
    </Card>
  );
}
