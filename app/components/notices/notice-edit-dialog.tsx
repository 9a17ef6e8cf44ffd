import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useId } from "react";
import { Form, Link } from "react-router";
import { FormError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import type { FieldErrors } from "~/lib/forms";
import { NoticeFields, type NoticeFormValues } from "./notice-fields";

type Props = {
  noticeId: string;
  /** The version (updatedAt, ISO) the form was opened with: a save over a newer one is refused. */
  updatedAt: string;
  values: NoticeFormValues;
  errors: FieldErrors;
  /** Where Cancel (a link, so it works before JavaScript) and closing the dialog go. */
  closeTo: string;
  /** The element to focus once closed (the list may have been rendered afresh). */
  returnFocusId: string;
  onClose: () => void;
  submitting: boolean;
};

/**
 * The Edit Notice dialog. Whether it is open lives in the URL (?edit=<id>) or in a refused save,
 * so the server renders it open, in place (no portal), and its form posts as a plain form: the
 * edit works before JavaScript has loaded.
 */
export function NoticeEditDialog({
  noticeId,
  updatedAt,
  values,
  errors,
  closeTo,
  returnFocusId,
  onClose,
  submitting,
}: Props) {
  // Named in the server's HTML too (Radix links title and description only once hydrated).
  const ids = useId();
  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(next) => {
        if (!next && !submitting) onClose();
      }}
    >
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        className="fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-gray-200 bg-white p-5 shadow-xl focus:outline-none sm:p-6"
        data-testid="notice-dialog"
        aria-labelledby={`${ids}-title`}
        aria-describedby={`${ids}-description`}
        onOpenAutoFocus={(event) => {
          const invalid = (event.currentTarget as HTMLElement).querySelector<HTMLElement>('[aria-invalid="true"]');
          if (invalid) {
            event.preventDefault();
            invalid.focus();
          }
        }}
      >
        <DialogPrimitive.Title id={`${ids}-title`} className="pr-8 text-lg font-semibold text-gray-900">
          Edit Notice
        </DialogPrimitive.Title>
        <DialogPrimitive.Description id={`${ids}-description`} className="text-sm text-gray-600">
          Changes show on the notice boards at once.
        </DialogPrimitive.Description>
        <Form method="post" action={closeTo} className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="noticeId" value={noticeId} />
          <input type="hidden" name="updatedAt" value={updatedAt} />
          <FormError message={errors.form} />
          <NoticeFields values={values} errors={errors} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline" aria-disabled={submitting || undefined}>
              <Link to={closeTo} preventScrollReset replace state={{ focus: returnFocusId }}>
                Cancel
              </Link>
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </Form>
        <DialogPrimitive.Close
          aria-label="Close"
          disabled={submitting}
          className="absolute right-3 top-3 rounded p-2 text-gray-500 hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <X className="h-4 w-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Root>
  );
}
