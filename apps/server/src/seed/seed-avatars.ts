import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../db/client.ts';
import type { PhotoVariant } from '../db/schema.ts';
import type { MediaStorage } from '../lib/storage.ts';
import { SHARED_SEED_FILES_PREFIX } from '../features/media/media.service.ts';
import { encodePhoto, inspectPhoto } from '../features/media/photo-pipeline.ts';
import { storedVariants } from '../features/media/variant-names.ts';

/**
 * Avatars of seeded members: a small set of generated portraits (no external files), each run once
 * through the real photo pipeline and stored once under `seed/avatars/<prefix>/<slot>/`; every
 * seeded member with an avatar gets a photo row of their own whose variants point at one of these
 * shared files.
 *
 * Deleting such a photo (or the account) is safe: the app schedules the removal of the photo's
 * folder, and the media job leaves the shared `seed/...` folder (SHARED_SEED_FILES_PREFIX) alone, so
 * the files stay for the other members (an account deletion removes the empty `photos/<owner id>/`
 * folder). The files of a seed run go only when the storage is cleared.
 */

export const AVATAR_SET_SIZE = 12;

export type SeedAvatar = {
  slot: number;
  /** Which members it suits: female, male, or anyone. */
  sex: 'female' | 'male' | 'any';
  width: number;
  height: number;
  placeholder: string;
  variants: PhotoVariant[];
};

const SKIN = ['#5b3a29', '#6f4530', '#8a5a3c', '#a0694a', '#4a2e20', '#7b4b33'];
const CLOTHES = ['#c0392b', '#2e86c1', '#f1c40f', '#27ae60', '#8e44ad', '#e67e22', '#16a085', '#d35400'];
const BACKGROUNDS = [
  ['#f6d365', '#fda085'],
  ['#84fab0', '#8fd3f4'],
  ['#a18cd1', '#fbc2eb'],
  ['#fccb90', '#d57eeb'],
  ['#e0c3fc', '#8ec5fc'],
  ['#43e97b', '#38f9d7'],
  ['#fa709a', '#fee140'],
  ['#30cfd0', '#330867'],
];

/**
 * A portrait-like picture (1080x1440): a gradient background, shoulders, a head and hair, with
 * photo-like grain so the encoders (and the byte counts of the benchmarks) have real work.
 */
async function portrait(slot: number, sex: SeedAvatar['sex']): Promise<Buffer> {
  const [from, to] = BACKGROUNDS[slot % BACKGROUNDS.length]!;
  const skin = SKIN[slot % SKIN.length]!;
  const cloth = CLOTHES[(slot * 3) % CLOTHES.length]!;
  const hair =
    sex === 'female'
      ? `<ellipse cx="450" cy="470" rx="250" ry="290" fill="#1b120d"/>`
      : `<ellipse cx="450" cy="380" rx="205" ry="150" fill="#1b120d"/>`;
  const bokeh = Array.from({ length: 7 }, (_, i) => {
    const x = (slot * 97 + i * 211) % 900;
    const y = (slot * 53 + i * 163) % 700;
    return `<circle cx="${x}" cy="${y}" r="${40 + ((slot + i) % 5) * 25}" fill="#ffffff" opacity="0.15"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1440" viewBox="0 0 900 1200">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
      <radialGradient id="face" cx="0.4" cy="0.35" r="0.8">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.25"/><stop offset="1" stop-color="#000000" stop-opacity="0.2"/>
      </radialGradient></defs>
    <rect width="900" height="1200" fill="url(#bg)"/>
    ${bokeh}
    <pattern id="weave" width="24" height="24" patternUnits="userSpaceOnUse">
      <path d="M0 12 H24 M12 0 V24" stroke="#000000" stroke-opacity="0.18" stroke-width="5"/></pattern>
    <path d="M90 1200 C 110 900, 300 820, 450 820 C 600 820, 790 900, 810 1200 Z" fill="${cloth}"/>
    <path d="M90 1200 C 110 900, 300 820, 450 820 C 600 820, 790 900, 810 1200 Z" fill="url(#weave)"/>
    <rect x="395" y="680" width="110" height="170" rx="40" fill="${skin}"/>
    ${hair}
    <ellipse cx="450" cy="520" rx="180" ry="225" fill="${skin}"/>
    <ellipse cx="450" cy="520" rx="180" ry="225" fill="url(#face)"/>
  </svg>`;
  const base = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const { data, info } = base;
  // Grain: a deterministic pseudo-random pattern per slot.
  let state = 0x9e3779b9 ^ (slot * 2654435761);
  for (let i = 0; i < data.length; i += 1) {
    if (info.channels === 4 && i % 4 === 3) continue;
    state = (state * 1103515245 + 12345) >>> 0;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((state >>> 24) % 25) - 12));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Generates the set, runs each picture through the photo pipeline (inspection, then the encode the
 * media worker runs for uploads, here in this process) and stores its variants under `seed/avatars/<prefix>/<slot>/`. Half suit women, half men.
 */
export async function storeSeedAvatars(
  storage: MediaStorage,
  prefix: string,
  count = AVATAR_SET_SIZE,
): Promise<SeedAvatar[]> {
  const avatars: SeedAvatar[] = [];
  // One at a time, each encode on one libvips thread (photo-pipeline.ts): seeding leaves cores free.
  for (let slot = 0; slot < Math.max(2, count); slot += 1) {
    const sex = slot % 2 === 0 ? 'female' : 'male';
    const input = await portrait(slot, sex);
    const { mime } = await inspectPhoto(input);
    const processed = await encodePhoto(input, mime);
    const variants = storedVariants(processed, `${SHARED_SEED_FILES_PREFIX}avatars/${prefix}/${slot}/`);
    await Promise.all(
      processed.variants.map((variant, i) => storage.put(variants[i]!.key, variant.body, variant.type)),
    );
    avatars.push({
      slot,
      sex,
      width: processed.width,
      height: processed.height,
      placeholder: processed.placeholder,
      variants,
    });
  }
  return avatars;
}

/**
 * Gives `share` of the members of `workTable` with a complete profile a photo row of their own
 * (pointing at an avatar of the set that suits their sex) and makes it their avatar. Set-based: one
 * INSERT ... SELECT of every photo row, returning into the work table. Returns the photos made.
 */
export async function insertSeedAvatarPhotos(
  db: DbOrTx,
  workTable: string,
  avatars: readonly SeedAvatar[],
  share: number,
): Promise<number> {
  const work = sql.identifier(workTable);
  const set = JSON.stringify(avatars);
  const female = avatars.filter((avatar) => avatar.sex !== 'male').map((avatar) => avatar.slot);
  const male = avatars.filter((avatar) => avatar.sex !== 'female').map((avatar) => avatar.slot);
  const slots = (list: number[]) => sql.raw(`ARRAY[${list.join(',')}]`);
  const result = await db.execute(sql`
    WITH avatar AS (
      SELECT * FROM jsonb_to_recordset(${set}::jsonb)
        AS a(slot int, width int, height int, placeholder text, variants jsonb)
    ),
    chosen AS MATERIALIZED (
      SELECT w.id, w.created_at,
        CASE w.sex WHEN 'female' THEN (${slots(female)})[1 + floor(random() * ${female.length})::int]
          WHEN 'male' THEN (${slots(male)})[1 + floor(random() * ${male.length})::int]
          ELSE floor(random() * ${avatars.length})::int END AS slot
      FROM ${work} w
      WHERE w.complete AND random() < ${share}::float8
    ),
    made AS (
      INSERT INTO photos (owner_id, width, height, placeholder, variants, created_at)
      SELECT chosen.id, avatar.width, avatar.height, avatar.placeholder, avatar.variants,
        chosen.created_at + interval '10 minutes'
      FROM chosen JOIN avatar ON avatar.slot = chosen.slot
      RETURNING id, owner_id
    )
    UPDATE ${work} w SET photo_id = made.id FROM made WHERE w.id = made.owner_id
  `);
  return result.rowCount ?? 0;
}
