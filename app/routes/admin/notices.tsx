import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/notices";
import { ManageNoticesPage, NOTICES_PATH, type ManageNoticesData } from "~/components/notices/manage-notices-page";
import {
  createNotice,
  DELETE_NOTICE_REFUSALS,
  deleteNotice,
  getNotice,
  listNoticesForAdmin,
  UPDATE_NOTICE_REFUSALS,
  updateNotice,
  type AdminNotice,
} from "~/domain/notices/notices.server";
import { createNoticeSchema, editNoticeSchema } from "~/domain/notices/validation";
import { listHref, pageParam } from "~/domain/shared/paging";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { actionAnswer, echoValues, formFailure, parseForm, readForm, type FailureOptions } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { errorToast } from "~/lib/toast";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Manage Notices");

const DENIED = "Access Denied.";

const idParam = z.string().trim().min(1).max(64).optional().catch(undefined);
const QuerySchema = z.object({ page: pageParam, edit: idParam, delete: idParam });

const toView = (n: AdminNotice) => ({
  id: n.id,
  title: n.title,
  content: n.content,
  audience: n.audience,
  isActive: n.isActive,
  createdAt: n.createdAt.toISOString(),
  updatedAt: n.updatedAt.toISOString(),
  creatorName: n.creatorName,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_notices", DENIED);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { db } = context.services;
  const [list, editing, deleting] = await Promise.all([
    listNoticesForAdmin(db, { page: query.page }),
    query.edit ? getNotice(db, query.edit) : null,
    query.delete ? getNotice(db, query.delete) : null,
  ]);
  return {
    page: list.page,
    pageCount: list.pageCount,
    notices: list.notices.map(toView),
    // Only an active notice can be edited or deleted.
    editing: editing?.isActive ? toView(editing) : null,
    deleting: deleting?.isActive ? toView(deleting) : null,
  } satisfies ManageNoticesData;
}

const IntentSchema = z.object({ intent: z.enum(["create", "update", "delete"]) });
const NoticeIdSchema = z.object({ noticeId: z.string().trim().min(1).max(64) });
const ECHO = ["title", "content", "audience"] as const;

/** Back to the page of the list the admin came from, without the edit form or the question. */
function listUrl(request: Request) {
  const { page } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return listHref({ page }, NOTICES_PATH);
}

const CONFLICT_STATUS = { "not-found": 404, deleted: 409, stale: 409, "already-deleted": 409 } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "manage_notices", DENIED);
  const { db } = context.services;
  const actor = actorFrom(admin, context);
  const form = await readForm(request);
  const intent = IntentSchema.safeParse(form);
  if (!intent.success) throw data({ message: "Unknown action." }, { status: 400 });

  if (intent.data.intent === "delete") {
    const target = NoticeIdSchema.safeParse(form);
    if (!target.success) {
      return actionAnswer(errorToast("Delete Failed", "Choose a notice to delete."), { intent: "delete" });
    }
    const result = await deleteNotice(db, actor, target.data.noticeId);
    if (result.status === "forbidden") throw forbidden(DENIED);
    if (result.status !== "ok") {
      return actionAnswer(errorToast("Delete Failed", DELETE_NOTICE_REFUSALS[result.status]), {
        status: CONFLICT_STATUS[result.status],
        intent: "delete",
      });
    }
    return redirectWithToast(context, listUrl(request), {
      type: "success",
      title: "Notice Deleted",
      description: "The notice has been removed from every notice board.",
    });
  }

  if (intent.data.intent === "create") {
    const failed: FailureOptions = {
      toastTitle: "Creation Failed",
      values: { ...echoValues(form, ECHO), intent: "create" },
    };
    const parsed = parseForm(createNoticeSchema, form, failed);
    if (parsed.status !== "ok") return parsed.failure;
    const result = await createNotice(db, actor, parsed.data);
    if (result.status === "forbidden") throw forbidden(DENIED);
    return redirectWithToast(context, NOTICES_PATH, { type: "success", title: "Notice created successfully." });
  }

  // The edit form reopens as it was: which notice, its version, and what was typed.
  const failed: FailureOptions = {
    toastTitle: "Update Failed",
    values: {
      ...echoValues(form, [...ECHO, "noticeId", "updatedAt"]),
      intent: "update",
    },
  };
  const parsed = parseForm(editNoticeSchema, form, failed);
  if (parsed.status !== "ok") return parsed.failure;
  const { noticeId, updatedAt, ...input } = parsed.data;
  const result = await updateNotice(db, actor, noticeId, input, updatedAt);
  if (result.status === "forbidden") throw forbidden(DENIED);
  if (result.status !== "ok") {
    return formFailure(
      { form: UPDATE_NOTICE_REFUSALS[result.status] },
      { ...failed, status: CONFLICT_STATUS[result.status] },
    );
  }
  return redirectWithToast(
    context,
    listUrl(request),
    result.changed
      ? { type: "success", title: "Notice updated successfully." }
      : { type: "info", title: "No changes to save." },
  );
}

export default function ManageNotices({ loaderData, actionData }: Route.ComponentProps) {
  return <ManageNoticesPage data={loaderData} actionData={actionData} />;
}
