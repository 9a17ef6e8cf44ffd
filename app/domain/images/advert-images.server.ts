import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import type { Database } from "~/db/client.server";
import { advertImages } from "~/db/schema";
import {
  ADVERT_IMAGE_MAX_BYTES,
  ADVERT_IMAGE_MAX_SIDE,
  ADVERT_IMAGE_STORED_WIDTH,
  advertImagePath,
  type AdvertImageRefusal,
} from "./rules";

/**
 * Advert images uploaded by admins and advertisers (docs/decisions/024-advert-image-uploads.md):
 * judged by their content, re-encoded as WebP without metadata, stored in `advert_images` under
 * the SHA-256 of the stored bytes and served at `/images/<id>`.
 */

/** What sharp may decode at most: a picture 4000 × 4000; anything bigger is refused unread. */
const MAX_INPUT_PIXELS = ADVERT_IMAGE_MAX_SIDE * ADVERT_IMAGE_MAX_SIDE;

/** sharp's names for the formats accepted. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

const WEBP_QUALITY = 80;

export type StoreAdvertImageResult =
  { status: "ok"; address: string; id: string; width: number; height: number } | { status: AdvertImageRefusal };

/**
 * Checks an uploaded file's bytes and stores the picture: JPEG, PNG or WebP (by its content: the
 * file's name and declared type are not asked), at most 1 MB and 4000 pixels a side. It is turned
 * upright, narrowed to 1200 pixels and written again as WebP, which leaves its EXIF (GPS, camera)
 * behind. The same picture twice is one row. Answers its address, `/images/<sha-256>`.
 */
export async function storeAdvertImage(
  db: Database,
  uploadedById: string,
  bytes: Uint8Array,
): Promise<StoreAdvertImageResult> {
  if (bytes.byteLength > ADVERT_IMAGE_MAX_BYTES) return { status: "too-large" };
  if (bytes.byteLength === 0) return { status: "not-an-image" };
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;
  let metadata: Metadata;
  try {
    // Reads the header only: nothing is decoded yet, so no pixel limit is needed to say how big it is.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { status: "not-an-image" };
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) return { status: "not-an-image" };
  if (!metadata.width || !metadata.height) return { status: "not-an-image" };
  if (metadata.width > ADVERT_IMAGE_MAX_SIDE || metadata.height > ADVERT_IMAGE_MAX_SIDE) {
    return { status: "too-many-pixels" };
  }
  let stored: { data: Buffer; info: OutputInfo };
  try {
    stored = await sharp(bytes, options)
      .autoOrient()
      .resize({ width: ADVERT_IMAGE_STORED_WIDTH, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A header that promised a picture over a body that is not one.
    return { status: "not-an-image" };
  }
  if (stored.data.byteLength > ADVERT_IMAGE_MAX_BYTES) return { status: "too-large" };
  const id = createHash("sha256").update(stored.data).digest("hex");
  const { width, height } = stored.info;
  await db
    .insert(advertImages)
    .values({ id, contentType: "image/webp", bytes: stored.data, width, height, uploadedById })
    .onConflictDoNothing({ target: advertImages.id });
  return { status: "ok", address: advertImagePath(id), id, width, height };
}

/** A stored image by its id (the address's last part), or null. */
export async function findAdvertImage(
  db: Database,
  id: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ contentType: advertImages.contentType, bytes: advertImages.bytes })
    .from(advertImages)
    .where(eq(advertImages.id, id));
  return row ?? null;
}

/** Whether an image is stored under this id. */
export async function advertImageExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: advertImages.id }).from(advertImages).where(eq(advertImages.id, id));
  return row !== undefined;
}
