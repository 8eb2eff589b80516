import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import os from 'node:os';
import sharp, { type Sharp } from 'sharp';
import { AVATAR_THUMBNAIL_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_WIDTHS } from '@motema/shared/media';
import { badRequest } from '../../lib/app-error.ts';

/**
 * The photo pipeline (QUALITY U1, B7): bytes in, re-encoded variants out. The type comes from the
 * bytes only; the pixel count from the header, before anything is decoded; then one decode (EXIF
 * orientation applied, colours to sRGB, shrunk on load) to at most the largest served size, from
 * which every variant is encoded without any metadata. The upload itself is never kept.
 */

/**
 * One libvips thread per image; the media worker process (media-encoders.ts) runs half the cores'
 * worth of images at once, at a low priority. By default a single encode spreads over every core,
 * which starves the server and PostgreSQL while a member uploads (bar B7: chat latency unaffected).
 * Read when the worker starts, once its CPU affinity is its own (not the server's, if pinned).
 */
export const photoEncodesAtOnce = () => Math.max(1, Math.floor(os.availableParallelism() / 2));
sharp.concurrency(1);

/** What file-type finds, mapped to the loader sharp must agree on (a mismatch is refused). */
const LOADERS: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/webp': 'webp',
  'image/avif': 'heif',
  'image/heic': 'heif',
  'image/heif': 'heif',
};
const HEIF_FAMILY = new Set(['image/heic', 'image/heif']);
/**
 * Whether this build of sharp decodes HEVC pictures (HEIC). Its prebuilt binaries do not (libheif
 * without libde265, for patent reasons) and list only `.avif` for the heif loader; a sharp built
 * against a system libvips with libde265 lists `.heic` too, and HEIC photos are then accepted.
 */
export const HEIC_DECODABLE = sharp.format.heif?.input.fileSuffix?.includes('.heic') ?? false;

/** A served variant is at most twice as tall as wide: a very tall image is scaled down to fit. */
const MAX_HEIGHT_PER_WIDTH = 2;
/**
 * Encoder settings chosen for speed on a small server (bar B7: all variants within 6x the time of
 * one plain resize): AVIF at its fastest effort, WebP at a low one; sizes stay small for 3G.
 */
export const AVIF_OPTIONS = { quality: 50, effort: 0 } as const;
export const WEBP_OPTIONS = { quality: 75, effort: 2 } as const;
const THUMBNAIL_QUALITIES = [75, 60, 45, 30, 15];
const PLACEHOLDER_SIZE = 16;
const ENCODE_TIMEOUT_SECONDS = 30;

export type EncodedVariant = {
  width: number;
  height: number;
  type: 'image/avif' | 'image/webp';
  body: Buffer;
};
export type ProcessedPhoto = {
  /** The largest variant's size. */
  width: number;
  height: number;
  /** A data: URI (WebP) of a few hundred bytes. */
  placeholder: string;
  variants: EncodedVariant[];
};

export const photoTypeUnsupported = () => badRequest('photo_type_unsupported');
export const photoTooManyPixels = () => badRequest('photo_too_many_pixels');
export const photoUnreadable = () => badRequest('photo_unreadable');

/** sharp on untrusted bytes (or the file holding them): pixel-limited, first page only, failing on damaged data. */
function load(input: Buffer | string): Sharp {
  return sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'truncated', pages: 1 });
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Checks the bytes (type and header) without decoding the image; refusals are AppErrors. `input` is
 * the bytes, or the path of a file holding them (an upload streamed to disk).
 */
export async function inspectPhoto(input: Buffer | string): Promise<{ mime: string }> {
  const detected =
    typeof input === 'string' ? await fileTypeFromFile(input) : await fileTypeFromBuffer(input);
  const loader = detected && LOADERS[detected.mime];
  if (!detected || !loader) throw photoTypeUnsupported();
  let metadata;
  try {
    metadata = await load(input).metadata();
  } catch (error) {
    if (isPixelLimitError(error)) throw photoTooManyPixels();
    throw HEIF_FAMILY.has(detected.mime) ? photoTypeUnsupported() : photoUnreadable();
  }
  // sharp must read the bytes as the same format file-type found: no polyglot slips through.
  if (metadata.format !== loader) throw photoTypeUnsupported();
  if (metadata.compression === 'hevc' && !HEIC_DECODABLE) throw photoTypeUnsupported();
  const { width, height } = metadata;
  if (!width || !height) throw photoUnreadable();
  if (width * height > PHOTO_MAX_PIXELS) throw photoTooManyPixels();
  return { mime: detected.mime };
}

/** Scales (width, height) to fit a box `maxWidth` wide and twice as tall, never enlarging. */
export function fitVariant(width: number, height: number, maxWidth: number) {
  const scale = Math.min(1, maxWidth / width, (MAX_HEIGHT_PER_WIDTH * maxWidth) / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

type Raw = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

function fromRaw(raw: Raw, width: number, height: number): Sharp {
  const image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
  return width === raw.width && height === raw.height ? image : image.resize(width, height, { fit: 'fill' });
}

/** The decoded pixels at one variant's size, resized once for both of its formats. */
async function resizedRaw(raw: Raw, width: number, height: number): Promise<Raw> {
  if (width === raw.width && height === raw.height) return raw;
  const { data, info } = await fromRaw(raw, width, height).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

async function encodeThumbnail(raw: Raw, width: number, height: number): Promise<Buffer> {
  let body: Buffer | undefined;
  for (const quality of THUMBNAIL_QUALITIES) {
    body = await fromRaw(raw, width, height)
      .webp({ ...WEBP_OPTIONS, quality })
      .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
      .toBuffer();
    if (body.length <= AVATAR_THUMBNAIL_MAX_BYTES) return body;
  }
  throw photoUnreadable();
}

async function encodePlaceholder(raw: Raw): Promise<string> {
  const size = fitVariant(raw.width, raw.height, PLACEHOLDER_SIZE);
  const body = await fromRaw(raw, size.width, size.height)
    .blur(0.5)
    .webp({ quality: 30, effort: WEBP_OPTIONS.effort })
    .toBuffer();
  return `data:image/webp;base64,${body.toString('base64')}`;
}

/**
 * Decodes and re-encodes a photo already checked by `inspectPhoto`. Runs its sharp steps one after
 * the other: the media worker bounds how many photos are processed at once.
 */
export async function encodePhoto(input: Buffer, mime: string): Promise<ProcessedPhoto> {
  const largest = Math.max(...PHOTO_WIDTHS);
  let raw: Raw;
  try {
    const decoded = await load(input)
      .rotate()
      .resize({
        width: largest,
        height: largest * MAX_HEIGHT_PER_WIDTH,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    raw = {
      data: decoded.data,
      width: decoded.info.width,
      height: decoded.info.height,
      channels: decoded.info.channels,
    };
  } catch (error) {
    if (isPixelLimitError(error)) throw photoTooManyPixels();
    // This build of sharp may read HEIF containers but not their HEVC pictures (no libde265).
    throw HEIF_FAMILY.has(mime) ? photoTypeUnsupported() : photoUnreadable();
  }

  const sizes = new Map<number, { width: number; height: number }>();
  for (const target of [...PHOTO_WIDTHS].sort((a, b) => a - b)) {
    const size = fitVariant(raw.width, raw.height, target);
    sizes.set(size.width, size);
  }
  const ordered = [...sizes.values()];
  const variants: EncodedVariant[] = [];
  for (const [index, { width, height }] of ordered.entries()) {
    const sized = await resizedRaw(raw, width, height);
    const webp =
      index === 0
        ? await encodeThumbnail(sized, width, height)
        : await fromRaw(sized, width, height)
            .webp(WEBP_OPTIONS)
            .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
            .toBuffer();
    const avif = await fromRaw(sized, width, height)
      .avif(AVIF_OPTIONS)
      .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
      .toBuffer();
    variants.push({ width, height, type: 'image/webp', body: webp });
    variants.push({ width, height, type: 'image/avif', body: avif });
  }
  const biggest = ordered.at(-1)!;
  return {
    width: biggest.width,
    height: biggest.height,
    placeholder: await encodePlaceholder(raw),
    variants,
  };
}
