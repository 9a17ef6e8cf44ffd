import type { FieldErrors } from "~/lib/forms";
import { UrlDialog } from "~/components/ui/url-dialog";
import { NoticeFields, type NoticeFormValues } from "./notice-fields";

type Props = {
  noticeId: string;
  /** The version (updatedAt, ISO) the form was opened with: a save over a newer one is refused. */
  updatedAt: string;
  values: NoticeFormValues;
  errors: FieldErrors;
  /** Where Cancel and closing the dialog go (see UrlDialog); the form posts there too. */
  closeTo: string;
  /** The element to focus once closed (the list may have been rendered afresh). */
  returnFocusId: string;
  submitting: boolean;
};

/**
 * The Edit Notice dialog: a UrlDialog, open at ?edit=<id> or after a refused save, so the edit
 * works before JavaScript has loaded.
 */
export function NoticeEditDialog({ noticeId, updatedAt, values, errors, closeTo, returnFocusId, submitting }: Props) {
  return (
    <UrlDialog
      title="Edit Notice"
      description="Changes show on the notice boards at once."
      testId="notice-dialog"
      closeTo={closeTo}
      returnFocusId={returnFocusId}
      submitting={submitting}
      action={closeTo}
      hidden={{ intent: "update", noticeId, updatedAt }}
      formError={errors.form}
      submitLabel="Save Changes"
    >
      <NoticeFields values={values} errors={errors} />
    </UrlDialog>
  );
}
