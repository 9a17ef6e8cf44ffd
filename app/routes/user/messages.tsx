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
  MEMBER_RECIPIENT_HINT,
  normalizeDisplayId,
  RECIPIENT_HINT,
  SendMessageSchema,
  SUPPORT_ID,
  SupportMessageSchema,
} from "~/domain/messages/rules";
import {
  RATE_LIMIT_TEXTS,
  SEND_MESSAGE_REFUSALS,
  sendMessage,
  supportCampaign,
  type MessageInput,
} from "~/domain/messages/send-message.server";
import { isStaff } from "~/domain/permissions/permissions";
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
  support: m.support,
  campaign: m.campaign,
});

/**
 * GET /messages (`?before=` an older page, `?to=` a display ID to write to, `?campaign=` an
 * advertiser's campaign to write to support about). Reads only. Members and staff write to each
 * other and members to support, whose inbox staff read with their own; an advertiser writes to
 * support only, with no recipient to type.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMemberStaffOrAdvertiser(request, context);
  const db = context.services.db;
  const params = new URL(request.url).searchParams;
  const before = decodeCursor(params.get("before"));
  const advertiser = user.role === "advertiser";
  const campaignId = advertiser ? params.get("campaign") : null;
  const [page, about] = await Promise.all([
    listMessages(db, user, { before }),
    campaignId ? supportCampaign(db, user.id, campaignId) : null,
  ]);
  const asked = normalizeDisplayId(params.get("to") ?? "");
  return {
    myDisplayId: user.displayId,
    // A member waiting for approval reads, and is told why there is no form to write with.
    canSend: maySendMessages(user),
    messages: page.messages.map(toView),
    next: page.next && encodeCursor(page.next),
    olderPage: before !== null,
    supportOnly: advertiser,
    to: !advertiser && DISPLAY_ID_SHAPE.test(asked) ? asked : "",
    about,
    // Staff answer support rather than write to it.
    recipientHint: isStaff(user.role) ? RECIPIENT_HINT : MEMBER_RECIPIENT_HINT,
  };
}

const SEND_FIELDS = ["recipientId", "content", "campaignId"] as const;

/** POST /messages: `intent=send` (the Send Message form) or `intent=mark-read` (ids of messages shown). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMemberStaffOrAdvertiser(request, context);
  const { fields, lists } = await readFormWithLists(request, ["id"]);
  const db = context.services.db;
  switch (fields.intent) {
    case "send":
      return send(context, user, fields);
    case "mark-read": {
      const marked = await markMessagesRead(db, user, lists.id);
      return { ok: true as const, intent: "mark-read" as const, marked };
    }
    default:
      throw data({ message: "Unknown action." }, { status: 400 });
  }
}

/**
 * The Send Message form: a success stays on the page (the form clears), a refusal echoes what was
 * typed. An advertiser's goes to support, about the campaign it names if any.
 */
async function send(context: Route.ActionArgs["context"], user: CurrentUser, fields: Record<string, string>) {
  // Echoed into the form so nothing typed is lost (NUL, which a page cannot carry, aside).
  const values = Object.fromEntries(SEND_FIELDS.map((k) => [k, (fields[k] ?? "").replace(/\0/g, "")]));
  const options = { toastTitle: "Message Not Sent", values };
  let input: MessageInput;
  if (user.role === "advertiser") {
    const parsed = parseForm(SupportMessageSchema, fields, options);
    if (parsed.status !== "ok") return parsed.failure;
    input = { recipientDisplayId: SUPPORT_ID, ...parsed.data };
  } else {
    const parsed = parseForm(SendMessageSchema, fields, options);
    if (parsed.status !== "ok") return parsed.failure;
    input = { recipientDisplayId: parsed.data.recipientId, content: parsed.data.content };
  }
  const result = await sendMessage(context.services.db, user, input);
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
    case "staff-to-support":
      return formFailure({ recipientId: SEND_MESSAGE_REFUSALS[result.status] }, options);
    case "support-only":
    case "unknown-campaign":
      return formFailure({ form: SEND_MESSAGE_REFUSALS[result.status] }, options);
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
