import { describe, expect, it } from 'vitest';
import { AUDIO_MAX_SECONDS, VIDEO_MAX_SECONDS } from '@motema/shared/posts';
import { keptRenditionFor, keptRenditionsOf } from './live-storage.ts';

describe('what a kept live becomes', () => {
  it('keeps the picture and the sound of a video live while on air, the sound of an audio one', () => {
    expect(keptRenditionsOf(false)).toEqual(['360p', 'audio']);
    expect(keptRenditionsOf(true)).toEqual(['audio']);
  });

  it('is a video post while a post’s video may be that long, then a podcast, then nothing', () => {
    expect(keptRenditionFor(false, VIDEO_MAX_SECONDS.post)).toBe('360p');
    expect(keptRenditionFor(false, VIDEO_MAX_SECONDS.post + 1)).toBe('audio');
    expect(keptRenditionFor(false, AUDIO_MAX_SECONDS)).toBe('audio');
    expect(keptRenditionFor(false, AUDIO_MAX_SECONDS + 1)).toBe('audio_too_long');
    expect(keptRenditionFor(true, 5)).toBe('audio');
    expect(keptRenditionFor(true, AUDIO_MAX_SECONDS + 1)).toBe('audio_too_long');
  });
});
