import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { advertImages } from "~/db/schema";
import { openTestDatabase } from "~test/database";
import { member } from "~test/factories";
import {
  decompressionBomb,
  imageMetadata,
  jpegTurnedByExif,
  jpegWithGps,
  pngOverOneMegabyte,
  smallPng,
  smallWebp,
} from "~test/images";
import { findAdvertImage, storeAdvertImage } from "./advert-images.server";

const { db } = await openTestDatabase();
let uploaderId: string;
beforeAll(async () => {
  uploaderId = (await member(db)).id;
});

const rowCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(advertImages))[0]!.n;

describe("storeAdvertImage", () => {
  it("stores a JPEG upright, 1200 px wide, as WebP without its EXIF (GPS), under the SHA-256 of what it stores", async () => {
    const jpeg = await jpegWithGps();
    expect((await imageMetadata(jpeg)).exif).toBeDefined();
    const result = await storeAdvertImage(db, uploaderId, jpeg);
    expect(result).toMatchObject({ status: "ok", width: 1200, height: 675 });
    if (result.status !== "ok") throw new Error(result.status);
    expect(result.address).toBe(`/images/${result.id}`);
    const stored = await findAdvertImage(db, result.id);
    expect(stored?.contentType).toBe("image/webp");
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(stored!.bytes).digest("hex")).toBe(result.id);
    const metadata = await imageMetadata(stored!.bytes);
    expect(metadata).toMatchObject({ format: "webp", width: 1200, height: 675 });
    expect(metadata.exif).toBeUndefined();
    expect(stored!.bytes.includes(Buffer.from("TestCam"))).toBe(false);
    const [row] = await db.select().from(advertImages).where(eq(advertImages.id, result.id));
    expect(row).toMatchObject({ width: 1200, height: 675, uploadedById: uploaderId });
  });

  it("turns a picture upright as its EXIF orientation says", async () => {
    expect(await storeAdvertImage(db, uploaderId, await jpegTurnedByExif())).toMatchObject({
      status: "ok",
      width: 400,
      height: 600,
    });
  });

  it("judges a file by its bytes: a PNG whatever it was called is stored, never enlarged", async () => {
    const result = await storeAdvertImage(db, uploaderId, await smallPng(320, 200));
    expect(result).toMatchObject({ status: "ok", width: 320, height: 200 });
  });

  it("takes WebP too", async () => {
    expect(await storeAdvertImage(db, uploaderId, await smallWebp())).toMatchObject({ status: "ok", width: 400 });
  });

  it("refuses text, an empty file and a picture in a format not offered (GIF), storing nothing", async () => {
    const before = await rowCount();
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    for (const bytes of [Buffer.from("not a picture, only text\n"), Buffer.alloc(0), gif]) {
      expect(await storeAdvertImage(db, uploaderId, bytes)).toEqual({ status: "not-an-image" });
    }
    expect(await rowCount()).toBe(before);
  });

  it("refuses a file over 1 MB before reading it", async () => {
    const before = await rowCount();
    expect(await storeAdvertImage(db, uploaderId, await pngOverOneMegabyte())).toEqual({ status: "too-large" });
    expect(await rowCount()).toBe(before);
  });

  it("refuses a decompression bomb (a small file of 6000 × 6000 pixels) from its header", async () => {
    const bomb = await decompressionBomb();
    expect(bomb.length).toBeLessThan(1_048_576);
    expect(await storeAdvertImage(db, uploaderId, bomb)).toEqual({ status: "too-many-pixels" });
  });

  it("refuses a picture whose header is fine but whose body is cut off", async () => {
    const jpeg = await jpegWithGps();
    expect(await storeAdvertImage(db, uploaderId, jpeg.subarray(0, jpeg.length / 2))).toEqual({
      status: "not-an-image",
    });
  });

  it("stores the same picture once, whoever uploads it", async () => {
    const png = await smallPng(300, 300);
    const first = await storeAdvertImage(db, uploaderId, png);
    const before = await rowCount();
    const again = await storeAdvertImage(db, (await member(db)).id, png);
    expect(again).toEqual(first);
    expect(await rowCount()).toBe(before);
  });

  it("finds nothing for an id never stored", async () => {
    expect(await findAdvertImage(db, "0".repeat(64))).toBeNull();
  });
});
