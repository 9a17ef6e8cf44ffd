import { Form, useLocation, useNavigation } from "react-router";
import { ConfirmPanel } from "~/components/confirm-action";
import { FormError } from "~/components/ui/form-error";
import { useToastFrom } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { useFocusAfterClose } from "~/components/ui/url-dialog";
import { listHref } from "~/domain/shared/paging";
import type { ActionAnswer, FormFailure } from "~/lib/forms";
import { AdminNoticeList, DELETE_NOTICE_QUESTION, type AdminNoticeView } from "./admin-notice-list";
import { NoticeEditDialog } from "./notice-edit-dialog";
import { EMPTY_NOTICE_FORM, NoticeFields, type NoticeFormValues } from "./notice-fields";

export const NOTICES_PATH = "/admin/notices";

/** Manage Notices' loader data (app/routes/admin/notices.tsx). */
export type ManageNoticesData = {
  page: number;
  pageCount: number;
  notices: AdminNoticeView[];
  /** The notice the edit form is open for (?edit=<id>), when it can still be edited. */
  editing: AdminNoticeView | null;
  /** The notice the page asks about deleting (?delete=<id>, without JavaScript). */
  deleting: AdminNoticeView | null;
};

/**
 * Manage Notices: Create Notice, the notices (with Edit, a dialog at ?edit=<id>, and Delete), and
 * the page's answer to a form: a create or edit refused (FormFailure, echoing what was typed,
 * `values.intent` naming the form) or a delete refused (ActionAnswer, intent "delete").
 */
export function ManageNoticesPage({
  data,
  actionData,
}: {
  data: ManageNoticesData;
  actionData: FormFailure | ActionAnswer | undefined;
}) {
  const { notices, page, pageCount, editing, deleting } = data;
  const navigation = useNavigation();
  const location = useLocation();
  useToastFrom(actionData?.toast);

  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const closeTo = listHref({ page }, NOTICES_PATH);
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

      {deleteRefusal ? <FormError message={deleteRefusal.toast.description} /> : null}

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
        <AdminNoticeList
          notices={notices}
          empty={page > 1 ? "No notices on this page." : "No notices yet."}
          editTo={(id) => listHref({ page, edit: id }, NOTICES_PATH)}
          deleteTo={(id) => listHref({ page, delete: id }, NOTICES_PATH)}
        />
        <Pager page={page} pageCount={pageCount} hrefFor={(p) => listHref({ page: p }, NOTICES_PATH)} />
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
