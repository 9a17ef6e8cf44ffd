import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { CopyText } from "~/components/ui/copy-text";
import { useToastFrom } from "~/components/ui/toaster";
import { Card, CardTitle } from "~/components/ui/card";
import { PENDING_SENDER_TEXT } from "~/domain/messages/rules";
import type { FormFailure } from "~/lib/forms";
import type { Toast } from "~/lib/toast";
import { MessageList, type MessageParty, type MessageView } from "./message-list";
import { SendMessageForm, type AboutCampaign } from "./send-message-form";

export type MessagesPageData = {
  myDisplayId: string;
  /** Staff and approved members write; a member waiting for approval only reads. */
  canSend: boolean;
  messages: MessageView[];
  /** Cursor of the next older page, or null at the oldest. */
  next: string | null;
  /** This is an older page (reached by the Load older link without JavaScript). */
  olderPage: boolean;
  /** An advertiser: every message goes to support, so the form has no recipient to type. */
  supportOnly: boolean;
  /** A display ID to write to (`?to=`, the Reply link without JavaScript). */
  to: string;
  /** An advertiser's campaign the message to support is about (`?campaign=`, from its page). */
  about: AboutCampaign | null;
  /** Under the recipient field: whom this account may write to. */
  recipientHint: string;
};

export type MessagesActionData =
  | FormFailure
  | { ok: true; intent: "send"; sentId: string; toast: Toast }
  | { ok: true; intent: "mark-read"; marked: number };

const olderHref = (cursor: string) => `/messages?before=${encodeURIComponent(cursor)}`;

export function MessagesPage({ data, actionData }: { data: MessagesPageData; actionData?: MessagesActionData }) {
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const sent = actionData?.ok && actionData.intent === "send" ? actionData : undefined;
  useToastFrom(actionData?.ok ? (sent?.toast ?? null) : actionData?.toast);

  const recipientRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  function reply(party: MessageParty) {
    if (recipientRef.current) recipientRef.current.value = party.displayId;
    contentRef.current?.focus();
    contentRef.current?.scrollIntoView({ block: "nearest" });
  }

  // Older pages loaded in place (with JavaScript): appended below the page the server rendered.
  const olderFetcher = useFetcher<MessagesPageData>();
  const [older, setOlder] = useState<{ messages: MessageView[]; next: string | null } | null>(null);
  const [appended, setAppended] = useState<MessagesPageData | undefined>(undefined);
  const fetched = olderFetcher.data;
  if (fetched && fetched !== appended) {
    // Adjusting state while rendering, once per answer (React's pattern for state derived from props).
    setAppended(fetched);
    const known = new Set(older?.messages.map((m) => m.id));
    setOlder({
      messages: [...(older?.messages ?? []), ...fetched.messages.filter((m) => !known.has(m.id))],
      next: fetched.next,
    });
  }
  // A message sent from here joins the first page and pushes its oldest one down: the older pages
  // loaded in place are let go rather than leave that one out of sight.
  const [sentSeen, setSentSeen] = useState(sent?.sentId);
  if (sent?.sentId !== sentSeen) {
    setSentSeen(sent?.sentId);
    setOlder(null);
  }
  const knownIds = new Set(data.messages.map((m) => m.id));
  const shown = [...data.messages, ...(older?.messages.filter((m) => !knownIds.has(m.id)) ?? [])];
  const next = older ? older.next : data.next;

  // Reading is a POST: once the page is showing, the unread messages it shows are marked read
  // (a GET never changes anything). They keep their "New" badge while the page stays.
  const markRead = useFetcher({ key: "mark-messages-read" });
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(() => new Set());
  const unreadIds = shown.filter((m) => m.unread).map((m) => m.id);
  const unreadKey = unreadIds.join(",");
  if (unreadIds.some((id) => !newIds.has(id))) setNewIds(new Set([...newIds, ...unreadIds]));
  useEffect(() => {
    if (!unreadKey) return;
    const ids = unreadKey.split(",");
    const form = new FormData();
    form.append("intent", "mark-read");
    for (const id of ids) form.append("id", id);
    void markRead.submit(form, { method: "post", action: "/messages" });
    // markRead is stable enough: its submit is keyed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unreadKey]);

  return (
    <div className="grid gap-6">
      <header className="grid gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">Messages</h1>
        <div className="grid max-w-md gap-1.5">
          <h2 className="text-sm font-medium text-gray-700">Your user ID</h2>
          <CopyText
            value={data.myDisplayId}
            label="user ID"
            copiedTitle="User ID Copied"
            testId="my-user-id"
            valueClassName="text-lg font-semibold tracking-wider"
          />
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        {data.canSend ? (
          <SendMessageForm
            // A new form after each sent message: the fields start empty again.
            key={sent?.sentId ?? "send"}
            errors={failure?.errors ?? {}}
            values={{
              recipientId: failure?.values?.recipientId ?? (sent ? "" : data.to),
              content: failure?.values?.content ?? "",
            }}
            recipientHint={data.supportOnly ? null : data.recipientHint}
            about={data.about}
            recipientRef={recipientRef}
            contentRef={contentRef}
            sent={sent !== undefined}
          />
        ) : (
          <Card aria-labelledby="send-message-title" className="min-w-0" data-testid="cannot-send">
            <CardTitle id="send-message-title">Send Message</CardTitle>
            <p role="status" className="mt-3 text-sm text-gray-700">
              {PENDING_SENDER_TEXT}
            </p>
          </Card>
        )}
        <MessageList
          messages={shown}
          isNew={(m) => m.unread || newIds.has(m.id)}
          olderHref={next ? olderHref(next) : null}
          loadingOlder={olderFetcher.state !== "idle"}
          onLoadOlder={() => next && olderFetcher.load(olderHref(next))}
          onReply={reply}
          unreadIds={unreadIds}
          newestHref={data.olderPage ? "/messages" : null}
          canReply={data.canSend}
        />
      </div>
    </div>
  );
}
