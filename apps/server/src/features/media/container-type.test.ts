import { describe, expect, it } from 'vitest';
import { mp4Sample, webmSample } from '../../test/chat-files-factories.ts';
import { mp4Tracks, sniffContainerType, webmTracks } from './container-type.ts';

describe('container types from the bytes', () => {
  it('reads the tracks of a WebM: an audio-only one (a voice note) or a video', () => {
    expect(webmTracks(webmSample())).toEqual({ audio: true, video: false });
    expect(webmTracks(webmSample({ video: true }))).toEqual({ audio: false, video: true });
  });

  it('reads the tracks of an MP4', () => {
    expect(mp4Tracks(mp4Sample({ handler: 'soun' }))).toEqual({ audio: true, video: false });
    expect(mp4Tracks(mp4Sample())).toEqual({ audio: false, video: true });
  });

  it('names an audio-only MP4 audio/mp4, unless every MP4 is to stay a video', async () => {
    expect(await sniffContainerType(mp4Sample({ handler: 'soun' }))).toBe('audio/mp4');
    expect(await sniffContainerType(mp4Sample({ handler: 'soun' }), { mp4AsVideo: true })).toBe('video/mp4');
    expect(await sniffContainerType(mp4Sample())).toBe('video/mp4');
  });

  it('survives truncated and garbage headers', () => {
    const webm = webmSample();
    for (let length = 0; length < 200; length += 7) {
      expect(() => webmTracks(webm.subarray(0, length))).not.toThrow();
      expect(() => mp4Tracks(mp4Sample().subarray(0, length))).not.toThrow();
    }
  });
});
