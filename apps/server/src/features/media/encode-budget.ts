import {
  AUDIO_MAX_SECONDS,
  VIDEO_MAX_BITS_PER_SECOND,
  VIDEO_MAX_FRAMES_PER_SECOND,
  VIDEO_MAX_PIXELS_PER_SECOND,
  VIDEO_MAX_SECONDS,
} from '@motema/shared/posts';
import type { RunLimits } from '../../lib/restricted-ffmpeg.ts';
import type { Probe, ProbedVideo } from './transcode-probe.ts';

/**
 * What an upload may cost (issue 25): a video no phone records is refused from its probe, before any
 * encode; what is accepted is encoded within limits its own probe implies (CPU seconds from the frames
 * and pixels to decode, a wall-clock limit from those), not a flat quarter of an hour. A run past its
 * limits is an outcome of its upload: the item fails `media_processing_too_long`, never retried.
 */

export type EncodeBudget = {
  /** CPU seconds every encode gets (starting, the poster, the audio, the muxing). */
  baseCpuSeconds: number;
  /** Decoded pixels a CPU second pays for, at the least (measured: see DEFAULT_ENCODE_BUDGET). */
  videoPixelsPerCpuSecond: number;
  /** Seconds of sound a CPU second pays for, at the least (decoded, resampled, AAC encoded). */
  audioSecondsPerCpuSecond: number;
  /** Wall-clock seconds allowed per CPU second (the worker runs in the idle class: it waits). */
  wallPerCpuSecond: number;
};

/**
 * Measured on the 2-CPU machine with Debian's ffmpeg 5.1 (the pipeline of video-pipeline.ts, probe
 * included, CPU time of all its threads): phone-like 1080p at 30 fps and 15 Mbit/s, H.264 or HEVC,
 * at 84 to 89 M decoded pixels a CPU second; 4K at 200 M (the two outputs cost the same whatever
 * the input); 10 minutes of stereo MP3 to AAC and waveform in 12.5 CPU seconds (48 s of sound a
 * CPU second). The budget is a quarter of the slowest: 60 s of 4K at 60 fps (34 G pixels, ~170
 * CPU seconds of work) gets ~1,700 CPU seconds, an hour of podcast 320.
 */
export const DEFAULT_ENCODE_BUDGET: EncodeBudget = {
  baseCpuSeconds: 20,
  videoPixelsPerCpuSecond: 20_000_000,
  audioSecondsPerCpuSecond: 12,
  wallPerCpuSecond: 3,
};

/** Address space of one ffmpeg (decoders' frames, x264's lookahead, glibc's arenas per thread). */
const FFMPEG_MEMORY_BYTES = 3 * 1024 ** 3;
/** The largest file an encode writes: the capped bit rates make a minute of video ~4.2 MB, an hour of sound 29 MB. */
const ENCODE_OUTPUT_BYTES = 128 * 1024 ** 2;
/** A phone's 60 s clip often lasts a few hundredths more: the limit is not refused for those. */
export const DURATION_SLACK_SECONDS = 0.5;
/** A phone's frame rate wanders (29.97, 30.02...); its timestamps' average may round past the limit. */
const RATE_SLACK = 1.02;

/** Refuses what no phone records: too many frames a second, too many pixels a second, too many bits. */
export function refusalOfUnusualVideo(probe: Probe & { video: ProbedVideo }) {
  const { video, durationSeconds, bitsPerSecond } = probe;
  // The frames counted in the file, not what its header says, over its duration.
  const framesPerSecond = Math.max(video.framesPerSecond, video.frames / durationSeconds);
  if (framesPerSecond > VIDEO_MAX_FRAMES_PER_SECOND * RATE_SLACK) return 'video_frame_rate_too_high';
  if (video.codedPixels * framesPerSecond > VIDEO_MAX_PIXELS_PER_SECOND * RATE_SLACK)
    return 'video_too_demanding';
  if (bitsPerSecond > VIDEO_MAX_BITS_PER_SECOND) return 'video_too_demanding';
  return null;
}

const limitsFor = (cpuSeconds: number, budget: EncodeBudget): RunLimits => ({
  cpuSeconds,
  wallMs: Math.ceil(cpuSeconds * budget.wallPerCpuSecond * 1000),
  memoryBytes: FFMPEG_MEMORY_BYTES,
  outputBytes: ENCODE_OUTPUT_BYTES,
});

/** An encode of `frames` frames (at most) of the probed video: CPU seconds from the pixels decoded. */
export function videoEncodeLimits(video: ProbedVideo, frames: number, budget: EncodeBudget): RunLimits {
  const pixels = frames * video.codedPixels;
  return limitsFor(budget.baseCpuSeconds + pixels / budget.videoPixelsPerCpuSecond, budget);
}

export function audioEncodeLimits(seconds: number, budget: EncodeBudget): RunLimits {
  return limitsFor(budget.baseCpuSeconds + seconds / budget.audioSecondsPerCpuSecond, budget);
}

/** The probe reads the whole file once (to count its frames): a few CPU seconds for 100 MB. */
export const PROBE_LIMITS: RunLimits = {
  cpuSeconds: 20,
  wallMs: 60_000,
  memoryBytes: 1024 ** 3,
  outputBytes: 0,
};

/**
 * The longest wall-clock limit of any accepted upload's encode (the longest video at the most pixels a
 * second, or the longest podcast): the transcode queue's expiry is above it.
 */
export const LONGEST_ENCODE_WALL_SECONDS = Math.ceil(
  Math.max(
    videoEncodeLimits(
      { width: 0, height: 0, framesPerSecond: 0, frames: 0, codedPixels: VIDEO_MAX_PIXELS_PER_SECOND },
      (VIDEO_MAX_SECONDS.post + DURATION_SLACK_SECONDS) * RATE_SLACK,
      DEFAULT_ENCODE_BUDGET,
    ).wallMs,
    audioEncodeLimits(AUDIO_MAX_SECONDS + DURATION_SLACK_SECONDS, DEFAULT_ENCODE_BUDGET).wallMs,
  ) / 1000,
);
