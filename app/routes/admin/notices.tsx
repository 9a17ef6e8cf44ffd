import { data, Form, useActionData, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/notices";
import { ListPager } from "~/components/admin/list-controls";
import { ConfirmPanel } from "~/components/confirm-action";
import { FormError } from "~/components/form-field";
import { AdminNoticeCard, DELETE_NOTICE_QUESTION } from "~/components/notices/admin-notice-card";
import { NoticeEditDialog } from "~/components/notices/notice-edit-dialog";
import { EMPTY_NOTICE_FORM, NoticeFields, type NoticeFormValues } from "~/components/notices/notice-fields";
import { useToastFrom } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { useFocusAfterClose } from "~/components/ui/url-dialog";
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
import { AUDIENCE_LABELS, createNoticeSchema, editNoticeSchema } from "~/domain/notices/validation";
import { listHref, pageParam } from "~/domain/shared/paging";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, formFailure, parseForm, readForm, type FailureOptions } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { errorToast } from "~/lib/toast";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Manage Notices");

const DENIED = "Access Denied.";
const LIST_PATH = "/admin/notices";

const idParam = z.string().trim().min(1).max(64).optional().catch(undefined);
const QuerySchema = z.object({ page: pageParam, edit: idParam, delete: idParam });

const toView = (n: AdminNotice) => ({
  id: n.id,
  title: n.title,
  content: n.content,
  audience: n.audience,
  audienceLabel: AUDIENCE_LABELS[n.audience],
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
  };
}

const IntentSchema = z.object({ intent: z.enum(["create", "update", "delete"]) });
const NoticeIdSchema = z.object({ noticeId: z.string().trim().min(1).max(64) });
const ECHO = ["title", "content", "audience"] as const;

/** Back to the page of the list the admin came from, without the edit form or the question. */
function listUrl(request: Request) {
  const { page } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return listHref({ page }, LIST_PATH);
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
      const toast = errorToast("Delete Failed", "Choose a notice to delete.");
      return data({ ok: false as const, intent: "delete" as const, toast }, { status: 400 });
    }
    const result = await deleteNotice(db, actor, target.data.noticeId);
    if (result.status === "forbidden") throw forbidden(DENIED);
    if (result.status !== "ok") {
      const toast = errorToast("Delete Failed", DELETE_NOTICE_REFUSALS[result.status]);
      return data({ ok: false as const, intent: "delete" as const, toast }, { status: CONFLICT_STATUS[result.status] });
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
    return redirectWithToast(context, LIST_PATH, { type: "success", title: "Notice created successfully." });
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

export default function ManageNotices({ loaderData }: Route.ComponentProps) {
  const { notices, page, pageCount, editing, deleting } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  useToastFrom(actionData?.toast);

  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const closeTo = listHref({ page }, LIST_PATH);
  const failure = actionData && "errors" in actionData ? actionData : undefined;
  const failedIntent = failure?.values?.intent;
  const deleteRefusal = actionData && "intent" in actionData && actionData.intent === "delete" ? actionData : null;

  // A refused create echoes what was typed; after a success the form starts again (audience All Users).
  const createValues: NoticeFormValues =
    failedIntent === "create" ? { ...EMPTY_NOTICE_FORM, ...failure?.values } : EMPTY_NOTICE_FORM;
  const createErrors = failedIntent === "create" ? (failure?.errors ?? {}) : {};

  // A refused save reopens the edit form with what was typed; otherwise the URL decides.
  let edit: { noticeId: string; updatedAt: string; values: NoticeFormValues } | null = null;
  if (failedIntent === "update" && failure?.values?.noticeId) {
    const { noticeId, updatedAt, title, content, audience } = failure.values;
    edit = {
      noticeId,
      updatedAt: updatedAt ?? "",
      values: { title: title ?? "", content: content ?? "", audience: audience ?? "all" },
    };
  } else if (editing) {
    edit = { noticeId: editing.id, updatedAt: editing.updatedAt, values: editing };
  }

  useFocusAfterClose();

  return (
    <div className="grid min-w-0 gap-6">
      <div>
        <h1 className="text-2xl font-bold">Manage Notices</h1>
        <p className="mt-1 text-sm text-gray-600">Post notices to all users, regular users or admins.</p>
      </div>

      {deleteRefusal?.toast ? <FormError message={deleteRefusal.toast.description} /> : null}

      {deleting ? (
        <ConfirmPanel
          title="Delete notice?"
          description={
            <>
              {DELETE_NOTICE_QUESTION} <q className="[overflow-wrap:anywhere]">{deleting.title}</q>
            </>
          }
          confirmLabel="Delete"
          fields={{ intent: "delete", noticeId: deleting.id }}
          action={closeTo}
          cancelHref={closeTo}
          destructive
        />
      ) : null}

      <Card aria-labelledby="create-notice-title">
        <CardTitle id="create-notice-title">Create Notice</CardTitle>
        <CardDescription>It shows on the notice boards of the audience you choose at once.</CardDescription>
        <Form
          // A new page (after a create) starts the inputs again from the values given.
          key={location.key}
          method="post"
          action={closeTo}
          className="mt-4 grid gap-4"
          noValidate
        >
          <input type="hidden" name="intent" value="create" />
          <NoticeFields values={createValues} errors={createErrors} />
          <div>
            <Button type="submit" disabled={submitting}>
              {submitting && navigation.formData?.get("intent") === "create" ? "Creating..." : "Create Notice"}
            </Button>
          </div>
        </Form>
      </Card>

      <section aria-labelledby="notices-title" className="grid min-w-0 gap-4">
        <h2 id="notices-title" className="text-xl font-semibold">
          Notices
        </h2>
        {notices.length === 0 ? (
          <Card>
            <p className="text-gray-700">{page > 1 ? "No notices on this page." : "No notices yet."}</p>
          </Card>
        ) : (
          <ul className="grid min-w-0 gap-4" aria-label="Notices">
            {notices.map((notice) => (
              <AdminNoticeCard
                key={notice.id}
                notice={notice}
                editTo={listHref({ page, edit: notice.id }, LIST_PATH)}
                deleteTo={listHref({ page, delete: notice.id }, LIST_PATH)}
              />
            ))}
          </ul>
        )}
        <ListPager
          previous={page > 1 ? listHref({ page: page - 1 }, LIST_PATH) : undefined}
          next={page < pageCount ? listHref({ page: page + 1 }, LIST_PATH) : undefined}
          summary={`Page ${page} of ${pageCount}`}
        />
      </section>

      {edit ? (
        <NoticeEditDialog
          key={`${edit.noticeId}:${location.key}`}
          noticeId={edit.noticeId}
          updatedAt={edit.updatedAt}
          values={edit.values}
          errors={failedIntent === "update" ? (failure?.errors ?? {}) : {}}
          closeTo={closeTo}
          returnFocusId={`edit-notice-${edit.noticeId}`}
          submitting={submitting}
        />
      ) : null}
    </div>
  );
}
