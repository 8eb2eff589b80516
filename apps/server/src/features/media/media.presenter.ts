import type { Avatar, Image } from '@motema/shared/media';
import type { PhotoRow, PhotoVariant } from '../../db/schema.ts';
import type { LinkPreviewImage } from '../../link-previews-port.ts';
import { variantFileName } from './variant-names.ts';

// The URLs of other features' photo files (chat's) end with the same names.
export { variantFileName };

export function mediaUrl(photoId: string, variant: Pick<PhotoVariant, 'width' | 'type'>): string {
  return `/api/media/${photoId}/${variantFileName(variant)}`;
}

/**
 * A photo as every screen shows it (the privacy boundary of media): served URLs, sizes and the
 * placeholder only; never the owner, the storage keys or anything of the upload.
 */
export function presentImage(row: PhotoRow): Image {
  return presentImageAt(row, (variant) => mediaUrl(row.id, variant));
}

/** What an Image is made of: a photo's row, or a media item's photo or poster. */
export type ImageParts = Pick<PhotoRow, 'id' | 'width' | 'height' | 'placeholder' | 'variants' | 'createdAt'>;

/**
 * An Image whose files are served at `urlOf(variant)`: a profile photo's under /api/media/, a post's
 * or a story's media under the route that checks its viewer (media-items.presenter.ts).
 */
export function presentImageAt(
  row: ImageParts,
  urlOf: (variant: Pick<PhotoVariant, 'width' | 'type'>) => string,
): Image {
  // Plain code-unit order for the types (ASCII MIME types): localeCompare costs a microsecond a photo.
  const variants = [...row.variants].sort(
    (a, b) => a.width - b.width || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0),
  );
  const smallestWebp = variants.find((variant) => variant.type === 'image/webp') ?? variants[0];
  return {
    _id: row.id,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    thumbnail: smallestWebp ? urlOf(smallestWebp) : '',
    sources: variants.map((variant) => ({
      url: urlOf(variant),
      width: variant.width,
      type: variant.type,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A card's slim avatar (bar B6): `avatarOf(presentImage(row))` without the whole Image. Lists present
 * one per card; building the Image (sorting the variants, six URLs, the date) and cutting it down
 * cost several times this (QUALITY B1). The thumbnail is the same variant presentImage picks: the
 * smallest WebP, else the smallest of any type (by type, then first listed, among equal widths).
 */
export function presentAvatar(row: PhotoRow): Avatar {
  let thumbnail: PhotoVariant | undefined;
  for (const variant of row.variants) {
    const webp = variant.type === 'image/webp';
    const better =
      !thumbnail ||
      (webp && thumbnail.type !== 'image/webp') ||
      (webp === (thumbnail.type === 'image/webp') &&
        (variant.width < thumbnail.width ||
          (variant.width === thumbnail.width && variant.type < thumbnail.type)));
    if (better) thumbnail = variant;
  }
  return { thumbnail: thumbnail ? mediaUrl(row.id, thumbnail) : '', placeholder: row.placeholder };
}

/** Photos by id (avatarPhotos' map) as Images, by the same ids. */
export function presentImages(rows: ReadonlyMap<string, PhotoRow>): Map<string, Image> {
  return new Map([...rows].map(([id, row]) => [id, presentImage(row)]));
}

/** The width a link preview's picture is taken at: the pipeline's middle one (160, 480, 1080). */
const PREVIEW_WIDTH = 480;

/**
 * A link preview's picture (link-previews-port.ts): the widest WebP variant up to 480 px, else the
 * narrowest WebP. Small on a crawler's and a member's data, yet past the 200 px Facebook asks for;
 * WebP, which WhatsApp, Facebook and X read (AVIF not everywhere). Null without a WebP variant.
 */
export function previewImageAt(
  variants: readonly Pick<PhotoVariant, 'width' | 'height' | 'type'>[],
  urlOf: (variant: Pick<PhotoVariant, 'width' | 'type'>) => string,
): LinkPreviewImage | null {
  const webp = variants.filter((variant) => variant.type === 'image/webp').sort((a, b) => a.width - b.width);
  const chosen = webp.findLast((variant) => variant.width <= PREVIEW_WIDTH) ?? webp[0];
  return chosen ? { path: urlOf(chosen), width: chosen.width, height: chosen.height } : null;
}
