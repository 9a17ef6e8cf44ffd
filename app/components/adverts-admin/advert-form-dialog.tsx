import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useId } from "react";
import { Form, Link } from "react-router";
import { FormError, FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { ADVERT_LIMITS } from "~/domain/adverts/validation";
import type { FieldErrors } from "~/lib/forms";

/** What the form shows: the text typed (or saved), never parsed numbers. */
export type AdvertFormValues = {
  title: string;
  description: string;
  rewardAmount: string;
  maxClicks: string;
  imageUrl: string;
};

export const EMPTY_ADVERT_FORM: AdvertFormValues = {
  title: "",
  description: "",
  rewardAmount: "",
  maxClicks: "",
  imageUrl: "",
};

type Props = {
  mode: "create" | "update";
  /** The advert being edited (update only). */
  advertId?: string;
  /** Clicks already used (update only): max clicks cannot go below it. */
  currentClicks?: number;
  values: AdvertFormValues;
  /** The settings' limits, formatted ("₦1,000.00"): shown as hints, enforced by the server. */
  limits: { maxReward: string; maxBudget: string };
  errors: FieldErrors;
  /** Where Cancel (a link, so it works before JavaScript) and closing the dialog go. */
  closeTo: string;
  /** The element to focus once closed (the list page may have been rendered afresh). */
  returnFocusId: string;
  onClose: () => void;
  submitting: boolean;
};

/**
 * The Create Advert / Edit Advert dialog. Whether it is open lives in the URL
 * (/admin/adverts/new, ?edit=<id>) or in a refused submission, so the server renders it open and
 * the form posts as a plain form: it works before JavaScript has loaded. It is rendered in place
 * (no portal) for the same reason: a portal renders nothing on the server.
 */
export function AdvertFormDialog({
  mode,
  advertId,
  currentClicks,
  values,
  limits,
  errors,
  closeTo,
  returnFocusId,
  onClose,
  submitting,
}: Props) {
  const ids = useId();
  const creating = mode === "create";
  const descriptionError = errors.description;
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
        data-testid="advert-dialog"
        onOpenAutoFocus={(event) => {
          // After a refused submit, start at the first field to fix rather than the title.
          const invalid = (event.currentTarget as HTMLElement).querySelector<HTMLElement>('[aria-invalid="true"]');
          if (invalid) {
            event.preventDefault();
            invalid.focus();
          }
        }}
      >
        <DialogPrimitive.Title className="pr-8 text-lg font-semibold text-gray-900">
          {creating ? "Create Advert" : "Edit Advert"}
        </DialogPrimitive.Title>
        <DialogPrimitive.Description className="text-sm text-gray-600">
          {creating
            ? "Members earn the reward each time they view this advert, until the max clicks are used."
            : "A new reward applies to views claimed from now on."}
        </DialogPrimitive.Description>
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value={mode} />
          {advertId ? <input type="hidden" name="advertId" value={advertId} /> : null}
          <FormError message={errors.form} />
          <FormField
            label="Title"
            name="title"
            required
            maxLength={ADVERT_LIMITS.titleMax}
            autoComplete="off"
            defaultValue={values.title}
            error={errors.title}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-description`}>Description</Label>
            <textarea
              id={`${ids}-description`}
              name="description"
              required
              rows={4}
              maxLength={ADVERT_LIMITS.descriptionMax}
              defaultValue={values.description}
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={descriptionError ? `${ids}-description-error` : undefined}
              className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-gray-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500"
            />
            {descriptionError ? (
              <p id={`${ids}-description-error`} className="text-sm text-red-700" role="alert">
                {descriptionError}
              </p>
            ) : null}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Reward Amount (₦)"
              name="rewardAmount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
              maxLength={24}
              placeholder="25.00"
              hint={`In naira, up to 2 decimal places; at most ${limits.maxReward}.`}
              defaultValue={values.rewardAmount}
              error={errors.rewardAmount}
            />
            <FormField
              label="Max Clicks"
              name="maxClicks"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              required
              maxLength={9}
              placeholder="100"
              hint={
                (currentClicks && currentClicks > 0
                  ? `${currentClicks.toLocaleString("en-NG")} already used; cannot go lower.`
                  : "Paid views before the advert completes.") + ` Reward × max clicks at most ${limits.maxBudget}.`
              }
              defaultValue={values.maxClicks}
              error={errors.maxClicks}
            />
          </div>
          <FormField
            label="Image URL (optional)"
            name="imageUrl"
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={ADVERT_LIMITS.imageUrlMax}
            placeholder="https://example.com/advert.jpg"
            hint="An https:// address, or leave it empty."
            defaultValue={values.imageUrl}
            error={errors.imageUrl}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline" aria-disabled={submitting || undefined}>
              <Link to={closeTo} preventScrollReset replace state={{ focus: returnFocusId }}>
                Cancel
              </Link>
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? "Saving..." : creating ? "Create Advert" : "Save Changes"}
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
