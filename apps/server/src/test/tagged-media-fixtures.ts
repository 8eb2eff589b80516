import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ffmpeg, inTemp, testTools } from './transcode-fixtures.ts';

/**
 * Voice notes, audio files and videos carrying what phones and tagging apps write into them (a GPS
 * position, the phone's make and model, a title, an artist, a comment, ID3 tags, a cover picture,
 * handler names), made at test time by the packaged ffmpeg; and what ffprobe and ffmpeg tell of a
 * file's bytes, to check that a served file keeps none of it and the same streams.
 */

export const PHONE_LOCATION = '+48.8577+002.2950/';
const TAGS = {
  title: 'Walk by the Congo river',
  artist: 'Amani Kabila',
  comment: 'Recorded on an Okapi X9',
  make: 'Okapi Phones',
  model: 'Okapi X9',
};
/** Strings none of which may remain anywhere in a served file's bytes. */
export const TAG_NEEDLES = ['48.8577', '002.2950', ...Object.values(TAGS), 'Core Media'];
/** Tags (by name, any case) a served file may not carry at all. */
export const PRIVATE_TAG_NAMES = /location|make|model|title|artist|comment|creation_time|date/i;

const METADATA = [
  ...['-metadata', `location=${PHONE_LOCATION}`, '-metadata', `location-eng=${PHONE_LOCATION}`],
  ...Object.entries(TAGS).flatMap(([name, value]) => ['-metadata', `${name}=${value}`]),
  ...['-metadata', 'creation_time=2024-05-01T10:11:12Z'],
];
const HANDLERS = [
  ...['-metadata:s:v', 'handler_name=Core Media Video', '-metadata:s:a', 'handler_name=Core Media Audio'],
];
const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=f=440:d=${seconds}`];
const picture = (seconds: number) => ['-f', 'lavfi', '-i', `testsrc2=s=320x240:r=25:d=${seconds}`];

/** A phone's video: H.264 and AAC, in QuickTime (`©xyz`, `©mak`, `©mod`) or MP4 (`loci`, `ilst`). */
export function taggedVideo(format: 'mov' | 'mp4'): Promise<Buffer> {
  return inTemp((dir) => {
    const out = path.join(dir, `clip.${format}`);
    ffmpeg([
      ...picture(2),
      ...tone(2),
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      ...METADATA,
      ...HANDLERS,
      out,
    ]);
    return out;
  });
}

/** A voice note with tags: Opus in WebM (Chromium) or Ogg (Firefox), or AAC in MP4 (Safari). */
export function taggedVoiceNote(format: 'webm' | 'ogg' | 'm4a', seconds = 3): Promise<Buffer> {
  return inTemp((dir) => {
    const out = path.join(dir, `voice.${format}`);
    const codec = format === 'm4a' ? ['-c:a', 'aac'] : ['-c:a', 'libopus', '-b:a', '32k'];
    ffmpeg([...tone(seconds), ...codec, ...METADATA, ...(format === 'm4a' ? HANDLERS : []), out]);
    return out;
  });
}

/** An MP3 with ID3v2 tags (title, artist, comment), an ID3v1 tag at its end and a cover picture. */
export function taggedMp3(): Promise<Buffer> {
  return inTemp((dir) => {
    const out = path.join(dir, 'song.mp3');
    ffmpeg([
      ...tone(3),
      ...picture(0.04),
      ...['-map', '0:a', '-map', '1:v', '-frames:v', '1', '-disposition:v', 'attached_pic'],
      ...['-c:a', 'libmp3lame', '-b:a', '64k', '-c:v', 'mjpeg'],
      ...['-id3v2_version', '3', '-write_id3v1', '1'],
      ...METADATA,
      out,
    ]);
    return out;
  });
}

/** A FLAC file with Vorbis comments (title, artist, comment, position). */
export function taggedFlac(): Promise<Buffer> {
  return inTemp((dir) => {
    const out = path.join(dir, 'song.flac');
    ffmpeg([...tone(3), '-c:a', 'flac', ...METADATA, out]);
    return out;
  });
}

type ProbedStream = {
  index: number;
  codec_name?: string;
  codec_type?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
};
export type ProbedFile = {
  format: { duration?: string; tags?: Record<string, string> };
  streams: ProbedStream[];
};

async function withFile<T>(bytes: Buffer, use: (file: string) => T): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'motema-probe-'));
  try {
    const file = path.join(dir, 'file');
    await writeFile(file, bytes);
    return use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(binary: string, args: string[]): string {
  const result = spawnSync(binary, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${binary} ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** ffprobe's view of a file: its format and streams, with their tags. */
export function probeFile(bytes: Buffer): Promise<ProbedFile> {
  return withFile(bytes, (file) => {
    const json = run(testTools.ffprobe, [
      '-v',
      'error',
      '-of',
      'json',
      '-show_format',
      '-show_streams',
      file,
    ]);
    return JSON.parse(json) as ProbedFile;
  });
}

/** Every tag of a file (format's and streams'), as "name=value". */
export function tagsOf(probe: ProbedFile): string[] {
  return [probe.format.tags ?? {}, ...probe.streams.map((stream) => stream.tags ?? {})].flatMap((tags) =>
    Object.entries(tags).map(([name, value]) => `${name}=${value}`),
  );
}

/** The streams a member hears or sees (cover pictures aside). */
export const playedStreams = (probe: ProbedFile) =>
  probe.streams.filter((stream) => !stream.disposition?.attached_pic);

/**
 * The MD5 of each played stream's packets, copied out as they are: equal before and after proves a
 * remux (the very same coded sound and pictures), not an encode.
 */
export function streamDigests(bytes: Buffer, probe: ProbedFile): Promise<string[]> {
  return withFile(bytes, (file) =>
    playedStreams(probe).map((stream) =>
      run(testTools.ffmpeg, [
        ...['-nostdin', '-v', 'error', '-i', file, '-map', `0:${stream.index}`],
        ...['-c', 'copy', '-f', 'md5', '-'],
      ]).trim(),
    ),
  );
}
