import { z } from "zod";
import {
  ADVERT_LIMITS,
  advertContentFields,
  advertImageChoiceFields,
  ATTENTION_CHECK_FIELDS,
  attentionCheckFields,
  customCheckOf,
  refineAttentionCheck,
  type AdvertImageChoice,
} from "~/domain/adverts/validation";
import { NairaAmountSchema } from "~/domain/shared/money-schema";
import { lagosDay, lagosDayStart } from "~/lib/lagos-time";
import type { CampaignInput } from "./create-campaign.server";
import { nextDay } from "./report";
import { MIN_CAMPAIGN_REWARD_KOBO, REWARD_BELOW_MINIMUM_MESSAGE } from "./rules";

/** The campaign form's fields echoed after a refusal, in the order the page shows them (the image is a file). */
export const CAMPAIGN_FORM_FIELDS = [
  "title",
  "description",
  "rewardAmount",
  "viewsWanted",
  "startDate",
  "endDate",
  ...ATTENTION_CHECK_FIELDS,
] as const;
export type CampaignFormField = (typeof CAMPAIGN_FORM_FIELDS)[number];

/** A real calendar day typed as "YYYY-MM-DD" (what <input type="date"> sends). */
// This century only: a year such as 9999 is a typo, and the day after its last day has no date.
const isCalendarDay = (value: string) =>
  /^20\d{2}-\d{2}-\d{2}$/.test(value) && lagosDay(lagosDayStart(value)) === value;

const optionalDay = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isCalendarDay(value), `Enter the ${label} as a date, or leave it empty`);

export const END_BEFORE_START_MESSAGE = "The end date cannot be before the start date";

/**
 * The advertiser's campaign form: the advert's rules for title and description, a reward per verified view in naira (at least ₦1.00), a whole number of views, and
 * optional Africa/Lagos calendar days: the campaign runs from the start day's midnight to the
 * midnight after the end day. The image is a file read apart (decision 024); `uploadedImage` is
 * one an earlier, refused submit stored.
 */
export const campaignFormSchema = () =>
  z
    .object({
      ...advertContentFields(),
      rewardAmount: NairaAmountSchema.refine((kobo) => kobo >= MIN_CAMPAIGN_REWARD_KOBO, REWARD_BELOW_MINIMUM_MESSAGE),
      viewsWanted: z
        .string()
        .trim()
        .regex(/^\d+$/, "Views wanted must be a whole number")
        .transform((value) => (value.length > 7 ? Number.POSITIVE_INFINITY : Number(value)))
        .refine((n) => n >= 1, "Views wanted must be at least 1")
        .refine(
          (n) => n <= ADVERT_LIMITS.maxClicksMax,
          `Views wanted can be at most ${ADVERT_LIMITS.maxClicksMax.toLocaleString("en-NG")}`,
        ),
      startDate: optionalDay("start date"),
      endDate: optionalDay("end date"),
      uploadedImage: advertImageChoiceFields().uploadedImage,
      ...attentionCheckFields(),
    })
    .superRefine((form, ctx) => {
      refineAttentionCheck(form, ctx);
      if (form.startDate && form.endDate && form.endDate < form.startDate) {
        ctx.addIssue({ code: "custom", path: ["endDate"], message: END_BEFORE_START_MESSAGE });
      }
    })
    .transform((form): Omit<CampaignInput, "imageUrl"> & { image: AdvertImageChoice } => ({
      title: form.title,
      description: form.description,
      image: { uploadedImage: form.uploadedImage, removeImage: false },
      rewardKobo: form.rewardAmount,
      viewsWanted: form.viewsWanted,
      startsAt: form.startDate ? lagosDayStart(form.startDate) : null,
      endsAt: form.endDate ? lagosDayStart(nextDay(form.endDate)) : null,
      check: customCheckOf(form),
    }));
