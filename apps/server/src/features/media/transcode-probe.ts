import { VIDEO_MAX_PIXELS } from '@motema/shared/posts';
import type { ErrorCode } from '@motema/shared/errors';
import { badRequest } from '../../lib/app-error.ts';
import type { FfmpegTools } from '../../lib/ffmpeg-tools.ts';
import {
  DEMUXER_OF_TYPE,
  restrictedInputArgs,
  runRestricted,
  type RunResult,
} from '../../lib/restricted-ffmpeg.ts';
import { PROBE_LIMITS } from './encode-budget.ts';

/**
 * What ffprobe tells of an upload, read from its JSON (never from the file's name or extension), and
 * the options every ffmpeg and ffprobe run on an upload starts with.
 */

export const refuse = (code: ErrorCode) => badRequest(code);

/**
 * The input options for an upload of `sourceType` at `file` (restricted-ffmpeg.ts): the file protocol,
 * the demuxer of its type, the accepted decoders, no picture over VIDEO_MAX_PIXELS.
 */
export function inputArgs(sourceType: string, file: string): string[] {
  const demuxer = DEMUXER_OF_TYPE[sourceType];
  if (!demuxer) throw refuse('media_unreadable');
  return restrictedInputArgs({ file, demuxer, maxPixels: VIDEO_MAX_PIXELS });
}

/** The refusal a failed run of ffmpeg or ffprobe on an upload stands for. */
export function failedRunCode(result: RunResult): ErrorCode {
  if (result.overLimit) return 'media_processing_too_long';
  return /exceeds specified max pixel count/.test(result.stderr)
    ? 'video_too_many_pixels'
    : 'media_unreadable';
}

export type ProbedVideo = {
  /** As displayed: rotation and pixel aspect ratio applied. */
  width: number;
  height: number;
  framesPerSecond: number;
  /** Frames counted in the file (its packets, read to the end), not what a header claims. */
  frames: number;
  /** Pixels of one decoded frame (the larger of the stream's and the coded size). */
  codedPixels: number;
};
export type Probe = {
  durationSeconds: number;
  /** The whole file's bits over its duration. */
  bitsPerSecond: number;
  video: ProbedVideo | null;
  audio: { channels: number } | null;
};

type FfprobeStream = {
  codec_type?: string;
  width?: number;
  height?: number;
  coded_width?: number;
  coded_height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  channels?: number;
  duration?: string;
  nb_read_packets?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
};
type FfprobeOutput = { format?: { duration?: string; size?: string }; streams?: FfprobeStream[] };

const ratio = (value: string | undefined): number => {
  const [num, den] = (value ?? '').split(/[:/]/).map(Number);
  return num && den && Number.isFinite(num / den) ? num / den : 0;
};

const pixelsOf = (stream: FfprobeStream) =>
  Math.max(
    (stream.width ?? 0) * (stream.height ?? 0),
    (stream.coded_width ?? 0) * (stream.coded_height ?? 0),
  );

function rotation(stream: FfprobeStream): number {
  const degrees = stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation;
  return Math.abs(Math.round(Number(degrees ?? stream.tags?.rotate ?? 0))) % 180;
}

function displayed(stream: FfprobeStream): ProbedVideo | null {
  const { width, height } = stream;
  if (!width || !height) return null;
  const sar = ratio(stream.sample_aspect_ratio) || 1;
  const shown = { width: Math.round(width * sar), height };
  const turned = rotation(stream) === 90 ? { width: shown.height, height: shown.width } : shown;
  const framesPerSecond = ratio(stream.avg_frame_rate) || ratio(stream.r_frame_rate) || 30;
  return {
    ...turned,
    framesPerSecond,
    frames: Number(stream.nb_read_packets) || 0,
    codedPixels: pixelsOf(stream),
  };
}

/**
 * Probes an upload with ffprobe (as ffmpeg will read it: inputArgs). A picture over VIDEO_MAX_PIXELS
 * is refused from what the container and stream headers say, before any frame is decoded; a file
 * ffprobe cannot read, or without a duration, is `media_unreadable`.
 */
export async function probeMedia(tools: FfmpegTools, sourceType: string, file: string): Promise<Probe> {
  const result = await runRestricted(
    tools.ffprobe,
    [
      ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-count_packets'],
      ...inputArgs(sourceType, file),
    ],
    PROBE_LIMITS,
  );
  if (result.code !== 0) throw refuse(failedRunCode(result));
  let output: FfprobeOutput;
  try {
    output = JSON.parse(result.stdout.toString('utf8')) as FfprobeOutput;
  } catch {
    throw refuse('media_unreadable');
  }
  const streams = output.streams ?? [];
  for (const stream of streams) {
    if (pixelsOf(stream) > VIDEO_MAX_PIXELS) throw refuse('video_too_many_pixels');
  }
  // A cover picture (an MP3's or M4A's artwork) is a video stream of one frame: not a video.
  const videoStream = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audioStream = streams.find((s) => s.codec_type === 'audio');
  const durationSeconds = Number(output.format?.duration ?? videoStream?.duration ?? audioStream?.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw refuse('media_unreadable');
  return {
    durationSeconds,
    bitsPerSecond: (8 * (Number(output.format?.size) || 0)) / durationSeconds,
    video: videoStream ? displayed(videoStream) : null,
    audio: audioStream ? { channels: audioStream.channels ?? 2 } : null,
  };
}
