import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ReactNode, useEffect, useId } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";

type Props = {
  title: string;
  description: string;
  testId: string;
  /** Where Cancel (a link, so it works before JavaScript) and closing the dialog go: the URL without its param. */
  closeTo: string;
  /** The element to focus once closed (the page may have been rendered afresh); see useFocusAfterClose. */
  returnFocusId: string;
  submitting: boolean;
  /** Where the form posts; by default the page's own URL. */
  action?: string;
  /** "multipart/form-data" for a form with a file input. */
  encType?: "multipart/form-data";
  /** The form's hidden inputs (the intent, the ids the action needs), in order; undefined ones are left out. */
  hidden: Record<string, string | undefined>;
  /** A refusal of the whole form, shown above the fields. */
  formError?: string;
  submitLabel: string;
  /** The fields. */
  children: ReactNode;
};

/**
 * A dialog whose being open lives in the URL (`?edit=<id>`, `/new`…) or in a refused submission:
 * the server renders it open, in place (no portal: a portal renders nothing on the server), its
 * form posts as a plain form and Cancel is a link to `closeTo`, so it works before JavaScript has
 * loaded. It is named and described in the server's HTML too (Radix links its title and
 * description only once hydrated). After a refused submit, focus starts at the first field to fix.
 */
export function UrlDialog({
  title,
  description,
  testId,
  closeTo,
  returnFocusId,
  submitting,
  action,
  encType,
  hidden,
  formError,
  submitLabel,
  children,
}: Props) {
  const ids = useId();
  const navigate = useNavigate();
  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(next) => {
        if (!next && !submitting) {
          navigate(closeTo, { preventScrollReset: true, replace: true, state: { focus: returnFocusId } });
        }
      }}
    >
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        className="fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-gray-200 bg-white p-5 shadow-xl focus:outline-none sm:p-6"
        data-testid={testId}
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
          {title}
        </DialogPrimitive.Title>
        <DialogPrimitive.Description id={`${ids}-description`} className="text-sm text-gray-600">
          {description}
        </DialogPrimitive.Description>
        <Form method="post" action={action} encType={encType} className="grid gap-4" noValidate>
          {Object.entries(hidden).map(([name, value]) =>
            value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
          )}
          <FormError message={formError} />
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline" aria-disabled={submitting || undefined}>
              <Link to={closeTo} preventScrollReset replace state={{ focus: returnFocusId }}>
                Cancel
              </Link>
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? "Saving..." : submitLabel}
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

/**
 * Focuses the element a closing navigation names (`state.focus`, as UrlDialog's Cancel and close
 * send it): the page behind the dialog may have been rendered afresh, so Radix cannot hand focus
 * back to what opened it. A ResponsiveList holds each row twice (its table and the phone's cards,
 * one of them hidden), so the element with that id that is on screen gets it.
 */
export function useFocusAfterClose() {
  const location = useLocation();
  const focusAfterClose = (location.state as { focus?: unknown } | null)?.focus;
  useEffect(() => {
    if (typeof focusAfterClose !== "string") return;
    const named = [...document.querySelectorAll<HTMLElement>(`[id="${CSS.escape(focusAfterClose)}"]`)];
    (named.find((element) => element.getClientRects().length > 0) ?? named[0])?.focus();
  }, [focusAfterClose, location.key]);
}
