import { CHAT_FILE_ACCEPTED_TYPES, type ChatFileKind } from '@motema/shared/chat';
import { sniffMediaContainer } from '../../media/media.service.ts';

/**
 * The type of a voice note, an audio file or a video, from its bytes only (QUALITY U1): file-type
 * finds the container, then WebM (EBML) and MP4 (ISO BMFF) headers are read to tell audio-only files
 * (what MediaRecorder writes for a voice note, sniffed as video/webm or video/mp4) from real videos.
 * Null when the bytes are nothing the kind accepts: SVG, HTML, scripts and renamed files among them.
 */
export async function sniffStreamType(input: Buffer, kind: Exclude<ChatFileKind, 'photo'>) {
  const mime = await sniffMediaContainer(input, { mp4AsVideo: kind === 'video' });
  return mime && CHAT_FILE_ACCEPTED_TYPES[kind].includes(mime) ? mime : null;
}

/** The file name a stream is served under. */
export function streamFileName(mime: string): string {
  return `file.${STREAM_EXTENSIONS[mime] ?? 'bin'}`;
}

const STREAM_EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
  'audio/flac': 'flac',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};
