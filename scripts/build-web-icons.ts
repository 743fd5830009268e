/**
 * Draws the app icons (the same design as web/public/icon.svg: a tile with a dot on green felt)
 * as PNGs, because install prompts want raster icons. Run: tsx scripts/build-web-icons.ts
 */
import { deflateSync } from "node:zlib";
import { writeFileSync } from "node:fs";

type RGB = [number, number, number];
const hex = (h: string): RGB => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as RGB;

function inRoundRect(x: number, y: number, x0: number, y0: number, w: number, h: number, r: number) {
  if (x < x0 || y < y0 || x > x0 + w || y > y0 + h) return false;
  const cx = Math.min(Math.max(x, x0 + r), x0 + w - r);
  const cy = Math.min(Math.max(y, y0 + r), y0 + h - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** Colour at a point of the 512-unit design; `inset` shrinks the artwork into the maskable safe zone. */
function paint(u: number, v: number, maskable: boolean): RGB {
  const s = maskable ? 0.8 : 1;
  const x = (u - 256) / s + 256, y = (v - 256) / s + 256;
  const felt = hex("#1f5138");
  if (!maskable && !inRoundRect(u, v, 0, 0, 512, 512, 96)) return [255, 255, 255];
  const d = Math.hypot(x - 256, y - 224);
  if (inRoundRect(x, y, 136, 64, 240, 320, 36)) {
    if (d <= 34) return hex("#b0140e");
    if (Math.abs(d - 92) <= 14) return hex("#0b3fa3");
    return hex("#fffef6");
  }
  if (inRoundRect(x, y, 136, 72, 240, 340, 36)) return hex("#c9c1a3");
  return felt;
}

function png(size: number, maskable: boolean): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  const ss = 3; // 3×3 supersampling for smooth edges
  for (let j = 0; j < size; j++) {
    raw[j * (size * 4 + 1)] = 0;
    for (let i = 0; i < size; i++) {
      const acc = [0, 0, 0, 0];
      for (let a = 0; a < ss; a++)
        for (let b = 0; b < ss; b++) {
          const u = ((i + (a + 0.5) / ss) / size) * 512, v = ((j + (b + 0.5) / ss) / size) * 512;
          const outside = !maskable && !inRoundRect(u, v, 0, 0, 512, 512, 96);
          const c = paint(u, v, maskable);
          if (!outside) { acc[0]! += c[0]; acc[1]! += c[1]; acc[2]! += c[2]; acc[3]! += 255; }
        }
      const n = ss * ss, o = j * (size * 4 + 1) + 1 + i * 4, alpha = acc[3]! / n;
      const k = alpha ? 255 / alpha : 0;
      raw[o] = Math.round((acc[0]! / n) * k); raw[o + 1] = Math.round((acc[1]! / n) * k); raw[o + 2] = Math.round((acc[2]! / n) * k);
      raw[o + 3] = Math.round(alpha);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0); ihdr.writeUInt32BE(size, 4); ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

const out = new URL("../web/public/", import.meta.url);
// The page's own icon (index.html): a small PNG, which a browser decodes at once, where an SVG icon
// is loaded as a document of its own on the page's main thread just as the table is being drawn.
writeFileSync(new URL("icon-32.png", out), png(32, false));
writeFileSync(new URL("icon-192.png", out), png(192, false));
writeFileSync(new URL("icon-512.png", out), png(512, false));
writeFileSync(new URL("icon-512-maskable.png", out), png(512, true));
writeFileSync(new URL("apple-touch-icon.png", out), png(180, true));
console.log("icons written to web/public/");
