import { createHash } from "node:crypto";
import { and, eq, gt, type SQL, sql } from "drizzle-orm";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import type { Database } from "~/db/client.server";
import { advertImages, adverts, campaigns } from "~/db/schema";
import {
  ADVERT_IMAGE_MAX_BYTES,
  ADVERT_IMAGE_MAX_SIDE,
  ADVERT_IMAGE_STORED_WIDTH,
  advertImagePath,
  type AdvertImageRefusal,
  UNUSED_IMAGE_KEPT_MS,
} from "./rules";

/**
 * Advert images uploaded by admins and advertisers (docs/decisions/024-advert-image-uploads.md):
 * judged by their content, re-encoded as WebP without metadata, stored in `advert_images` under
 * the SHA-256 of the stored bytes and served at `/images/<id>`. One that no advert or campaign
 * uses is deleted a day after it was last stored or taken by a form (`deleteUnusedImages`).
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
 * behind. The same picture twice is one row, whose age starts again (so the sweep of unused images
 * leaves it a day for the form to use it). Answers its address, `/images/<sha-256>`.
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
    // Under the row's lock: a sweep deleting it at this moment deletes it before (this inserts it
    // again) or finds it young after.
    .onConflictDoUpdate({ target: advertImages.id, set: { createdAt: sql`now()` } });
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

/**
 * Takes an image an earlier submit of the form uploaded (its hidden `uploadedImage`) for the advert
 * or campaign being saved: true when it is stored and less than a day old, and then its age starts
 * again, so the sweep cannot delete it before the advert or campaign that uses it is saved (the
 * UPDATE waits for a sweep deleting it, and a sweep rechecks the age of a row this changed). False
 * for an image no longer stored, or older than a day: the sweep is about to delete it.
 */
export async function takeUploadedImage(db: Database, id: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(advertImages)
    .set({ createdAt: now })
    .where(and(eq(advertImages.id, id), gt(advertImages.createdAt, new Date(now.getTime() - UNUSED_IMAGE_KEPT_MS))))
    .returning({ id: advertImages.id });
  return rows.length > 0;
}

/** Images deleted per statement by the sweep (each row's bytes are up to 1 MB). */
const SWEEP_BATCH = 100;
/** Batches per run at most; the rest wait for the next run (hourly). */
const SWEEP_MAX_BATCHES = 50;

/**
 * Deletes images that no advert and no campaign uses and that were last stored or taken by a form
 * more than a day before `now` (a campaign preview's upload never used, an image an advert dropped),
 * in batches of 100; answers how many. The hourly job runs it. Each batch is one DELETE whose WHERE
 * checks the age and both references of the row it deletes, so an advert or campaign saved before
 * it keeps its image, and one saved while it runs took its image first (`takeUploadedImage`,
 * `storeAdvertImage`), which leaves that row out. Safe to run from several processes at once.
 */
export async function deleteUnusedImages(
  db: Database,
  now = new Date(),
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? SWEEP_BATCH;
  const maxBatches = options.maxBatches ?? SWEEP_MAX_BATCHES;
  const cutoff = sql`${new Date(now.getTime() - UNUSED_IMAGE_KEPT_MS).toISOString()}::timestamptz`;
  // An image by its id and age (a column of the row deleted, or of a candidate): unused and old.
  const unused = (id: SQL, createdAt: SQL) => sql`${createdAt} < ${cutoff}
      and not exists (select 1 from ${adverts} where ${adverts.imageUrl} = '/images/' || ${id})
      and not exists (select 1 from ${campaigns} where ${campaigns.imageUrl} = '/images/' || ${id})`;
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const rows = await db
      .delete(advertImages)
      .where(
        // The candidates, a batch at a time; the same conditions again on the row deleted, which
        // PostgreSQL rechecks on its latest version when a concurrent form took it meanwhile.
        sql`${advertImages.id} in (
            select candidate.id from ${advertImages} as candidate
            where ${unused(sql`candidate.id`, sql`candidate.created_at`)}
            limit ${batchSize})
          and ${unused(sql`${advertImages.id}`, sql`${advertImages.createdAt}`)}`,
      )
      .returning({ id: advertImages.id });
    deleted += rows.length;
    if (rows.length < batchSize) break;
  }
  return deleted;
}
