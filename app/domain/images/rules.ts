export { isUploadedImagePath } from "~/domain/shared/image-url";

/**
 * Uploaded advert images (an admin's advert, an advertiser's campaign): what is accepted, and the
 * words of each refusal. Pure: the forms use them in the browser too (docs/decisions/024).
 */

/** What the file input offers; the server judges the bytes, never the name or declared type. */
export const ADVERT_IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

/** 1 MB, as uploaded. */
export const ADVERT_IMAGE_MAX_BYTES = 1_048_576;

/** Refused above this on either side, before anything is decoded. */
export const ADVERT_IMAGE_MAX_SIDE = 4_000;

/** Stored at most this wide (never enlarged). */
export const ADVERT_IMAGE_STORED_WIDTH = 1_200;

export const advertImagePath = (id: string) => `/images/${id}`;

export type AdvertImageRefusal = "not-an-image" | "too-large" | "too-many-pixels";

export const ADVERT_IMAGE_REFUSALS: Record<AdvertImageRefusal, string> = {
  "not-an-image": "The image must be a JPEG, PNG or WebP picture.",
  "too-large": "The image must be 1 MB or smaller.",
  "too-many-pixels": `The image must be at most ${ADVERT_IMAGE_MAX_SIDE.toLocaleString("en-NG")} pixels on each side.`,
};

export const ADVERT_IMAGE_HINT = "A JPEG, PNG or WebP picture, 1 MB or smaller. It is shown at most 1,200 pixels wide.";

/**
 * An image no advert or campaign uses is deleted once it is this old (issue 42): a campaign's
 * "Show budget" upload, an image an advert dropped. Its age runs from when it was last stored or
 * taken by a form (`advert_images.created_at`), so a form may use an earlier upload for a day.
 */
export const UNUSED_IMAGE_KEPT_MS = 24 * 60 * 60 * 1000;

/** A form sent back an image uploaded more than a day ago that nothing used: it is (or is about to be) deleted. */
export const UPLOADED_IMAGE_EXPIRED_MESSAGE =
  "The image chosen earlier was kept for a day only and has been removed: choose it again.";
