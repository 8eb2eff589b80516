import { VIDEO_MAX_PIXELS } from '@motema/shared/posts';
import type { ErrorCode } from '@motema/shared/errors';
import { badRequest } from '../../lib/app-error.ts';
import { runTool, type ToolResult, type TranscodeTools } from './transcode-tools.ts';

/**
 * What ffprobe tells of an upload, read from its JSON (never from the file's name or extension), and
 * the options every ffmpeg and ffprobe run on an upload starts with.
 */

/** The demuxer each accepted type (found from the bytes by the upload) must be read with. */
const DEMUXERS: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/3gpp': 'mov',
  'audio/mp4': 'mov',
  'video/webm': 'matroska',
  'audio/webm': 'matroska',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/flac': 'flac',
};

export const refuse = (code: ErrorCode) => badRequest(code);

/**
 * The input options for an upload of `sourceType` at `file`: only the file protocol (no network, no
 * nested playlist or reference reaching another file or URL), the one demuxer of its type (ffmpeg
 * never guesses another from the bytes), and no decoded picture larger than VIDEO_MAX_PIXELS (a
 * frame whose stream says more than its container is refused by the decoder, not allocated).
 */
export function inputArgs(sourceType: string, file: string): string[] {
  const demuxer = DEMUXERS[sourceType];
  if (!demuxer) throw refuse('media_unreadable');
  return [
    '-protocol_whitelist',
    'file',
    '-max_pixels',
    String(VIDEO_MAX_PIXELS),
    '-f',
    demuxer,
    '-i',
    `file:${file}`,
  ];
}

/** The refusal a failed run of ffmpeg or ffprobe on an upload stands for. */
export function failedRunCode(result: ToolResult): ErrorCode {
  return /exceeds specified max pixel count/.test(result.stderr)
    ? 'video_too_many_pixels'
    : 'media_unreadable';
}

export type ProbedVideo = {
  /** As displayed: rotation and pixel aspect ratio applied. */
  width: number;
  height: number;
  framesPerSecond: number;
};
export type Probe = {
  durationSeconds: number;
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
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
};
type FfprobeOutput = { format?: { duration?: string }; streams?: FfprobeStream[] };

const PROBE_TIMEOUT_MS = 30_000;

const ratio = (value: string | undefined): number => {
  const [num, den] = (value ?? '').split(/[:/]/).map(Number);
  return num && den && Number.isFinite(num / den) ? num / den : 0;
};

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
  return { ...turned, framesPerSecond };
}

/**
 * Probes an upload with ffprobe (as ffmpeg will read it: inputArgs). A picture over VIDEO_MAX_PIXELS
 * is refused from what the container and stream headers say, before any frame is decoded; a file
 * ffprobe cannot read, or without a duration, is `media_unreadable`.
 */
export async function probeMedia(tools: TranscodeTools, sourceType: string, file: string): Promise<Probe> {
  const result = await runTool(
    tools.ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...inputArgs(sourceType, file)],
    { timeoutMs: PROBE_TIMEOUT_MS },
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
    const pixels = Math.max(
      (stream.width ?? 0) * (stream.height ?? 0),
      (stream.coded_width ?? 0) * (stream.coded_height ?? 0),
    );
    if (pixels > VIDEO_MAX_PIXELS) throw refuse('video_too_many_pixels');
  }
  // A cover picture (an MP3's or M4A's artwork) is a video stream of one frame: not a video.
  const videoStream = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audioStream = streams.find((s) => s.codec_type === 'audio');
  const durationSeconds = Number(output.format?.duration ?? videoStream?.duration ?? audioStream?.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw refuse('media_unreadable');
  return {
    durationSeconds,
    video: videoStream ? displayed(videoStream) : null,
    audio: audioStream ? { channels: audioStream.channels ?? 2 } : null,
  };
}
