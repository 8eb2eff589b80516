/**
 * Draws the PWA icons from the heart mark of public/favicon.svg. sharp is not a dependency of the
 * project, so run this from a scratch directory:
 *   mkdir -p /tmp/icons && cd /tmp/icons && npm init -y && npm i sharp
 *   cp <repo>/apps/web/scripts/generate-icons.mjs . && node generate-icons.mjs <repo>/apps/web/public/icons
 */
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';

const HEART =
  'M32 50s-17-10.2-17-22.3C15 21.6 19.6 17 25.2 17c3 0 5.5 1.4 6.8 3.6C33.3 18.4 35.8 17 38.8 17 44.4 17 49 21.6 49 27.7 49 39.8 32 50 32 50z';
const mark = `<path d="${HEART}" fill="#fff"/><circle cx="45" cy="19" r="5" fill="#E8A33D"/>`;
// "any": the favicon itself (rounded square, transparent corners).
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#E0474C"/>${mark}</svg>`;
// Full-bleed square; the mark scaled around the centre of its bounds so it sits well inside the
// maskable safe zone (a circle of radius 40% of the size).
const full = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#E0474C"/><g transform="translate(32 33.5) scale(${scale}) translate(-32 -33.5)">${mark}</g></svg>`;

const out = process.argv[2] ?? 'icons';
mkdirSync(out, { recursive: true });
const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 })
    .toFile(`${out}/${file}`);

await render(any, 192, 'icon-192.png');
await render(any, 512, 'icon-512.png');
await render(full(0.9), 512, 'icon-maskable-512.png');
await render(full(0.9), 180, 'apple-touch-icon-180.png');
console.log(`icons written to ${out}`);
