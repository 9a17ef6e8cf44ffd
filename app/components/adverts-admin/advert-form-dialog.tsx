import {
  AttentionCheckFields,
  EMPTY_ATTENTION_CHECK,
  type AttentionCheckValues,
} from "~/components/attention-check-fields";
import { FormField, TextAreaField } from "~/components/form-field";
import { ImageUploadField } from "~/components/image-upload-field";
import { UrlDialog } from "~/components/ui/url-dialog";
import { ADVERT_LIMITS } from "~/domain/adverts/validation";
import type { FieldErrors } from "~/lib/forms";

/** What the form shows: the text typed (or saved), never parsed numbers. */
export type AdvertFormValues = {
  title: string;
  description: string;
  rewardAmount: string;
  maxClicks: string;
  /** An image a refused submit already stored (`/images/<id>`). */
  uploadedImage: string;
  /** "on" when Remove image was ticked. */
  removeImage: string;
} & AttentionCheckValues;

export const EMPTY_ADVERT_FORM: AdvertFormValues = {
  title: "",
  description: "",
  rewardAmount: "",
  maxClicks: "",
  uploadedImage: "",
  removeImage: "",
  ...EMPTY_ATTENTION_CHECK,
};

type Props = {
  mode: "create" | "update";
  /** The advert being edited (update only). */
  advertId?: string;
  /** Clicks already used (update only): max clicks cannot go below it. */
  currentClicks?: number;
  values: AdvertFormValues;
  /** The picture the advert shows now (update only; an acceptable address, else null). */
  currentImageSrc?: string | null;
  /** The settings' limits, formatted ("₦1,000.00"): shown as hints, enforced by the server. */
  limits: { maxReward: string; maxBudget: string };
  errors: FieldErrors;
  /** Where Cancel and closing the dialog go (see UrlDialog). */
  closeTo: string;
  /** The element to focus once closed (the list page may have been rendered afresh). */
  returnFocusId: string;
  submitting: boolean;
};

/**
 * The Create Advert / Edit Advert dialog: a UrlDialog, open at /admin/adverts/new or ?edit=<id>
 * or after a refused submission, so it works before JavaScript has loaded.
 */
export function AdvertFormDialog({
  mode,
  advertId,
  currentClicks,
  values,
  currentImageSrc,
  limits,
  errors,
  closeTo,
  returnFocusId,
  submitting,
}: Props) {
  const creating = mode === "create";
  return (
    <UrlDialog
      title={creating ? "Create Advert" : "Edit Advert"}
      description={
        creating
          ? "Each member who views this advert is paid the reward once, until the max clicks are used."
          : "A new reward applies to views claimed from now on."
      }
      testId="advert-dialog"
      closeTo={closeTo}
      returnFocusId={returnFocusId}
      submitting={submitting}
      encType="multipart/form-data"
      hidden={{ intent: mode, advertId: advertId || undefined }}
      formError={errors.form}
      submitLabel={creating ? "Create Advert" : "Save Changes"}
    >
      <FormField
        label="Title"
        name="title"
        required
        maxLength={ADVERT_LIMITS.titleMax}
        autoComplete="off"
        defaultValue={values.title}
        error={errors.title}
      />
      <TextAreaField
        label="Description"
        name="description"
        required
        maxLength={ADVERT_LIMITS.descriptionMax}
        defaultValue={values.description}
        error={errors.description}
      />
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
              : "Paid views before the advert completes, one per member.") +
            ` Reward × max clicks at most ${limits.maxBudget}.`
          }
          defaultValue={values.maxClicks}
          error={errors.maxClicks}
        />
      </div>
      <ImageUploadField
        currentSrc={values.uploadedImage || currentImageSrc || null}
        uploadedImage={values.uploadedImage || undefined}
        removeImage={values.removeImage === "on"}
        error={errors.image ?? errors.uploadedImage}
        title={values.title}
        disabled={submitting}
      />
      <AttentionCheckFields values={values} errors={errors} />
    </UrlDialog>
  );
}
