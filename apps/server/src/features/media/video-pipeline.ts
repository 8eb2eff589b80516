import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_MAX_SECONDS, type MediaUse } from '@motema/shared/posts';
import type { FfmpegTools } from '../../lib/ffmpeg-tools.ts';
import { runRestricted } from '../../lib/restricted-ffmpeg.ts';
import {
  DEFAULT_ENCODE_BUDGET,
  DURATION_SLACK_SECONDS,
  refusalOfUnusualVideo,
  videoEncodeLimits,
  type EncodeBudget,
} from './encode-budget.ts';
import { failedRunCode, inputArgs, probeMedia, refuse } from './transcode-probe.ts';

/**
 * The video pipeline (issue 16, decision 0029): an upload in, two H.264/AAC MP4 files with fast
 * start and a poster frame out, from one decode. The probe refuses what is not a video, too long or
 * too large before anything is decoded; ffmpeg then reads only the upload's file with the demuxer of
 * its type, never past the limit's duration, and writes no metadata of the upload (GPS, dates,
 * titles) nor its own (encoder names) into what is served.
 */

export type VideoTarget = {
  /** The shorter side, and the longer side at most (a 16:9 box, portrait or landscape). */
  short: number;
  long: number;
  framesPerSecondMax: number;
  /** x264's quality, capped by the bit rate below (a video of noise costs at most the cap). */
  crf: number;
  videoKbps: number;
  audioKbps: number;
  audioChannels: number;
};

/**
 * `standard` ~480p and `saver` ~240p. Bytes on the wire per minute watched (bar B9): at most
 * (videoKbps + audioKbps) × 60 / 8, 4.2 MB and 1.35 MB, under the bars' 4.5 MB and 1.5 MB.
 */
export const VIDEO_TARGETS = {
  standard: {
    short: 480,
    long: 854,
    framesPerSecondMax: 30,
    crf: 26,
    videoKbps: 500,
    audioKbps: 64,
    audioChannels: 2,
  },
  saver: {
    short: 240,
    long: 426,
    framesPerSecondMax: 24,
    crf: 30,
    videoKbps: 150,
    audioKbps: 32,
    audioChannels: 1,
  },
} as const satisfies Record<string, VideoTarget>;
export type VideoQuality = keyof typeof VIDEO_TARGETS;

/** ffmpeg's threads (decoder, each encoder): a bounded share of a small server's cores. */
export const FFMPEG_THREADS = 2;
/** x264's speed preset: encodes a 1080p phone clip faster than real time on one core. */
const X264_PRESET = 'veryfast';

/** Scales (width, height) into a target's box, never enlarging; even sizes (4:2:0 chroma). */
export function fitVideo(width: number, height: number, target: Pick<VideoTarget, 'short' | 'long'>) {
  const scale = Math.min(1, target.short / Math.min(width, height), target.long / Math.max(width, height));
  const even = (value: number) => Math.max(2, 2 * Math.round((value * scale) / 2));
  return { width: even(width), height: even(height) };
}

/** One MP4 output: H.264 main profile, AAC, fast start, no metadata of the input nor of the encoders. */
export function mp4OutputArgs(label: string, target: VideoTarget, framesPerSecond: number, file: string) {
  const fps = Math.min(framesPerSecond, target.framesPerSecondMax);
  return [
    ...['-map', `[${label}]`, '-map', '0:a:0?'],
    ...['-map_metadata', '-1', '-map_chapters', '-1'],
    // No "Lavf"/"Lavc" encoder tags; the SEI units (x264's settings string) removed from the stream.
    ...['-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'],
    // ffmpeg 5 writes the stream's encoder ("Lavc libx264") as the MP4 sample entry's compressor name.
    ...['-metadata:s:v:0', 'encoder= '],
    ...['-c:v', 'libx264', '-preset', X264_PRESET, '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
    ...[
      '-crf',
      String(target.crf),
      '-maxrate',
      `${target.videoKbps}k`,
      '-bufsize',
      `${2 * target.videoKbps}k`,
    ],
    ...['-g', String(Math.max(1, Math.round(2 * fps))), '-bsf:v', 'filter_units=remove_types=6'],
    ...['-c:a', 'aac', '-b:a', `${target.audioKbps}k`, '-ac', String(target.audioChannels)],
    ...['-threads', String(FFMPEG_THREADS), '-movflags', '+faststart', '-f', 'mp4', `file:${file}`],
  ];
}

export type EncodedVideoFile = { quality: VideoQuality; file: string; width: number; height: number };
export type TranscodedVideo = {
  durationMs: number;
  /** The standard file's size (as displayed). */
  width: number;
  height: number;
  files: EncodedVideoFile[];
  /** A PNG of a frame near the start, at the standard size, for the photo pipeline. */
  poster: Buffer;
};

/** The frame the poster is taken at: a second in (past a fade from black), or earlier in a short clip. */
const posterSeconds = (durationSeconds: number) => Math.min(1, durationSeconds / 3);

/**
 * Probes and encodes the video at `file` (of `sourceType`, found from its bytes) into `workDir`, within
 * the limits its probe implies (encode-budget.ts). Refusals are AppErrors with their code (never
 * retried), a run past its limits among them; anything else is a failure to retry.
 */
export async function transcodeVideo(
  tools: FfmpegTools,
  input: { file: string; sourceType: string; use: MediaUse; workDir: string },
  budget: EncodeBudget = DEFAULT_ENCODE_BUDGET,
): Promise<TranscodedVideo> {
  const probe = await probeMedia(tools, input.sourceType, input.file);
  const video = probe.video;
  if (!video) throw refuse('video_no_picture');
  const maxSeconds = VIDEO_MAX_SECONDS[input.use];
  if (probe.durationSeconds > maxSeconds + DURATION_SLACK_SECONDS) throw refuse('video_too_long');
  const unusual = refusalOfUnusualVideo({ ...probe, video });
  if (unusual) throw refuse(unusual);

  const { width, height, framesPerSecond } = video;
  const standard = fitVideo(width, height, VIDEO_TARGETS.standard);
  const saver = fitVideo(width, height, VIDEO_TARGETS.saver);
  const fpsFilter = (target: VideoTarget) =>
    framesPerSecond > target.framesPerSecondMax ? `,fps=${target.framesPerSecondMax}` : '';
  // One decode, scaled once to the standard size (ffmpeg has rotated it by the stream's display
  // matrix), then split three ways: the saver is scaled from the standard's pixels, not the upload's.
  const graph = [
    `[0:v:0]scale=${standard.width}:${standard.height},setsar=1,split=3[s][v][p]`,
    `[s]format=yuv420p${fpsFilter(VIDEO_TARGETS.standard)}[standard]`,
    `[v]scale=${saver.width}:${saver.height},setsar=1,format=yuv420p${fpsFilter(VIDEO_TARGETS.saver)}[saver]`,
    `[p]select='gte(t\\,${posterSeconds(probe.durationSeconds).toFixed(3)})'[poster]`,
  ].join(';');
  const files: EncodedVideoFile[] = [
    { quality: 'standard', file: path.join(input.workDir, 'standard.mp4'), ...standard },
    { quality: 'saver', file: path.join(input.workDir, 'saver.mp4'), ...saver },
  ];
  const posterFile = path.join(input.workDir, 'poster.png');
  const result = await runRestricted(
    tools.ffmpeg,
    [
      ...['-nostdin', '-hide_banner', '-v', 'error', '-y'],
      ...['-threads', String(FFMPEG_THREADS)],
      // Never read past the limit, whatever the container claims its duration to be.
      ...['-t', String(maxSeconds + DURATION_SLACK_SECONDS)],
      ...inputArgs(input.sourceType, input.file),
      ...['-filter_complex_threads', '1', '-filter_complex', graph],
      ...mp4OutputArgs('standard', VIDEO_TARGETS.standard, framesPerSecond, files[0]!.file),
      ...mp4OutputArgs('saver', VIDEO_TARGETS.saver, framesPerSecond, files[1]!.file),
      ...['-map', '[poster]', '-frames:v', '1', '-map_metadata', '-1', '-fflags', '+bitexact'],
      ...['-flags:v', '+bitexact', '-c:v', 'png', '-f', 'image2', `file:${posterFile}`],
    ],
    // The frames counted in the file; a stream whose packets could not be counted, by its header.
    videoEncodeLimits(video, Math.max(video.frames, probe.durationSeconds * framesPerSecond), budget),
  );
  // Killed by a signal none of its limits sends (the machine's memory ran out): tried again.
  if (result.code === null && !result.overLimit) {
    throw new Error(`ffmpeg was killed (${result.signal}) while encoding ${input.file}`);
  }
  if (result.code !== 0) throw refuse(failedRunCode(result));
  let poster: Buffer;
  try {
    poster = await readFile(posterFile);
  } catch {
    // No frame at all could be decoded.
    throw refuse('media_unreadable');
  }
  return {
    durationMs: Math.round(Math.min(probe.durationSeconds, maxSeconds + DURATION_SLACK_SECONDS) * 1000),
    width: standard.width,
    height: standard.height,
    files,
    poster,
  };
}
