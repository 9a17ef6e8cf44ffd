import sharp from "sharp";

/**
 * Pictures for the upload tests, made by sharp: a JPEG carrying GPS coordinates in its EXIF, a
 * PNG, a WebP, a picture bigger than 1 MB, and a "decompression bomb" (few bytes, many pixels).
 */

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 0, g: 135, b: 81, alpha: 1 } } });

/** A 1600 × 900 JPEG whose EXIF says where it was taken (Lagos) and by which camera. */
export const jpegWithGps = () =>
  solid(1600, 900)
    .jpeg()
    .withExif({
      IFD0: { Make: "TestCam", Model: "GPS 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 27/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "3/1 23/1 0/1" },
    })
    .toBuffer();

/** A 600 × 400 JPEG whose EXIF says to show it turned a quarter (a phone held upright). */
export const jpegTurnedByExif = () => solid(600, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();

export const smallPng = (width = 320, height = 200) => solid(width, height, 4).png().toBuffer();

export const smallWebp = () => solid(400, 300).webp().toBuffer();

/**
 * Noise (which does not compress) as an uncompressed PNG of more than 1 MB: by default just
 * over (≈ 1.03 MiB, under the 1.2 MB a form may carry), or of the size asked.
 */
export async function pngOverOneMegabyte(width = 640, height = 560): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const png = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  if (png.length <= 1_048_576) throw new Error(`expected more than 1 MB, made ${png.length} bytes`);
  return png;
}

/** A PNG of 6000 × 6000 one-colour pixels: a few kilobytes that would decode to 108 MB. */
export const decompressionBomb = () =>
  sharp({ create: { width: 6000, height: 6000, channels: 3, background: "#ffffff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** What sharp reads of stored bytes. */
export const imageMetadata = (bytes: Uint8Array) => sharp(bytes).metadata();
