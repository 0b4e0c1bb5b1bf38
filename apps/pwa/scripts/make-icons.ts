/**
 * Writes the install icons (192 and 512 px PNG) once; the PNGs are committed. Run with
 * `npx tsx scripts/make-icons.ts`. Drawn per pixel (a "C" ring on the brand's near-black) so no
 * image tool is needed.
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Coverage of the "C" mark at a point, with a one-pixel soft edge. */
function markCoverage(x: number, y: number, size: number): number {
  const cx = size / 2;
  const cy = size / 2;
  const dx = x - cx;
  const dy = y - cy;
  const r = Math.hypot(dx, dy);
  const outer = size * 0.3;
  const inner = size * 0.19;
  const ring = Math.min(outer - r, r - inner) + 0.5;
  const angle = Math.abs(Math.atan2(dy, dx));
  // The opening of the C faces the direction money travels (to the right).
  const gap = (angle - Math.PI / 4) * r + 0.5;
  return Math.max(0, Math.min(1, ring, gap));
}

export function renderIcon(size: number): Buffer {
  const bg = [10, 10, 10];
  const fg = [250, 250, 250];
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < size; x++) {
      const a = markCoverage(x + 0.5, y + 0.5, size);
      for (let c = 0; c < 3; c++) {
        raw[row + 1 + x * 3 + c] = Math.round((bg[c] ?? 0) * (1 - a) + (fg[c] ?? 0) * a);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

if (process.argv[1]?.endsWith('make-icons.ts')) {
  for (const size of [192, 512]) {
    writeFileSync(new URL(`../public/icons/icon-${size}.png`, import.meta.url), renderIcon(size));
  }
}
