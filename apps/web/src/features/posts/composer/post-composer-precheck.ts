import { PHOTO_ACCEPTED_TYPES, PHOTO_MAX_BYTES } from '@motema/shared/media';
import {
  AUDIO_ACCEPTED_TYPES,
  AUDIO_MAX_BYTES,
  POST_PHOTOS_MAX,
  VIDEO_ACCEPTED_TYPES,
  VIDEO_MAX_BYTES,
  type MediaKind,
} from '@motema/shared/posts';

/** What the composer's file picker offers (the server still reads the bytes and decides). */
export const POST_PICKER_ACCEPT = [...PHOTO_ACCEPTED_TYPES, ...VIDEO_ACCEPTED_TYPES, 'audio/*'].join(',');

/** Declared types browsers give for formats the server accepts, beyond the canonical ones. */
const ALIASES: Record<string, string> = {
  'audio/mp3': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/x-flac': 'audio/flac',
  'audio/opus': 'audio/ogg',
  'audio/x-aac': 'audio/aac',
};

const MAX_BYTES: Record<MediaKind, number> = {
  photo: PHOTO_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
  audio: AUDIO_MAX_BYTES,
};

/** The kind a picked file would be, from its declared type; null when a post takes nothing of it. */
export function kindOfPostFile(file: Pick<File, 'type'>): MediaKind | null {
  const declared = file.type.toLowerCase().split(';')[0]!.trim();
  const type = ALIASES[declared] ?? declared;
  if ((PHOTO_ACCEPTED_TYPES as readonly string[]).includes(type)) return 'photo';
  if ((VIDEO_ACCEPTED_TYPES as readonly string[]).includes(type)) return 'video';
  if ((AUDIO_ACCEPTED_TYPES as readonly string[]).includes(type)) return 'audio';
  return null;
}

/** Why the composer refuses a choice: the codes the server would answer (errors, validation texts). */
export type ComposerRefusal =
  'media_type_unsupported' | 'media_too_large' | 'post_media_mixed' | 'post_media_over_limit';

/**
 * The files a post may take from those picked, beside those it has: up to 10 photos, or one video, or
 * one podcast, each under its kind's size. Checked in the browser so nobody spends data on a file the
 * server would refuse; what is refused says why (the first reason met).
 */
export function precheckPostFiles<F extends Pick<File, 'type' | 'size'>>(
  have: readonly MediaKind[],
  picked: readonly F[],
): { accepted: { file: F; kind: MediaKind }[]; refusal: ComposerRefusal | null } {
  const accepted: { file: F; kind: MediaKind }[] = [];
  const kinds = [...have];
  let refusal: ComposerRefusal | null = null;
  for (const file of picked) {
    const kind = kindOfPostFile(file);
    if (!kind || file.size === 0) {
      refusal ??= 'media_type_unsupported';
      continue;
    }
    if (file.size > MAX_BYTES[kind]) {
      refusal ??= 'media_too_large';
      continue;
    }
    const mixed = kinds.length > 0 && (kind !== 'photo' || kinds.some((other) => other !== 'photo'));
    if (mixed) {
      refusal ??= 'post_media_mixed';
      continue;
    }
    if (kinds.length >= POST_PHOTOS_MAX) {
      refusal ??= 'post_media_over_limit';
      continue;
    }
    kinds.push(kind);
    accepted.push({ file, kind });
  }
  return { accepted, refusal };
}
