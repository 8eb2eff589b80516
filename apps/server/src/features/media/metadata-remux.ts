import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runRestricted, type RunResult } from '../../lib/restricted-ffmpeg.ts';
import { inputArgs } from './transcode-probe.ts';

/**
 * The metadata remux (QUALITY U1) of files served as they were sent (chat's voice notes, audio files
 * and videos): ffmpeg copies the streams (`-c copy`: no decode, no encode, the sound and pictures
 * unchanged) into a fresh container of the same type, with none of the upload's metadata (GPS
 * position, phone make and model, dates, titles, ID3 and Vorbis tags, chapters, handler names),
 * none of its other streams (cover pictures, timed metadata tracks such as a phone's location track,
 * attachments) and none of ffmpeg's own version strings. A rotation is kept (a stream property).
 */

/** How each accepted type is written back: its muxer and the muxer's options. */
const MUXERS: Record<string, string[]> = {
  'video/mp4': ['-movflags', '+faststart', '-f', 'mp4'],
  'video/quicktime': ['-movflags', '+faststart', '-f', 'mov'],
  'audio/mp4': ['-movflags', '+faststart', '-f', 'mp4'],
  'video/webm': ['-f', 'webm'],
  'audio/webm': ['-f', 'webm'],
  'audio/ogg': ['-f', 'ogg'],
  // No ID3v2 tag at the start, no ID3v1 at the end (the Xing header says only "Lavf").
  'audio/mpeg': ['-id3v2_version', '0', '-write_id3v1', '0', '-f', 'mp3'],
  'audio/aac': ['-f', 'adts'],
  'audio/wav': ['-f', 'wav'],
  'audio/flac': ['-f', 'flac'],
};

/**
 * A 30 MB video remuxes in under a second (0.06 s of CPU); past these the file is pathological or the
 * host stuck. A copy never holds more than a few frames in memory, nor writes much more than it read.
 */
const REMUX_TIMEOUT_MS = 20_000;
const REMUX_CPU_SECONDS = 10;
const REMUX_MEMORY_BYTES = 1024 ** 3;
const remuxOutputBytes = (inputBytes: number) => 2 * inputBytes + 1024 ** 2;
/** Remuxes at once in this process (each is a short burst of I/O); the rest wait their turn. */
const REMUXES_AT_ONCE = 2;

/** `interrupted`: killed (past REMUX_TIMEOUT_MS, or by a signal) rather than refusing the bytes. */
export type RemuxOutcome = { ok: true; body: Buffer } | { ok: false; interrupted: boolean; stderr: string };

/** Whether a type has a way back (every type chat accepts for a voice note, an audio or a video). */
const remuxable = (mime: string) => mime in MUXERS;

/**
 * The one ffmpeg run: `input` (read with the demuxer of `mime` only, file protocol only, see
 * inputArgs) to `output`, the same container without metadata.
 */
function runRemux(
  ffmpeg: string,
  mime: string,
  input: { file: string; bytes: number },
  output: string,
): Promise<RunResult> {
  // Videos keep their pictures (not cover art: `V`) and sound; audio files their sound only.
  const maps = mime.startsWith('video/') ? ['-map', '0:V?', '-map', '0:a?'] : ['-map', '0:a'];
  return runRestricted(
    ffmpeg,
    [
      ...['-nostdin', '-hide_banner', '-v', 'error', '-y'],
      ...inputArgs(mime, input.file),
      ...maps,
      ...['-map_metadata', '-1', '-map_chapters', '-1', '-c', 'copy', '-fflags', '+bitexact'],
      ...MUXERS[mime]!,
      `file:${output}`,
    ],
    {
      cpuSeconds: REMUX_CPU_SECONDS,
      wallMs: REMUX_TIMEOUT_MS,
      memoryBytes: REMUX_MEMORY_BYTES,
      outputBytes: remuxOutputBytes(input.bytes),
    },
  );
}

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= REMUXES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/**
 * The bytes of `body` (of `mime`, found from its bytes) without metadata, or why ffmpeg could not
 * remux them: bytes its demuxer cannot read as `mime` (a damaged or disguised file), or a run killed
 * (past its time; restricted-ffmpeg.ts applies the limits). The files live in a private temporary folder, removed at once.
 */
export async function remuxWithoutMetadata(
  ffmpeg: string,
  body: Buffer,
  mime: string,
): Promise<RemuxOutcome> {
  if (!remuxable(mime)) return { ok: false, interrupted: false, stderr: `no muxer for ${mime}` };
  return inTurn(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'motema-remux-'));
    try {
      const input = path.join(dir, 'upload');
      const output = path.join(dir, 'clean');
      await writeFile(input, body);
      const result = await runRemux(ffmpeg, mime, { file: input, bytes: body.length }, output);
      if (result.code === 0) return { ok: true, body: await readFile(output) };
      // Killed past its time (a stuck host: the member may retry); refused bytes otherwise.
      const interrupted = result.overLimit === 'wall' || result.overLimit === 'cpu' || result.code === null;
      return { ok: false, interrupted, stderr: result.stderr };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}
