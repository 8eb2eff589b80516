import sharp from 'sharp';
import type { PhotoVariant } from '../db/schema.ts';
import type { MediaStorage } from '../lib/storage.ts';
import { SHARED_SEED_FILES_PREFIX } from '../features/media/media.service.ts';
import { encodePhoto, inspectPhoto } from '../features/media/photo-pipeline.ts';
import { storedVariants } from '../features/media/variant-names.ts';

/**
 * The photos of seeded posts: a small set of generated pictures (landscapes, no external files), each
 * run once through the real photo pipeline and stored once under `seed/posts/<prefix>/<slot>/`; every
 * seeded photo post gets media items of its own whose `image` points at one of these shared files.
 * As for seeded avatars, deleting such a post is safe: the media job leaves the shared `seed/...`
 * folder (SHARED_SEED_FILES_PREFIX) alone.
 */

export const POST_PHOTO_SET_SIZE = 8;

export type SeedPostPhoto = {
  slot: number;
  folder: string;
  width: number;
  height: number;
  placeholder: string;
  sourceBytes: number;
  image: PhotoVariant[];
};

const SKIES = [
  ['#ff9a56', '#ffd36e'],
  ['#4facfe', '#c2e9fb'],
  ['#f83600', '#f9d423'],
  ['#5ee7df', '#b490ca'],
  ['#2b5876', '#4e4376'],
  ['#f6d365', '#fda085'],
];
const LAND = ['#2d6a4f', '#6b4226', '#40916c', '#8d5524', '#1b4332', '#a47148'];

/** A landscape (1440x1080): a sky, a sun, two hills and a river, with grain for the encoders. */
async function landscape(slot: number): Promise<Buffer> {
  const [top, bottom] = SKIES[slot % SKIES.length]!;
  const near = LAND[slot % LAND.length]!;
  const far = LAND[(slot + 3) % LAND.length]!;
  const sunX = 200 + ((slot * 173) % 1000);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="1080" viewBox="0 0 1440 1080">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
    <rect width="1440" height="1080" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="300" r="110" fill="#fff6d5" opacity="0.9"/>
    <path d="M0 700 C 300 560, 600 640, 900 600 C 1150 570, 1300 620, 1440 600 V1080 H0 Z" fill="${far}" opacity="0.85"/>
    <path d="M0 820 C 400 720, 800 860, 1440 760 V1080 H0 Z" fill="${near}"/>
    <path d="M600 1080 C 680 950, 760 880, 820 800 C 840 880, 880 960, 980 1080 Z" fill="#3a86ff" opacity="0.7"/>
  </svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  let state = 0x85ebca6b ^ (slot * 2654435761);
  for (let i = 0; i < data.length; i += 1) {
    if (info.channels === 4 && i % 4 === 3) continue;
    state = (state * 1103515245 + 12345) >>> 0;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((state >>> 24) % 21) - 10));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Generates the set, runs each picture through the photo pipeline and stores its variants. */
export async function storeSeedPostPhotos(
  storage: MediaStorage,
  prefix: string,
  count = POST_PHOTO_SET_SIZE,
): Promise<SeedPostPhoto[]> {
  const photos: SeedPostPhoto[] = [];
  // One at a time, each encode on one libvips thread (photo-pipeline.ts): seeding leaves cores free.
  for (let slot = 0; slot < Math.max(1, count); slot += 1) {
    const input = await landscape(slot);
    const { mime } = await inspectPhoto(input);
    const processed = await encodePhoto(input, mime);
    const folder = `${SHARED_SEED_FILES_PREFIX}posts/${prefix}/${slot}/`;
    const image = storedVariants(processed, folder);
    await Promise.all(
      processed.variants.map((variant, i) => storage.put(image[i]!.key, variant.body, variant.type)),
    );
    photos.push({
      slot,
      folder,
      width: processed.width,
      height: processed.height,
      placeholder: processed.placeholder,
      sourceBytes: input.length,
      image,
    });
  }
  return photos;
}
