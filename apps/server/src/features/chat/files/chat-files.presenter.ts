import type { ChatFile } from '@motema/shared/chat';
import type { Image } from '@motema/shared/media';
import type { ChatFileRow, PhotoVariant, StreamVariant } from '../../../db/schema.ts';
import { variantFileName } from '../../media/media.presenter.ts';
import { streamFileName } from './stream-type.ts';

/** Where a file of a message is served (members of its conversation only, QUALITY Z5). */
export function chatFileUrl(fileId: string, fileName: string): string {
  return `/api/chat-files/${fileId}/${fileName}`;
}

function presentPhoto(row: ChatFileRow): Image {
  const variants = [...(row.variants as PhotoVariant[])].sort(
    (a, b) => a.width - b.width || a.type.localeCompare(b.type),
  );
  const smallestWebp = variants.find((variant) => variant.type === 'image/webp') ?? variants[0];
  return {
    _id: row.id,
    width: row.width ?? 0,
    height: row.height ?? 0,
    placeholder: row.placeholder ?? '',
    thumbnail: smallestWebp ? chatFileUrl(row.id, variantFileName(smallestWebp)) : '',
    sources: variants.map((variant) => ({
      url: chatFileUrl(row.id, variantFileName(variant)),
      width: variant.width,
      type: variant.type,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A file of a message as both members see it: its kind, type, size, duration and served URLs;
 * never the uploader, the conversation or the storage keys.
 */
export function presentChatFile(row: ChatFileRow): ChatFile {
  const photo = row.kind === 'photo';
  const stream = photo ? null : (row.variants as StreamVariant[])[0];
  return {
    _id: row.id,
    type: row.kind,
    mimeType: row.mimeType,
    bytes: row.bytes,
    durationMs: row.durationMs,
    image: photo ? presentPhoto(row) : null,
    url: stream ? chatFileUrl(row.id, streamFileName(stream.type)) : null,
  };
}
