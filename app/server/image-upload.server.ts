import type { Database } from "~/db/client.server";
import { advertImageExists, storeAdvertImage } from "~/domain/images/advert-images.server";
import { ADVERT_IMAGE_REFUSALS } from "~/domain/images/rules";
import { UPLOADED_IMAGE_LOST_MESSAGE, type AdvertImageChoice } from "~/domain/adverts/validation";

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
  { status: "ok"; imageUrl: string | null | undefined } | { status: "refused"; message: string };

/**
 * What the form asks of the advert's image: a new file (checked and stored), else "Remove image",
 * else an image an earlier refused submit stored, else nothing (keep it, or none when new).
 */
export async function advertImageFromForm(
  db: Database,
  uploadedById: string,
  file: Uint8Array | null,
  choice: AdvertImageChoice,
): Promise<AdvertImageAnswer> {
  if (file) {
    const stored = await storeAdvertImage(db, uploadedById, file);
    return stored.status === "ok"
      ? { status: "ok", imageUrl: stored.address }
      : { status: "refused", message: ADVERT_IMAGE_REFUSALS[stored.status] };
  }
  if (choice.removeImage) return { status: "ok", imageUrl: null };
  if (choice.uploadedImage) {
    const id = choice.uploadedImage.slice("/images/".length);
    return (await advertImageExists(db, id))
      ? { status: "ok", imageUrl: choice.uploadedImage }
      : { status: "refused", message: UPLOADED_IMAGE_LOST_MESSAGE };
  }
  return { status: "ok", imageUrl: undefined };
}
