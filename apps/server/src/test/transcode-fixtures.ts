import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../env.ts';
import { resolveFfmpegTools } from '../lib/ffmpeg-tools.ts';

/**
 * Videos and audios for the transcode's tests, made at test time by the ffmpeg the server would run
 * (ffmpeg-tools.ts) from its generators (lavfi testsrc2, sine): small, quick, and with what a phone
 * puts in its files (a GPS position, a creation date, a title, a rotation).
 */

export const testTools = resolveFfmpegTools(parseEnv({ NODE_ENV: 'test' }));

/** The position a phone writes (`©xyz` in `moov/udta`), and the value the tests look for. */
export const GPS_LOCATION = '+12.3456+056.7890/';
/** Bytes of the location as the MP4 muxer stores it, found by a plain search in a file. */
export const GPS_NEEDLE = Buffer.from('12.3456');
const PHONE_METADATA = [
  ...['-metadata', `location=${GPS_LOCATION}`, '-metadata', `location-eng=${GPS_LOCATION}`],
  ...['-metadata', 'creation_time=2024-05-01T10:11:12Z', '-metadata', 'title=Beach with Amani'],
  ...['-metadata', 'artist=Amani Kabila', '-metadata', 'comment=Motema Test Phone X1'],
];

/** Runs the packaged ffmpeg (quiet, overwriting), failing the test on an error. */
export function ffmpeg(args: string[]): void {
  const result = spawnSync(testTools.ffmpeg, ['-nostdin', '-v', 'error', '-y', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(' ')}: ${result.stderr}`);
}

/** The file `make` writes in a fresh temporary folder (removed after). */
export async function inTemp(make: (dir: string) => string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'motema-fixture-'));
  try {
    return await readFile(make(dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type ClipOptions = {
  width?: number;
  height?: number;
  seconds?: number;
  framesPerSecond?: number;
  /** The display rotation a phone held upright writes (90: shot in portrait). */
  rotate?: 0 | 90;
  audio?: boolean;
  video?: boolean;
  /**
   * The container: QuickTime by default (an iPhone's .MOV: the position as text in `©xyz`), MP4 (the
   * position in a 3GPP `loci` box, as this ffmpeg writes it) or WebM.
   */
  format?: 'mov' | 'mp4' | 'webm';
};

/** A phone-like clip (H.264/AAC in QuickTime by default) carrying a GPS position, a date and a title. */
export function phoneClip(options: ClipOptions = {}): Promise<Buffer> {
  const { width = 320, height = 180, seconds = 2, framesPerSecond = 30, rotate = 0 } = options;
  const { audio = true, video = true, format = 'mov' } = options;
  return inTemp((dir) => {
    const made = path.join(dir, `made.${format}`);
    const out = path.join(dir, `clip.${format}`);
    const inputs = [
      ...(video
        ? ['-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=${framesPerSecond}:d=${seconds}`]
        : []),
      ...(audio ? ['-f', 'lavfi', '-i', `sine=f=440:d=${seconds}`] : []),
    ];
    const codecs =
      format === 'webm'
        ? ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', '-c:a', 'libopus']
        : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
    ffmpeg([...inputs, ...codecs, ...PHONE_METADATA, made]);
    // The display matrix is written by a remux (an encode resets it in this ffmpeg).
    ffmpeg([
      ...['-i', made, '-map', '0', '-c', 'copy', ...PHONE_METADATA],
      ...(rotate ? ['-metadata:s:v:0', `rotate=${rotate}`] : []),
      out,
    ]);
    return out;
  });
}

/** A clip whose one frame is `width`x`height` (16000x16000: a decompression bomb for a decoder). */
export function hugeFrameClip(width: number, height: number): Promise<Buffer> {
  return inTemp((dir) => {
    const out = path.join(dir, 'huge.mp4');
    ffmpeg([
      ...['-f', 'lavfi', '-i', `color=c=black:s=${width}x${height}:d=0.04`, '-frames:v', '1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', out],
    ]);
    return out;
  });
}

/**
 * A video no phone records, small on disk: `framesPerSecond` frames a second of `width`x`height` for
 * `seconds` (the probe's frame-rate bomb: 1000 fps; 4096x2304 at 120 fps is past 4K at 60). With
 * `noise`, random pixels coded losslessly (x264 at QP 0): a bit rate no phone records (~`width`x`height`
 * x 12 bits a frame), small on disk because it is short.
 */
export function unusualClip(options: {
  width: number;
  height: number;
  framesPerSecond: number;
  seconds: number;
  noise?: boolean;
}): Promise<Buffer> {
  const { width, height, framesPerSecond, seconds, noise = false } = options;
  const frames = `s=${width}x${height}:r=${framesPerSecond}:d=${seconds}`;
  return inTemp((dir) => {
    const out = path.join(dir, 'unusual.mp4');
    ffmpeg([
      ...['-f', 'lavfi', '-i', noise ? `nullsrc=${frames}` : `testsrc2=${frames}`],
      ...(noise ? ['-vf', 'geq=lum=random(1)*255:cb=128:cr=128', '-qp', '0'] : []),
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out],
    ]);
    return out;
  });
}

/** A spoken-word-like recording: `loud` seconds of tone, then `quiet` seconds of silence; MP3 with tags. */
export function podcastMp3(loud: number, quiet: number): Promise<Buffer> {
  return inTemp((dir) => {
    const out = path.join(dir, 'talk.mp3');
    ffmpeg([
      ...['-f', 'lavfi', '-i', `sine=f=300:d=${loud}`],
      ...['-f', 'lavfi', '-i', `anullsrc=r=44100:cl=mono`],
      ...['-filter_complex', `[1]atrim=0:${quiet}[q];[0][q]concat=n=2:v=0:a=1`],
      ...PHONE_METADATA,
      ...['-c:a', 'libmp3lame', '-b:a', '64k', out],
    ]);
    return out;
  });
}

/** A silent WAV of `seconds` at a very low rate (1 kHz, 8-bit): long, yet ~`seconds` kB. */
export function longWav(seconds: number): Promise<Buffer> {
  return inTemp((dir) => {
    const out = path.join(dir, 'long.wav');
    ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=1000:cl=mono', '-t', String(seconds), '-c:a', 'pcm_u8', out]);
    return out;
  });
}

/** The boxes (atoms) of an MP4, depth first, with their paths ("moov/udta/meta"). */
export function mp4Boxes(file: Buffer): { path: string; start: number; size: number }[] {
  const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'udta', 'edts', 'dinf', 'ilst']);
  const boxes: { path: string; start: number; size: number }[] = [];
  const walk = (start: number, end: number, parent: string) => {
    let offset = start;
    while (offset + 8 <= end) {
      let size = file.readUInt32BE(offset);
      const type = file.toString('latin1', offset + 4, offset + 8);
      let header = 8;
      if (size === 1) {
        size = Number(file.readBigUInt64BE(offset + 8));
        header = 16;
      } else if (size === 0) size = end - offset;
      if (size < header || offset + size > end) break;
      const boxPath = parent ? `${parent}/${type}` : type;
      boxes.push({ path: boxPath, start: offset, size });
      // `meta` is a full box: its children start after 4 bytes of version and flags.
      if (type === 'meta') walk(offset + header + 4, offset + size, boxPath);
      else if (containers.has(type)) walk(offset + header, offset + size, boxPath);
      offset += size;
    }
  };
  walk(0, file.length, '');
  return boxes;
}

/** The types each accepted container's bytes are found to be (the upload's `sourceType`). */
export const CLIP_TYPES = { mov: 'video/quicktime', mp4: 'video/mp4', webm: 'video/webm' } as const;
