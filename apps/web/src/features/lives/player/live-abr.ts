import type { LiveRendition } from '@motema/shared/lives';
import type { Variant } from './hls-playlist.ts';

/**
 * Which rendition to play next (bar B11's data use): the lowest picture first; a higher one only once
 * the measured throughput carries it with CLIMB_MARGIN to spare, and never with data saver; down a
 * step when the throughput no longer carries the current one; the audio alone when it does not carry
 * the lowest picture (or it stalled STALLS_TO_AUDIO times): the live goes on, heard. The picture again
 * only after AUDIO_HOLD_SEGMENTS of the audio (each change of kind restarts the video a few seconds
 * behind the edge: going back and forth every segment was worse than either).
 */
export const CLIMB_MARGIN = 1.5;
export const STALLS_TO_AUDIO = 2;
export const AUDIO_HOLD_SEGMENTS = 10;

export type AbrInput = {
  variants: readonly Variant[];
  current: LiveRendition | null;
  /** Measured throughput in bit/s (segments' bytes over their download time), null before any. */
  throughput: number | null;
  /** Stalls since the current rendition started. */
  stalls: number;
  /** Segments played since the current rendition started. */
  segments: number;
  dataSaver: boolean;
};

const pictures = (variants: readonly Variant[]) =>
  variants.filter((variant) => variant.rendition !== 'audio');

/** The rendition a player starts on: the lowest picture, or the audio of an audio-only live. */
export function firstRendition(variants: readonly Variant[]): LiveRendition | null {
  return (pictures(variants)[0] ?? variants[0])?.rendition ?? null;
}

export function chooseRendition(input: AbrInput): LiveRendition | null {
  const { variants, throughput } = input;
  const current = variants.find((variant) => variant.rendition === input.current);
  if (!current) return firstRendition(variants);
  const ladder = pictures(variants);
  const audio = variants.find((variant) => variant.rendition === 'audio');
  const lowest = ladder[0];
  const tooWeak =
    input.stalls >= STALLS_TO_AUDIO || (throughput !== null && throughput < (lowest?.bandwidth ?? 0));
  if (audio && lowest && tooWeak) return 'audio';
  if (throughput === null) return current.rendition;
  if (current.rendition === 'audio') {
    const climbs =
      lowest && input.segments >= AUDIO_HOLD_SEGMENTS && throughput >= lowest.bandwidth * CLIMB_MARGIN;
    return climbs ? lowest.rendition : 'audio';
  }
  const index = ladder.indexOf(current);
  if (throughput < current.bandwidth && index > 0) return ladder[index - 1]!.rendition;
  const higher = ladder[index + 1];
  if (!input.dataSaver && higher && throughput >= higher.bandwidth * CLIMB_MARGIN) return higher.rendition;
  return current.rendition;
}
