import {
  CHAT_FILE_ACCEPTED_TYPES,
  CHAT_FILE_MAX_BYTES,
  MESSAGE_FILES_MAX,
  type ChatFileKind,
} from '@motema/shared/chat';
import type { ErrorCode } from '@motema/shared/errors';

/** What the file picker offers (the server still reads the bytes and decides). */
export const ATTACH_PICKER_ACCEPT = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/*',
].join(',');

/** Declared types a browser gives for the formats the server accepts, beyond the canonical ones. */
const AUDIO_ALIASES: Record<string, string> = {
  'audio/mp3': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-flac': 'audio/flac',
  'audio/opus': 'audio/ogg',
  'audio/x-aac': 'audio/aac',
};

/** The kind a picked file is sent as, from its declared type; null when nothing accepts it. */
export function kindOfFile(file: Pick<File, 'type'>): Exclude<ChatFileKind, 'voice'> | null {
  const type = file.type.toLowerCase().split(';')[0]!.trim();
  if ((CHAT_FILE_ACCEPTED_TYPES.photo as readonly string[]).includes(type)) return 'photo';
  if (CHAT_FILE_ACCEPTED_TYPES.video.includes(type)) return 'video';
  if (CHAT_FILE_ACCEPTED_TYPES.audio.includes(AUDIO_ALIASES[type] ?? type)) return 'audio';
  return null;
}

export type Precheck =
  | { ok: true; kind: Exclude<ChatFileKind, 'voice'> }
  | {
      ok: false;
      error: Extract<ErrorCode, 'chat_file_type_unsupported' | 'chat_file_too_large' | 'chat_file_missing'>;
    };

/**
 * A quick check in the browser, so nobody spends data sending a file the server would refuse: the
 * declared type gives the kind, then its size limit (CHAT_FILE_MAX_BYTES). The server stays the
 * authority: it reads the bytes.
 */
export function precheckAttachment(file: Pick<File, 'type' | 'size'>): Precheck {
  if (file.size === 0) return { ok: false, error: 'chat_file_missing' };
  const kind = kindOfFile(file);
  if (!kind) return { ok: false, error: 'chat_file_type_unsupported' };
  if (file.size > CHAT_FILE_MAX_BYTES[kind]) return { ok: false, error: 'chat_file_too_large' };
  return { ok: true, kind };
}

/** How many more files a message may carry. */
export function filesLeft(alreadyPicked: number): number {
  return Math.max(0, MESSAGE_FILES_MAX - alreadyPicked);
}

/** "4.2 MB" in the interface language. */
export function formatBytes(bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1) {
    return new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'megabyte',
      maximumFractionDigits: 1,
    }).format(megabytes);
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 0,
  }).format(Math.max(1, Math.round(bytes / 1024)));
}
