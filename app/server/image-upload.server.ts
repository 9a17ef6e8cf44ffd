import type { Database } from "~/db/client.server";
import { storeAdvertImage, takeUploadedImage } from "~/domain/images/advert-images.server";
import { ADVERT_IMAGE_REFUSALS, UPLOADED_IMAGE_EXPIRED_MESSAGE } from "~/domain/images/rules";
import type { AdvertImageChoice } from "~/domain/adverts/validation";
import { IMAGE_UPLOADS_PER_ADVERTISER_PER_HOUR, refundOnFailure, type RateLimits } from "./rate-limit.server";

/**
 * The forms that carry an advert's image (Manage Adverts' dialog, the advertiser's campaign form):
 * a multipart post whose size server/app.ts caps before it is read (decision 024).
 */

/** The file input's name. */
export const IMAGE_FIELD = "image";

/**
 * Reads a form that may carry an image: its text fields as readForm reads them, and the chosen
 * file's bytes (null when none was chosen: browsers then send an empty, unnamed file).
 */
export async function readFormWithImage(request: Request) {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in fields)) fields[key] = value;
  const file = form.get(IMAGE_FIELD);
  const image =
    file !== null && typeof file !== "string" && (file.size > 0 || file.name !== "")
      ? new Uint8Array(await file.arrayBuffer())
      : null;
  return { fields, image };
}

export type AdvertImageAnswer =
  /** The advert's image: an address, null for none, undefined to keep the one it has. */
  | { status: "ok"; imageUrl: string | null | undefined }
  /** `retryAfter` (seconds) when the uploader's hourly uploads are used up. */
  | { status: "refused"; message: string; retryAfter?: number };

/** Whose uploads a file counts against (`imageUploadAdvertiser`): an advertiser's; admins' are not counted. */
export type UploadAllowance = { rateLimits: RateLimits; advertiserId: string };

/** The refusal past an advertiser's hourly uploads: the file is not read; an image already chosen stays usable. */
export function tooManyUploadsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return (
    `You have uploaded ${IMAGE_UPLOADS_PER_ADVERTISER_PER_HOUR} images in the last hour, the most allowed. ` +
    `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`
  );
}

/**
 * What the form asks of the advert's image: a new file (checked and stored), else "Remove image",
 * else an image an earlier submit stored (a refused one, or "Show budget") if it is less than a
 * day old, else nothing (keep it, or none when new). With `allowance`, a file counts against the
 * advertiser's uploads an hour, whatever its verdict, and is refused unread past them.
 */
export async function advertImageFromForm(
  db: Database,
  uploadedById: string,
  file: Uint8Array | null,
  choice: AdvertImageChoice,
  allowance?: UploadAllowance,
): Promise<AdvertImageAnswer> {
  if (file) {
    const store = () => storeAdvertImage(db, uploadedById, file);
    let stored: Awaited<ReturnType<typeof store>>;
    if (allowance) {
      const { rateLimits, advertiserId } = allowance;
      const wait = await rateLimits.consume("imageUploadAdvertiser", advertiserId);
      if (wait) return { status: "refused", message: tooManyUploadsMessage(wait), retryAfter: wait };
      stored = await refundOnFailure(rateLimits, "imageUploadAdvertiser", advertiserId, store);
    } else {
      stored = await store();
    }
    return stored.status === "ok"
      ? { status: "ok", imageUrl: stored.address }
      : { status: "refused", message: ADVERT_IMAGE_REFUSALS[stored.status] };
  }
  if (choice.removeImage) return { status: "ok", imageUrl: null };
  if (choice.uploadedImage) {
    const id = choice.uploadedImage.slice("/images/".length);
    // Its age starts again, so the sweep of unused images leaves it while the advert is saved.
    return (await takeUploadedImage(db, id))
      ? { status: "ok", imageUrl: choice.uploadedImage }
      : { status: "refused", message: UPLOADED_IMAGE_EXPIRED_MESSAGE };
  }
  return { status: "ok", imageUrl: undefined };
}
