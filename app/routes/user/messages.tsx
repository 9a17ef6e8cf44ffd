import { data } from "react-router";
import type { Route } from "./+types/messages";
import { MessagesPage } from "~/components/messages/messages-page";
import type { MessageView } from "~/components/messages/message-list";
import { listMessages, type ListedMessage } from "~/domain/messages/list-messages.server";
import { markMessagesRead } from "~/domain/messages/read-state.server";
import {
  decodeCursor,
  DISPLAY_ID_SHAPE,
  encodeCursor,
  maySendMessages,
  normalizeDisplayId,
  RECIPIENT_HINT,
  SendMessageSchema,
  SUPPORT_RECIPIENT_HINT,
} from "~/domain/messages/rules";
import { supportContactFor } from "~/domain/messages/support-contact.server";
import { RATE_LIMIT_TEXTS, SEND_MESSAGE_REFUSALS, sendMessage } from "~/domain/messages/send-message.server";
import { newId } from "~/domain/shared/ids";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";
import { requireMemberStaffOrAdvertiser, type CurrentUser } from "~/server/auth.server";
import { formFailure, parseForm, readFormWithLists } from "~/server/forms.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Messages");

const toView = (m: ListedMessage): MessageView => ({
  id: m.id,
  sentByMe: m.sentByMe,
  sender: m.sender,
  recipient: m.recipient,
  time: formatLagosDateTime(m.createdAt),
  isoTime: m.createdAt.toISOString(),
  content: m.content,
  unread: m.unread,
});

/**
 * GET /messages (`?before=` an older page, `?to=` a display ID to write to). Reads only. Members
 * and staff write to each other; an advertiser writes to support, whose ID the form starts with.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMemberStaffOrAdvertiser(request, context);
  const params = new URL(request.url).searchParams;
  const before = decodeCursor(params.get("before"));
  const page = await listMessages(context.services.db, user.id, { before });
  const asked = normalizeDisplayId(params.get("to") ?? "");
  const advertiser = user.role === "advertiser";
  const support = advertiser ? ((await supportContactFor(context.services.db, user.id)) ?? "") : "";
  const to = DISPLAY_ID_SHAPE.test(asked) ? asked : support;
  return {
    myDisplayId: user.displayId,
    // A member waiting for approval reads, and is told why there is no form to write with.
    canSend: maySendMessages(user),
    messages: page.messages.map(toView),
    next: page.next && encodeCursor(page.next),
    olderPage: before !== null,
    to,
    support,
    recipientHint: advertiser ? SUPPORT_RECIPIENT_HINT : RECIPIENT_HINT,
  };
}

const SEND_FIELDS = ["recipientId", "content"] as const;

/** POST /messages: `intent=send` (the Send Message form) or `intent=mark-read` (ids of messages shown). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMemberStaffOrAdvertiser(request, context);
  const { fields, lists } = await readFormWithLists(request, ["id"]);
  const db = context.services.db;
  switch (fields.intent) {
    case "send":
      return send(context, user, fields);
    case "mark-read": {
      const marked = await markMessagesRead(db, user.id, lists.id);
      return { ok: true as const, intent: "mark-read" as const, marked };
    }
    default:
      throw data({ message: "Unknown action." }, { status: 400 });
  }
}

/** The Send Message form: a success stays on the page (the form clears), a refusal echoes what was typed. */
async function send(context: Route.ActionArgs["context"], user: CurrentUser, fields: Record<string, string>) {
  // Echoed into the form so nothing typed is lost (NUL, which a page cannot carry, aside).
  const values = Object.fromEntries(SEND_FIELDS.map((k) => [k, (fields[k] ?? "").replace(/\0/g, "")]));
  const options = { toastTitle: "Message Not Sent", values };
  const parsed = parseForm(SendMessageSchema, fields, options);
  if (parsed.status !== "ok") return parsed.failure;
  const result = await sendMessage(context.services.db, user, {
    recipientDisplayId: parsed.data.recipientId,
    content: parsed.data.content,
  });
  switch (result.status) {
    case "ok":
      return {
        ok: true as const,
        intent: "send" as const,
        sentId: result.message.id,
        toast: { id: newId(), type: "success" as const, title: "Success", description: "Message sent." },
      };
    case "unknown-recipient":
    case "to-self":
    case "support-only":
      return formFailure({ recipientId: SEND_MESSAGE_REFUSALS[result.status] }, options);
    case "pending-approval":
    case "forbidden":
      return formFailure({ form: SEND_MESSAGE_REFUSALS[result.status] }, { ...options, status: 403 });
    case "rate-limited":
      return formFailure({ form: RATE_LIMIT_TEXTS[result.window] }, { ...options, status: 429 });
  }
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  return <MessagesPage data={loaderData} actionData={actionData} />;
}
