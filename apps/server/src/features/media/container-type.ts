import { fileTypeFromBuffer } from 'file-type';

/**
 * The container type of a video or an audio file from its bytes only (QUALITY U1): what file-type
 * finds, under the names the accepted lists use (VIDEO_ACCEPTED_TYPES, AUDIO_ACCEPTED_TYPES, chat's
 * CHAT_FILE_ACCEPTED_TYPES), with WebM (EBML) and MP4 (ISO BMFF) headers read to tell audio-only
 * files (what MediaRecorder writes for a voice note, sniffed as video/webm or video/mp4) from real
 * videos. `mp4AsVideo` keeps every MP4 a video (chat's video kind). Null when file-type finds no
 * type, or a WebM with no track; any other type is returned as found, for the caller to refuse.
 */
export async function sniffContainerType(
  input: Buffer,
  options: { mp4AsVideo?: boolean } = {},
): Promise<string | null> {
  const detected = await fileTypeFromBuffer(input);
  return detected ? normalise(detected.mime, input, options.mp4AsVideo ?? false) : null;
}

function normalise(mime: string, input: Buffer, mp4AsVideo: boolean): string | null {
  const base = mime.split(';')[0]!.trim();
  switch (base) {
    case 'audio/opus':
    case 'audio/ogg':
      return 'audio/ogg';
    case 'audio/x-m4a':
    case 'audio/mp4':
      return 'audio/mp4';
    case 'audio/x-flac':
      return 'audio/flac';
    case 'audio/x-wav':
    case 'audio/vnd.wave':
      return 'audio/wav';
    case 'video/webm':
    case 'audio/webm': {
      const tracks = webmTracks(input);
      if (!tracks.audio && !tracks.video) return null;
      return tracks.video ? 'video/webm' : 'audio/webm';
    }
    case 'video/mp4': {
      // An audio-only MP4 (Safari's recorder) is audio; a video kind keeps its container type.
      if (mp4AsVideo) return base;
      const tracks = mp4Tracks(input);
      return tracks.audio && !tracks.video ? 'audio/mp4' : base;
    }
    default:
      return base;
  }
}

type Tracks = { audio: boolean; video: boolean };

/** EBML variable-length integer at `offset`: its length and value (marker bit removed unless `raw`). */
function vint(input: Buffer, offset: number, raw = false): { length: number; value: number } | null {
  const first = input[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > input.length) return null;
  let value = raw ? first : first & (0xff >> length);
  let unknown = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    value = value * 256 + input[offset + i]!;
    if (input[offset + i] !== 0xff) unknown = false;
  }
  return { length, value: !raw && unknown ? -1 : value };
}

const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675;

/** The track types of a WebM/Matroska file, read from its Tracks element (up to the first Cluster). */
export function webmTracks(input: Buffer): Tracks {
  const tracks: Tracks = { audio: false, video: false };
  const walk = (start: number, end: number, depth: number) => {
    let offset = start;
    while (offset < end && depth < 6) {
      const id = vint(input, offset, true);
      if (!id) return;
      const size = vint(input, offset + id.length);
      if (!size) return;
      const body = offset + id.length + size.length;
      const bodyEnd = size.value < 0 ? end : Math.min(end, body + size.value);
      if (id.value === CLUSTER) return;
      if (id.value === SEGMENT || id.value === TRACKS || id.value === TRACK_ENTRY) {
        walk(body, bodyEnd, depth + 1);
        if (id.value === SEGMENT) return;
      } else if (id.value === TRACK_TYPE) {
        const type = input[bodyEnd - 1];
        if (type === 1) tracks.video = true;
        if (type === 2) tracks.audio = true;
      }
      if (size.value < 0) return;
      offset = bodyEnd;
    }
  };
  walk(0, input.length, 0);
  return tracks;
}

/** The handler types (`soun`, `vide`) of an MP4/QuickTime file's tracks (moov/trak/mdia/hdlr). */
export function mp4Tracks(input: Buffer): Tracks {
  const tracks: Tracks = { audio: false, video: false };
  const walk = (start: number, end: number, depth: number) => {
    let offset = start;
    while (offset + 8 <= end && depth < 5) {
      let size = input.readUInt32BE(offset);
      const type = input.toString('latin1', offset + 4, offset + 8);
      let header = 8;
      if (size === 1 && offset + 16 <= end) {
        size = Number(input.readBigUInt64BE(offset + 8));
        header = 16;
      } else if (size === 0) {
        size = end - offset;
      }
      if (size < header) return;
      const boxEnd = Math.min(end, offset + size);
      if (type === 'moov' || type === 'trak' || type === 'mdia') {
        walk(offset + header, boxEnd, depth + 1);
      } else if (type === 'hdlr' && offset + header + 12 <= boxEnd) {
        const handler = input.toString('latin1', offset + header + 8, offset + header + 12);
        if (handler === 'soun') tracks.audio = true;
        if (handler === 'vide') tracks.video = true;
      }
      offset = boxEnd;
    }
  };
  walk(0, input.length, 0);
  return tracks;
}
