import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { WAVEFORM_BARS, type MediaUse } from '@motema/shared/posts';
import { mediaItems, type MediaItemRow, type MediaItemVariant, type PhotoVariant } from '../db/schema.ts';
import { mediaVariantFileName } from '../features/media/media-item-names.ts';
import { encodePhoto } from '../features/media/photo-pipeline.ts';
import { storedVariants } from '../features/media/variant-names.ts';
import { uploadSourceKey } from '../features/media/encode-jobs.ts';
import type { TestApp } from './build-test-app.ts';
import { createMember, type Member } from './factories.ts';
import { multipartBody, photoPixels, storedFiles } from './media-factories.ts';
import { randomIp } from './net.ts';

/**
 * Media items of posts and stories with real files in the test app's storage, as the upload and
 * the media worker leave them: a ready photo (variants encoded by the photo pipeline), a ready video
 * (a poster, `standard.mp4` and `saver.mp4`: small real H.264/AAC files), a ready audio
 * (`standard.m4a`, a waveform), a video or audio still processing (its raw upload only), a failed one.
 */

type ItemOptions = {
  /** The owner (a new member when not given). */
  owner?: Member | { user: { id: string } };
  use?: MediaUse;
  claimedAt?: Date | null;
  createdAt?: Date;
};

export type TestMediaItem = MediaItemRow & { owner: { user: { id: string } } };

const FIXTURES = new URL('./fixtures/', import.meta.url);
/** Tiny real files (1 s, 160x90 and 96x54, H.264 baseline + AAC, fast start; 1 s of AAC). */
export const fixtureFile = (
  name: 'media-video-standard.mp4' | 'media-video-saver.mp4' | 'media-audio-standard.m4a',
) => readFile(new URL(name, FIXTURES));

const folderOf = (ownerId: string) => `media/${ownerId}/${randomBytes(16).toString('base64url')}/`;

async function ownerOf(t: Pick<TestApp, 'db'>, options: ItemOptions) {
  return options.owner ?? (await createMember(t));
}

async function insert(
  t: Pick<TestApp, 'db'>,
  owner: { user: { id: string } },
  options: ItemOptions,
  values: Omit<typeof mediaItems.$inferInsert, 'ownerId' | 'use'>,
): Promise<TestMediaItem> {
  const [row] = await t.db
    .insert(mediaItems)
    .values({
      ownerId: owner.user.id,
      use: options.use ?? 'post',
      claimedAt: options.claimedAt ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      ...values,
    })
    .returning();
  return { ...row!, owner };
}

/**
 * A picture of `width` x `height` encoded through the photo pipeline, once a size: AVIF encoding
 * costs a tenth of a second, and the items built from it differ by their rows and folders.
 */
const encodedPictures = new Map<string, ReturnType<typeof encodePhoto>>();
function encodedPicture(width: number, height: number): ReturnType<typeof encodePhoto> {
  const size = `${width}x${height}`;
  let photo = encodedPictures.get(size);
  if (!photo) {
    photo = photoPixels(width, height).then(async (pixels) =>
      encodePhoto(await pixels.jpeg().toBuffer(), 'image/jpeg'),
    );
    // A failure is not kept: the next item tries again.
    photo.catch(() => encodedPictures.delete(size));
    encodedPictures.set(size, photo);
  }
  return photo;
}

/** Stores a picture's variants (encodedPicture) under `folder`. */
async function storePicture(t: Pick<TestApp, 'storage'>, folder: string, width: number, height: number) {
  const photo = await encodedPicture(width, height);
  const variants: PhotoVariant[] = storedVariants(photo, folder);
  await Promise.all(
    photo.variants.map((variant, index) => t.storage.put(variants[index]!.key, variant.body, variant.type)),
  );
  return { photo, variants };
}

async function storeVariant(
  t: Pick<TestApp, 'storage'>,
  folder: string,
  body: Buffer,
  variant: Omit<MediaItemVariant, 'key' | 'bytes'>,
): Promise<MediaItemVariant> {
  const key = `${folder}${mediaVariantFileName(variant)}`;
  await t.storage.put(key, body, variant.type);
  return { ...variant, key, bytes: body.length };
}

/** A ready photo (480x360: variants 160 and 480 wide, WebP and AVIF). */
export async function createPhotoItem(
  t: Pick<TestApp, 'db' | 'storage'>,
  options: ItemOptions = {},
): Promise<TestMediaItem> {
  const owner = await ownerOf(t, options);
  const folder = folderOf(owner.user.id);
  const { photo, variants } = await storePicture(t, folder, 480, 360);
  return insert(t, owner, options, {
    kind: 'photo',
    status: 'ready',
    folder,
    sourceType: 'image/jpeg',
    sourceBytes: 40_000,
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
    image: variants,
    readyAt: new Date(),
  });
}

/** A ready video of 1 s: a poster (160x90), `standard.mp4` (160x90) and `saver.mp4` (96x54). */
export async function createVideoItem(
  t: Pick<TestApp, 'db' | 'storage'>,
  options: ItemOptions = {},
): Promise<TestMediaItem> {
  const owner = await ownerOf(t, options);
  const folder = folderOf(owner.user.id);
  const { photo, variants: poster } = await storePicture(t, folder, 160, 90);
  const variants = [
    await storeVariant(t, folder, await fixtureFile('media-video-standard.mp4'), {
      quality: 'standard',
      type: 'video/mp4',
      width: 160,
      height: 90,
    }),
    await storeVariant(t, folder, await fixtureFile('media-video-saver.mp4'), {
      quality: 'saver',
      type: 'video/mp4',
      width: 96,
      height: 54,
    }),
  ];
  return insert(t, owner, options, {
    kind: 'video',
    status: 'ready',
    folder,
    sourceType: 'video/mp4',
    sourceBytes: 2_000_000,
    durationMs: 1000,
    width: 160,
    height: 90,
    placeholder: photo.placeholder,
    image: poster,
    variants,
    readyAt: new Date(),
  });
}

/** A ready audio of 1 s: `standard.m4a` (AAC) and a waveform of WAVEFORM_BARS values. */
export async function createAudioItem(
  t: Pick<TestApp, 'db' | 'storage'>,
  options: ItemOptions = {},
): Promise<TestMediaItem> {
  const owner = await ownerOf(t, options);
  const folder = folderOf(owner.user.id);
  const variants = [
    await storeVariant(t, folder, await fixtureFile('media-audio-standard.m4a'), {
      quality: 'standard',
      type: 'audio/mp4',
      width: null,
      height: null,
    }),
  ];
  return insert(t, owner, options, {
    kind: 'audio',
    status: 'ready',
    folder,
    sourceType: 'audio/mpeg',
    sourceBytes: 500_000,
    durationMs: 1000,
    variants,
    waveform: Array.from({ length: WAVEFORM_BARS }, (_, index) => (index * 37) % 101),
    readyAt: new Date(),
  });
}

/** A video (or audio) still being encoded: its raw upload stored as `{folder}upload`, nothing served. */
export async function createProcessingItem(
  t: Pick<TestApp, 'db' | 'storage'>,
  options: ItemOptions & { kind?: 'video' | 'audio' } = {},
): Promise<TestMediaItem> {
  const owner = await ownerOf(t, options);
  const folder = folderOf(owner.user.id);
  const kind = options.kind ?? 'video';
  const body = await fixtureFile(kind === 'video' ? 'media-video-standard.mp4' : 'media-audio-standard.m4a');
  const sourceType = kind === 'video' ? 'video/mp4' : 'audio/mp4';
  await t.storage.put(uploadSourceKey(folder), body, sourceType);
  return insert(t, owner, options, {
    kind,
    status: 'processing',
    folder,
    sourceType,
    sourceBytes: body.length,
  });
}

/** A video (or audio) the media worker refused: `error` is the refusal's code; its files are gone. */
export async function createFailedItem(
  t: Pick<TestApp, 'db'>,
  options: ItemOptions & { kind?: 'video' | 'audio'; error?: string } = {},
): Promise<TestMediaItem> {
  const owner = await ownerOf(t, options);
  const kind = options.kind ?? 'video';
  return insert(t, owner, options, {
    kind,
    status: 'failed',
    error: options.error ?? 'video_too_long',
    folder: folderOf(owner.user.id),
    sourceType: kind === 'video' ? 'video/mp4' : 'audio/mp4',
    sourceBytes: 1_000_000,
  });
}

/** POST /api/media/uploads as the member behind `cookie` (`use` before the file), from a fresh IP. */
export function postMediaUpload(
  t: Pick<TestApp, 'app'>,
  cookie: string | undefined,
  bytes: Buffer | null,
  options: { use?: string; filename?: string; contentType?: string; ip?: string } = {},
) {
  const { ip = randomIp(), use = 'post', ...file } = options;
  const body = multipartBody(
    bytes ? { filename: 'upload.bin', ...file, bytes } : null,
    use === '' ? {} : { use },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/media/uploads',
    remoteAddress: ip,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

/** What a refusal must leave untouched: the member's media item rows and stored files. */
export async function mediaItemsSnapshot(t: Pick<TestApp, 'db' | 'mediaDir'>, ownerId: string) {
  const rows = await t.db
    .select({ id: mediaItems.id })
    .from(mediaItems)
    .where(eq(mediaItems.ownerId, ownerId));
  const files = (await storedFiles(t)).filter((file) => file.startsWith(`media/${ownerId}/`));
  return { rows: rows.map((row) => row.id).sort(), files };
}
