import type { MediaItemVariant } from '../../db/schema.ts';

/**
 * File names of a media item's served files: a video's or an audio's encoded file is named by its
 * quality and type (`standard.mp4`, `saver.mp4`, `standard.m4a`), never by its storage key; a
 * photo's variants and a video's poster keep the photos' names (`480.webp`, variant-names.ts).
 * The media worker stores each file under `{folder}{mediaVariantFileName(variant)}`.
 */
const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
};

export function mediaVariantFileName(variant: Pick<MediaItemVariant, 'quality' | 'type'>): string {
  return `${variant.quality}.${EXTENSIONS[variant.type] ?? 'bin'}`;
}
