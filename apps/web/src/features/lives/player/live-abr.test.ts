import { describe, expect, it } from 'vitest';
import { MASTER_PLAYLIST } from './hls-fixtures.ts';
import { parseMaster } from './hls-playlist.ts';
import {
  AUDIO_HOLD_SEGMENTS,
  chooseRendition,
  CLIMB_MARGIN,
  firstRendition,
  STALLS_TO_AUDIO,
  type AbrInput,
} from './live-abr.ts';

const variants = parseMaster(MASTER_PLAYLIST);
const choose = (input: Partial<AbrInput>) =>
  chooseRendition({
    variants,
    current: '240p',
    throughput: null,
    stalls: 0,
    segments: AUDIO_HOLD_SEGMENTS,
    dataSaver: false,
    ...input,
  });

describe('the live player’s rendition choice', () => {
  it('starts on the lowest picture, or the audio of an audio-only live', () => {
    expect(firstRendition(variants)).toBe('240p');
    expect(firstRendition(variants.filter((variant) => variant.rendition === 'audio'))).toBe('audio');
    expect(choose({ current: null })).toBe('240p');
  });

  it('climbs only when the measured throughput carries the higher one with margin', () => {
    expect(choose({ throughput: null })).toBe('240p');
    expect(choose({ throughput: 500_000 * CLIMB_MARGIN - 1 })).toBe('240p');
    expect(choose({ throughput: 500_000 * CLIMB_MARGIN })).toBe('360p');
    expect(choose({ current: '360p', throughput: 5_000_000 })).toBe('360p');
  });

  it('never climbs with data saver', () => {
    expect(choose({ throughput: 10_000_000, dataSaver: true })).toBe('240p');
  });

  it('steps down when the throughput no longer carries the picture, to the audio below the lowest', () => {
    expect(choose({ current: '360p', throughput: 400_000 })).toBe('240p');
    expect(choose({ current: '240p', throughput: 200_000 })).toBe('audio');
    expect(choose({ current: '360p', throughput: 100_000 })).toBe('audio');
  });

  it('falls back to the audio after repeated stalls, and comes back once the network allows', () => {
    expect(choose({ stalls: STALLS_TO_AUDIO - 1, throughput: 300_000 })).toBe('240p');
    expect(choose({ stalls: STALLS_TO_AUDIO, throughput: 300_000 })).toBe('audio');
    expect(choose({ current: 'audio', throughput: 224_000 * CLIMB_MARGIN - 1 })).toBe('audio');
    expect(choose({ current: 'audio', throughput: 224_000 * CLIMB_MARGIN })).toBe('240p');
  });

  it('stays on the audio for AUDIO_HOLD_SEGMENTS before the picture again, however fast the network', () => {
    const fast = { current: 'audio' as const, throughput: 10_000_000 };
    expect(choose({ ...fast, segments: AUDIO_HOLD_SEGMENTS - 1 })).toBe('audio');
    expect(choose({ ...fast, segments: AUDIO_HOLD_SEGMENTS })).toBe('240p');
  });
});
