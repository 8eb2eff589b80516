#!/usr/bin/env node
/**
 * Draws the Android and iOS icons and splash screens from the brand (DESIGN.md): the heart mark of the
 * web app's favicon (apps/web/public/favicon.svg, the one drawing of the logo) on the coral primary.
 * Each image the platforms hold is drawn again at the size it has, so a platform that asks for another
 * size only needs its file in place. Run after `cap add` or when the logo changes:
 *   npm run brand -w @motema/mobile
 */
import { globSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const CORAL = '#E0474C';
const FAVICON = readFileSync(path.join(HERE, '../web/public/favicon.svg'), 'utf8');
/** The mark alone: the favicon without its background square (viewBox 0 0 64 64). */
const MARK = FAVICON.replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<rect[^>]*\/>/, '');
/** The centre of the mark's bounds in the favicon (the heart and the ochre dot). */
const [MARK_X, MARK_Y] = [32, 33.5];

/**
 * An SVG of `width` x `height`: `background` ('none', a square, a circle or a rounded square), and the
 * mark scaled so the favicon's 64 units measure `markShare` of the shorter side, centred.
 */
function drawing(width, height, { background, markShare }) {
  const side = Math.min(width, height);
  const scale = (side * markShare) / 64;
  const shapes = {
    none: '',
    square: `<rect width="${width}" height="${height}" fill="${CORAL}"/>`,
    circle: `<circle cx="${width / 2}" cy="${height / 2}" r="${side / 2}" fill="${CORAL}"/>`,
    rounded: `<rect width="${width}" height="${height}" rx="${side * (14 / 64)}" fill="${CORAL}"/>`,
  };
  const mark = `<g transform="translate(${width / 2} ${height / 2}) scale(${scale}) translate(${-MARK_X} ${-MARK_Y})">${MARK}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${shapes[background]}${mark}</svg>`;
}

/** What each image of the platforms shows, by its path. */
const KINDS = [
  // Android's adaptive icon: the mark inside the 66 dp safe zone of 108 dp, over ic_launcher_background.
  [/ic_launcher_foreground\.png$/, { background: 'none', markShare: 0.62 }],
  [/ic_launcher_round\.png$/, { background: 'circle', markShare: 1 }],
  [/ic_launcher\.png$/, { background: 'rounded', markShare: 1 }],
  // iOS rounds the corners itself, and refuses an icon with transparency.
  [/AppIcon[^/]*\.png$/, { background: 'square', markShare: 0.9 }],
  [/splash[^/]*\.png$/, { background: 'square', markShare: 0.45 }],
];

const images = globSync(['android/app/src/main/res/**/*.png', 'ios/App/App/Assets.xcassets/**/*.png'], {
  cwd: HERE,
});
for (const image of images) {
  const kind = KINDS.find(([pattern]) => pattern.test(image))?.[1];
  if (!kind) continue;
  const file = path.join(HERE, image);
  const { width, height } = await sharp(file).metadata();
  const png = sharp(Buffer.from(drawing(width, height, kind)));
  const opaque = kind.background === 'square';
  writeFileSync(
    file,
    await (opaque ? png.flatten({ background: CORAL }) : png).png({ compressionLevel: 9 }).toBuffer(),
  );
  console.log(`${image} (${width}x${height})`);
}
