import path from 'node:path';
import { AUDIO_MAX_SECONDS, WAVEFORM_BARS } from '@motema/shared/posts';
import type { FfmpegTools } from '../../lib/ffmpeg-tools.ts';
import { runRestricted } from '../../lib/restricted-ffmpeg.ts';
import {
  audioEncodeLimits,
  DEFAULT_ENCODE_BUDGET,
  DURATION_SLACK_SECONDS,
  type EncodeBudget,
} from './encode-budget.ts';
import { failedRunCode, inputArgs, probeMedia, refuse } from './transcode-probe.ts';
import { FFMPEG_THREADS } from './video-pipeline.ts';

/**
 * The audio pipeline (podcasts; decision 0029): an upload in, one AAC-LC file in MP4 (m4a) with fast
 * start, its duration and a waveform of WAVEFORM_BARS bars out, from one decode. AAC because every
 * phone browser plays it (Opus in MP4 or WebM does not play on older iPhones); mono speech at
 * 48 kbit/s, stereo at 64: an hour is 22 to 29 MB.
 */

export const AUDIO_TARGET = { monoKbps: 48, stereoKbps: 64 } as const;
/** The waveform is read from the sound resampled this low: enough for bars, little to carry. */
const WAVEFORM_SAMPLE_RATE = 2000;

export type TranscodedAudio = { durationMs: number; file: string; waveform: number[] };

/**
 * The loudness (root mean square) of each of WAVEFORM_BARS equal stretches of 16-bit mono samples,
 * fed as they come, scaled so that the loudest bar is 100.
 */
export function waveformBuilder(expectedSamples: number) {
  const sums = new Float64Array(WAVEFORM_BARS);
  const counts = new Float64Array(WAVEFORM_BARS);
  let index = 0;
  let carry: Buffer | null = null;
  return {
    push(chunk: Buffer) {
      const bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % 2);
      for (let offset = 0; offset < whole; offset += 2) {
        const bar = Math.min(WAVEFORM_BARS - 1, Math.floor((index * WAVEFORM_BARS) / expectedSamples));
        const sample = bytes.readInt16LE(offset) / 32768;
        sums[bar]! += sample * sample;
        counts[bar]! += 1;
        index += 1;
      }
      carry = whole < bytes.length ? bytes.subarray(whole) : null;
    },
    bars(): number[] {
      const rms = [...sums].map((sum, bar) => (counts[bar]! ? Math.sqrt(sum / counts[bar]!) : 0));
      const loudest = Math.max(...rms);
      return rms.map((value) => (loudest > 0 ? Math.round((100 * value) / loudest) : 0));
    },
  };
}

/**
 * Probes and encodes the audio at `file` (of `sourceType`, found from its bytes) into `workDir`.
 * within the limits its duration implies (encode-budget.ts). Refusals are AppErrors with their code
 * (never retried), a run past its limits among them; anything else is a failure to retry.
 */
export async function transcodeAudio(
  tools: FfmpegTools,
  input: { file: string; sourceType: string; workDir: string },
  budget: EncodeBudget = DEFAULT_ENCODE_BUDGET,
): Promise<TranscodedAudio> {
  const probe = await probeMedia(tools, input.sourceType, input.file);
  if (!probe.audio) throw refuse('media_unreadable');
  if (probe.durationSeconds > AUDIO_MAX_SECONDS + DURATION_SLACK_SECONDS) throw refuse('audio_too_long');
  const seconds = Math.min(probe.durationSeconds, AUDIO_MAX_SECONDS + DURATION_SLACK_SECONDS);
  const channels = Math.min(2, Math.max(1, probe.audio.channels));
  const kbps = channels === 1 ? AUDIO_TARGET.monoKbps : AUDIO_TARGET.stereoKbps;
  const file = path.join(input.workDir, 'standard.m4a');
  const waveform = waveformBuilder(Math.max(1, Math.round(seconds * WAVEFORM_SAMPLE_RATE)));
  const result = await runRestricted(
    tools.ffmpeg,
    [
      ...['-nostdin', '-hide_banner', '-v', 'error', '-y', '-threads', String(FFMPEG_THREADS)],
      ...['-t', String(AUDIO_MAX_SECONDS + DURATION_SLACK_SECONDS)],
      ...inputArgs(input.sourceType, input.file),
      // The sound only: a cover picture (and any other stream) is left behind, as is all metadata.
      ...['-map', '0:a:0', '-vn', '-map_metadata', '-1', '-map_chapters', '-1'],
      ...['-fflags', '+bitexact', '-flags:a', '+bitexact'],
      ...['-c:a', 'aac', '-b:a', `${kbps}k`, '-ac', String(channels)],
      ...['-movflags', '+faststart', '-f', 'mp4', `file:${file}`],
      // The same decode, resampled for the waveform, to stdout.
      ...['-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(WAVEFORM_SAMPLE_RATE), '-f', 's16le', 'pipe:1'],
    ],
    audioEncodeLimits(seconds, budget),
    { onStdout: (chunk) => waveform.push(chunk) },
  );
  if (result.code === null && !result.overLimit) {
    throw new Error(`ffmpeg was killed (${result.signal}) while encoding ${input.file}`);
  }
  if (result.code !== 0) throw refuse(failedRunCode(result));
  return { durationMs: Math.round(seconds * 1000), file, waveform: waveform.bars() };
}
