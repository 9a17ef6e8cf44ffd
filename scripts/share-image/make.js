// @ts-check
// Writes public/share-image.png (1200 × 630, the Open Graph image) from share-image.svg beside
// this script. Run after editing the SVG: node scripts/share-image/make.js
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const here = import.meta.dirname;
const svg = await readFile(path.join(here, "share-image.svg"));
const out = path.resolve(here, "../../public/share-image.png");
const info = await sharp(svg, { density: 72 })
  .resize(1200, 630)
  .png({ compressionLevel: 9, palette: true, quality: 90 })
  .toFile(out);
console.log(`Wrote ${path.relative(process.cwd(), out)}: ${info.width}×${info.height}, ${info.size} bytes`);
