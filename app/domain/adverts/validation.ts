import { z } from "zod";
import type { Kobo } from "~/domain/shared/money";
import { type ImageUrlRules, isAcceptableImageUrl } from "~/domain/shared/image-url";
import { NairaAmountSchema } from "~/domain/shared/money-schema";

export const ADVERT_LIMITS = {
  titleMax: 120,
  descriptionMax: 2_000,
  maxClicksMax: 1_000_000,
  imageUrlMax: 500,
} as const;

/** What createAdvert/updateAdvert take: already parsed, reward in kobo. */
export type AdvertInput = {
  title: string;
  description: string;
  rewardKobo: Kobo;
  maxClicks: number;
  imageUrl: string | null;
};

/** An https:// address (scheme in lower case, as the database CHECK reads it) with a host and no credentials. */
export function isHttpsUrl(value: string): boolean {
  if (value.length > ADVERT_LIMITS.imageUrlMax || /\s/.test(value) || !value.startsWith("https://")) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const ADVERT_IMAGE_URL_MESSAGE = "Enter an https:// image address on another site, or leave it empty";

/**
 * An advert's image: an https:// image on another site than the app (app/domain/shared/image-url.ts);
 * not the app's own files (the adverts table holds https:// addresses only).
 */
export const advertImageRules = (appOrigin: string | URL): ImageUrlRules => ({ appOrigin, allowAppAssets: false });

/**
 * What members see of an advert, as its forms take it (an admin's advert and an advertiser's
 * campaign alike): title, description, and an optional https image on another site.
 */
export const advertContentFields = (appOrigin: string | URL) => ({
  title: z
    .string()
    .trim()
    .min(1, "Title is required")
    .max(ADVERT_LIMITS.titleMax, `Title is too long (${ADVERT_LIMITS.titleMax} characters at most)`),
  description: z
    .string()
    .trim()
    .min(1, "Description is required")
    .max(ADVERT_LIMITS.descriptionMax, `Description is too long (${ADVERT_LIMITS.descriptionMax} characters at most)`),
  imageUrl: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isAcceptableImageUrl(value, advertImageRules(appOrigin)), {
      message: ADVERT_IMAGE_URL_MESSAGE,
    }),
});

const MaxClicksSchema = z
  .string()
  .trim()
  .regex(/^\d+$/, "Max clicks must be a whole number")
  .transform((value) => (value.length > 7 ? Number.POSITIVE_INFINITY : Number(value)))
  .refine((n) => n >= 1, "Max clicks must be at least 1")
  .refine(
    (n) => n <= ADVERT_LIMITS.maxClicksMax,
    `Max clicks can be at most ${ADVERT_LIMITS.maxClicksMax.toLocaleString("en-NG")}`,
  );

/**
 * The Manage Adverts create/edit form (title, description, reward amount in naira with
 * at most 2 decimals, max clicks; image URL optional). Field names are the form's. `appOrigin`
 * is APP_URL's: images there are refused.
 */
export const advertFormSchema = (appOrigin: string | URL) => {
  // In the form's order: the image comes last there, and the first field refused names the toast.
  const { title, description, imageUrl } = advertContentFields(appOrigin);
  return z
    .object({
      title,
      description,
      rewardAmount: NairaAmountSchema.refine((kobo) => kobo > 0n, "Reward must be more than ₦0.00."),
      maxClicks: MaxClicksSchema,
      imageUrl,
    })
    .transform((form): AdvertInput => ({
      title: form.title,
      description: form.description,
      rewardKobo: form.rewardAmount,
      maxClicks: form.maxClicks,
      imageUrl: form.imageUrl,
    }));
};

/**
 * The same rules for callers that skip the form (a script, a future API): refuses what the
 * form would refuse instead of relying on the database CHECKs alone.
 */
export function assertAdvertInput(input: AdvertInput): void {
  const problems: string[] = [];
  if (!input.title.trim() || input.title.length > ADVERT_LIMITS.titleMax) problems.push("title");
  if (!input.description.trim() || input.description.length > ADVERT_LIMITS.descriptionMax)
    problems.push("description");
  if (typeof input.rewardKobo !== "bigint" || input.rewardKobo <= 0n) problems.push("rewardKobo");
  if (!Number.isInteger(input.maxClicks) || input.maxClicks < 1 || input.maxClicks > ADVERT_LIMITS.maxClicksMax) {
    problems.push("maxClicks");
  }
  if (input.imageUrl !== null && !isHttpsUrl(input.imageUrl)) problems.push("imageUrl");
  if (problems.length) throw new RangeError(`Invalid advert: ${problems.join(", ")}`);
}
