import type { MediaItem, MediaSource } from '@motema/shared/posts';
import type { MediaItemRow } from '../../db/schema.ts';
import { mediaVariantFileName } from './media-item-names.ts';
import { presentImageAt } from './media.presenter.ts';
import { variantFileName } from './variant-names.ts';

/**
 * A media item as its viewer sees it. Every URL is `${baseUrl}${fileName}`: the caller gives the
 * route that checks this viewer's access on each request (`/api/posts/{postId}/media/{itemId}/`,
 * `/api/stories/{storyId}/media/{itemId}/`, the owner's `/api/media/uploads/{itemId}/`), so that a
 * file's URL is never guessable without access (Z5). Never the owner, the folder or the storage keys.
 */
export function presentMediaItem(row: MediaItemRow, baseUrl: string): MediaItem {
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    error: row.error,
    durationMs: row.durationMs,
    width: row.width,
    height: row.height,
    image: presentItemImage(row, baseUrl),
    sources: [...row.variants]
      .sort((a, b) => (a.quality === b.quality ? 0 : a.quality === 'standard' ? -1 : 1))
      .map((variant): MediaSource => ({
        url: `${baseUrl}${mediaVariantFileName(variant)}`,
        type: variant.type,
        quality: variant.quality,
        bytes: variant.bytes,
        width: variant.width,
        height: variant.height,
      })),
    waveform: row.waveform,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A photo's variants or a video's poster: sized as its largest variant (the poster's, not the
 * video's); each URL `${baseUrl}${fileName}` (a zone's cover is a photo served this way).
 */
export function presentItemImage(row: MediaItemRow, baseUrl: string) {
  if (!row.image?.length || row.placeholder === null) return null;
  const largest = row.image.reduce((best, variant) => (variant.width > best.width ? variant : best));
  return presentImageAt(
    {
      id: row.id,
      width: largest.width,
      height: largest.height,
      placeholder: row.placeholder,
      variants: row.image,
      createdAt: row.createdAt,
    },
    (variant) => `${baseUrl}${variantFileName(variant)}`,
  );
}
