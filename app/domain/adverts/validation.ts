import { z } from "zod";
import type { Kobo } from "~/domain/shared/money";
import { type ImageUrlRules, isUploadedImagePath } from "~/domain/shared/image-url";
import { NairaAmountSchema } from "~/domain/shared/money-schema";
import type { CustomCheck } from "./attention-check";

export const ADVERT_LIMITS = {
  checkQuestionMax: 150,
  checkAnswerMax: 80,
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
  /** Its own attention check; null: the default (its title among others'). Left out: none (create), kept (update). */
  check?: CustomCheck | null;
};

/** What updateAdvert takes: an advert's fields, `imageUrl` left out (undefined) to keep its image. */
export type AdvertUpdate = Omit<AdvertInput, "imageUrl"> & { imageUrl?: string | null };

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

/**
 * An advert's image, as stored and shown: an uploaded image (`/images/<sha-256>`, decision 024), or
 * an https:// image on another site than the app typed before uploads (app/domain/shared/image-url.ts);
 * never the app's own files.
 */
export const advertImageRules = (appOrigin: string | URL): ImageUrlRules => ({
  appOrigin,
  allowAppAssets: false,
  allowUploads: true,
});

/**
 * What members see of an advert, as its forms take it (an admin's advert and an advertiser's
 * campaign alike): title and description. The image is a file of its own (decision 024).
 */
export const advertContentFields = () => ({
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
});

/** The attention check's fields as the forms name them (an admin's advert and a campaign alike). */
export const ATTENTION_CHECK_FIELDS = [
  "checkQuestion",
  "checkAnswer",
  "checkWrong1",
  "checkWrong2",
  "checkWrong3",
] as const;

const checkText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long (${max} characters at most)`)
    .optional()
    .transform((value) => value ?? "");

/** The five optional fields of an advert's own attention check (all or none: refineAttentionCheck). */
export const attentionCheckFields = () => ({
  checkQuestion: checkText("The question", ADVERT_LIMITS.checkQuestionMax),
  checkAnswer: checkText("The right answer", ADVERT_LIMITS.checkAnswerMax),
  checkWrong1: checkText("A wrong answer", ADVERT_LIMITS.checkAnswerMax),
  checkWrong2: checkText("A wrong answer", ADVERT_LIMITS.checkAnswerMax),
  checkWrong3: checkText("A wrong answer", ADVERT_LIMITS.checkAnswerMax),
});

type CheckForm = Record<(typeof ATTENTION_CHECK_FIELDS)[number], string>;

/**
 * An advert's own check is all five fields or none (empty: members are asked for the title), with
 * four different answers; the first field in the way is named.
 */
export function refineAttentionCheck(form: CheckForm, ctx: z.RefinementCtx): void {
  const filled = ATTENTION_CHECK_FIELDS.filter((f) => form[f] !== "");
  if (filled.length === 0) return;
  const missing = ATTENTION_CHECK_FIELDS.find((f) => form[f] === "");
  if (missing) {
    ctx.addIssue({
      code: "custom",
      path: [missing],
      message: "Fill in the question, the right answer and three wrong answers, or leave all five empty",
    });
    return;
  }
  const answers = ATTENTION_CHECK_FIELDS.slice(1);
  const seen = new Set<string>();
  for (const field of answers) {
    const key = form[field].toLowerCase();
    if (seen.has(key)) {
      ctx.addIssue({ code: "custom", path: [field], message: "The four answers must all be different" });
      return;
    }
    seen.add(key);
  }
}

/** The check the five fields make (refineAttentionCheck passed), or null when left empty. */
export const customCheckOf = (form: CheckForm): CustomCheck | null =>
  form.checkQuestion
    ? {
        question: form.checkQuestion,
        answer: form.checkAnswer,
        wrongAnswers: [form.checkWrong1, form.checkWrong2, form.checkWrong3],
      }
    : null;

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

export const UPLOADED_IMAGE_LOST_MESSAGE = "Choose the image again.";

/**
 * What a form with an image file posts beside the file (decision 024): `uploadedImage`, the
 * address of a picture an earlier, refused submit already stored (so it is not sent again), and
 * `removeImage`, the edit form's "Remove image" box. The file itself is read apart from the schema.
 */
export const advertImageChoiceFields = () => ({
  uploadedImage: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isUploadedImagePath(value), UPLOADED_IMAGE_LOST_MESSAGE),
  removeImage: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

/** What the image fields ask for, besides a new file: an image already uploaded, and whether to remove the advert's. */
export type AdvertImageChoice = { uploadedImage: string | null; removeImage: boolean };

/**
 * The Manage Adverts create/edit form (title, description, reward amount in naira with
 * at most 2 decimals, max clicks; then the image's choices, the file being read apart). Field
 * names are the form's.
 */
export const advertFormSchema = () => {
  // In the form's order: the image comes last there, and the first field refused names the toast.
  const { title, description } = advertContentFields();
  return z
    .object({
      title,
      description,
      rewardAmount: NairaAmountSchema.refine((kobo) => kobo > 0n, "Reward must be more than ₦0.00."),
      maxClicks: MaxClicksSchema,
      ...attentionCheckFields(),
      ...advertImageChoiceFields(),
    })
    .superRefine(refineAttentionCheck)
    .transform((form): Omit<AdvertInput, "imageUrl"> & { image: AdvertImageChoice } => ({
      title: form.title,
      description: form.description,
      rewardKobo: form.rewardAmount,
      maxClicks: form.maxClicks,
      check: customCheckOf(form),
      image: { uploadedImage: form.uploadedImage, removeImage: form.removeImage },
    }));
};

/**
 * The same rules for callers that skip the form (a script, a future API): refuses what the
 * form would refuse instead of relying on the database CHECKs alone.
 */
export function assertAdvertInput(input: AdvertInput | AdvertUpdate): void {
  const problems: string[] = [];
  if (!input.title.trim() || input.title.length > ADVERT_LIMITS.titleMax) problems.push("title");
  if (!input.description.trim() || input.description.length > ADVERT_LIMITS.descriptionMax)
    problems.push("description");
  if (typeof input.rewardKobo !== "bigint" || input.rewardKobo <= 0n) problems.push("rewardKobo");
  if (!Number.isInteger(input.maxClicks) || input.maxClicks < 1 || input.maxClicks > ADVERT_LIMITS.maxClicksMax) {
    problems.push("maxClicks");
  }
  if (typeof input.imageUrl === "string" && !isHttpsUrl(input.imageUrl) && !isUploadedImagePath(input.imageUrl)) {
    problems.push("imageUrl");
  }
  if (input.check) {
    const { question, answer, wrongAnswers } = input.check;
    const answers = [answer, ...wrongAnswers].map((a) => a.trim().toLowerCase());
    if (!question.trim() || question.length > ADVERT_LIMITS.checkQuestionMax) problems.push("check");
    else if (answers.some((a) => !a || a.length > ADVERT_LIMITS.checkAnswerMax) || new Set(answers).size !== 4) {
      problems.push("check");
    }
  }
  if (problems.length) throw new RangeError(`Invalid advert: ${problems.join(", ")}`);
}
