import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { advertImages, adverts, campaigns } from "~/db/schema";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { openTestDatabase } from "~test/database";
import { advertAdmin, approvedAdvertiser, campaignInput, postAdvert } from "~test/factories";
import { smallPng } from "~test/images";
import { deleteUnusedImages, storeAdvertImage, takeUploadedImage } from "./advert-images.server";
import { UNUSED_IMAGE_KEPT_MS } from "./rules";

/**
 * Images no advert or campaign uses are deleted a day after they were last stored or taken by a
 * form (issue 42): a campaign preview's upload lives at most a day unless the campaign is created.
 */

const { db, kind } = await openTestDatabase();
const HOUR = 60 * 60 * 1000;
let uploaderId: string;
beforeAll(async () => {
  uploaderId = (await approvedAdvertiser(db)).id;
});

let side = 100;
/** A new picture stored `ageMs` ago (each call a different one): its id and address. */
async function imageAged(ageMs: number) {
  const stored = await storeAdvertImage(db, uploaderId, await smallPng(side, side++));
  if (stored.status !== "ok") throw new Error(stored.status);
  await db
    .update(advertImages)
    .set({ createdAt: new Date(Date.now() - ageMs) })
    .where(eq(advertImages.id, stored.id));
  return stored;
}

const stillStored = async (ids: string[]) =>
  (await db.select({ id: advertImages.id }).from(advertImages).where(inArray(advertImages.id, ids)))
    .map((row) => row.id)
    .sort();

const campaignWith = async (imageUrl: string) => {
  const result = await createCampaign(db, uploaderId, campaignInput({ imageUrl }));
  if (result.status !== "ok") throw new Error(result.status);
  return result.campaign;
};

describe("deleteUnusedImages", () => {
  it("deletes an image nothing uses once it is a day old; keeps the younger ones and those an advert or campaign uses", async () => {
    const unusedOld = await imageAged(25 * HOUR);
    const unusedYoung = await imageAged(23 * HOUR);
    const advertsOld = await imageAged(30 * 24 * HOUR);
    const campaignsOld = await imageAged(30 * 24 * HOUR);
    await postAdvert(db, await advertAdmin(db), { imageUrl: advertsOld.address });
    await campaignWith(campaignsOld.address);

    expect(await deleteUnusedImages(db)).toBe(1);
    expect(await stillStored([unusedOld.id, unusedYoung.id, advertsOld.id, campaignsOld.id])).toEqual(
      [unusedYoung.id, advertsOld.id, campaignsOld.id].sort(),
    );
    // A day after the young one was stored, it goes too; the used ones never do.
    expect(await deleteUnusedImages(db, new Date(Date.now() + 2 * HOUR))).toBe(1);
    expect(await stillStored([unusedYoung.id, advertsOld.id, campaignsOld.id])).toEqual(
      [advertsOld.id, campaignsOld.id].sort(),
    );
  });

  it("deletes an image an advert dropped, a day after it was stored", async () => {
    const image = await imageAged(3 * 24 * HOUR);
    const advertId = await postAdvert(db, await advertAdmin(db), { imageUrl: image.address });
    expect(await deleteUnusedImages(db)).toBe(0);
    await db.update(adverts).set({ imageUrl: null }).where(eq(adverts.id, advertId));
    expect(await deleteUnusedImages(db)).toBe(1);
    expect(await stillStored([image.id])).toEqual([]);
  });

  it("keeps a preview's old image that a campaign created meanwhile uses: the form took it (its age starts again) before creating", async () => {
    const image = await imageAged(UNUSED_IMAGE_KEPT_MS - 1000);
    // The campaign form, submitted a second before the image turns a day old…
    expect(await takeUploadedImage(db, image.id)).toBe(true);
    // …and the sweep running just after, before the campaign's row is written.
    const later = new Date(Date.now() + 2000);
    expect(await deleteUnusedImages(db, later)).toBe(0);
    const campaign = await campaignWith(image.address);
    expect(await deleteUnusedImages(db, new Date(Date.now() + UNUSED_IMAGE_KEPT_MS + HOUR))).toBe(0);
    expect(await stillStored([image.id])).toEqual([image.id]);
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.imageUrl).toBe(image.address);
  });

  it("the same picture uploaded again starts its day again", async () => {
    const image = await imageAged(2 * 24 * HOUR);
    const again = await storeAdvertImage(db, uploaderId, await smallPng(side - 1, side - 1));
    expect(again).toMatchObject({ status: "ok", id: image.id });
    expect(await deleteUnusedImages(db)).toBe(0);
    expect(await stillStored([image.id])).toEqual([image.id]);
  });

  it("deletes in batches, at most so many a run", async () => {
    await deleteUnusedImages(db);
    const images = await Promise.all([1, 2, 3, 4, 5].map(() => imageAged(2 * 24 * HOUR)));
    const ids = images.map((image) => image.id);
    expect(await deleteUnusedImages(db, new Date(), { batchSize: 2, maxBatches: 2 })).toBe(4);
    expect(await stillStored(ids)).toHaveLength(1);
    expect(await deleteUnusedImages(db, new Date(), { batchSize: 2 })).toBe(1);
    expect(await stillStored(ids)).toEqual([]);
  });
});

describe("takeUploadedImage (a form's earlier upload)", () => {
  it("takes an image less than a day old; refuses one older, even before the sweep deleted it, and one not stored", async () => {
    const young = await imageAged(23 * HOUR);
    const stale = await imageAged(25 * HOUR);
    expect(await takeUploadedImage(db, young.id)).toBe(true);
    expect(await takeUploadedImage(db, stale.id)).toBe(false);
    expect(await stillStored([stale.id])).toEqual([stale.id]);
    expect(await takeUploadedImage(db, "e".repeat(64))).toBe(false);
  });
});

// Two connections at once: PostgreSQL only (PGlite has one).
describe.runIf(kind === "postgres")("the sweep and a form at the same moment (PostgreSQL)", () => {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("a sweep that reaches the image while a form is taking it waits, then leaves it to the campaign", async () => {
    await deleteUnusedImages(db);
    const image = await imageAged(25 * HOUR + 1000);
    let sweep: Promise<number> | undefined;
    await db.transaction(async (tx) => {
      // The form's UPDATE, not yet committed: the row is locked and young again.
      await tx.update(advertImages).set({ createdAt: new Date() }).where(eq(advertImages.id, image.id));
      sweep = deleteUnusedImages(db);
      await pause(300);
      expect(await createCampaign(tx, uploaderId, campaignInput({ imageUrl: image.address }))).toMatchObject({
        status: "ok",
      });
    });
    expect(await sweep).toBe(0);
    expect(await stillStored([image.id])).toEqual([image.id]);
  });

  it("a form taking an image the sweep is deleting waits, then is told it is gone", async () => {
    const image = await imageAged(25 * HOUR);
    let taken: Promise<boolean> | undefined;
    await db.transaction(async (tx) => {
      expect(await deleteUnusedImages(tx)).toBeGreaterThanOrEqual(1);
      taken = takeUploadedImage(db, image.id);
      await pause(300);
    });
    expect(await taken).toBe(false);
    expect(await stillStored([image.id])).toEqual([]);
  });
});
