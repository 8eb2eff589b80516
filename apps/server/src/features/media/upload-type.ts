import { AUDIO_ACCEPTED_TYPES, VIDEO_ACCEPTED_TYPES, type MediaKind } from '@motema/shared/posts';
import { PHOTO_ACCEPTED_TYPES } from '@motema/shared/media';
import { mp4Tracks, sniffContainerType } from './container-type.ts';

/**
 * How much of an upload is read before its type is decided: file-type's signatures need a few
 * kilobytes; an MP4 with fast start (or a WebM) names its tracks near its head, which tells an
 * audio-only file from a video. An MP4 whose `moov` comes last is a video until its `moov` has
 * streamed by (uploadTypeWithMoov); the media worker's probe has the last word.
 */
export const UPLOAD_HEAD_BYTES = 256 * 1024;

export type UploadType = { kind: MediaKind; mime: string };

const includes = (list: readonly string[], mime: string) => list.includes(mime);

/**
 * What an upload of a post or a story is, from its first bytes only (never its name or declared
 * type): a photo (the photo pipeline checks it further), a video or an audio of the accepted
 * containers; null for anything else (SVG, HTML, text, a GIF, a renamed file).
 */
export async function uploadTypeOf(head: Buffer): Promise<UploadType | null> {
  const mime = await sniffContainerType(head);
  if (!mime) return null;
  if (includes(PHOTO_ACCEPTED_TYPES, mime)) return { kind: 'photo', mime };
  if (includes(VIDEO_ACCEPTED_TYPES, mime)) return { kind: 'video', mime };
  if (includes(AUDIO_ACCEPTED_TYPES, mime)) return { kind: 'audio', mime };
  return null;
}

/**
 * The type once the whole upload went by: an MP4 its head left a video whose `moov` (kept as the
 * bytes streamed, Mp4MoovWatcher) names sound only is an audio, as a phone's recorder writes one.
 */
export function uploadTypeWithMoov<T extends UploadType>(
  type: T,
  moov: Buffer | null,
): T | { kind: 'audio'; mime: 'audio/mp4' } {
  if (type.mime !== 'video/mp4' || !moov) return type;
  const tracks = mp4Tracks(moov);
  return tracks.audio && !tracks.video ? { kind: 'audio', mime: 'audio/mp4' } : type;
}
