import { describe, expect, it } from 'vitest';
import { mp4Sample, webmSample } from '../../../test/chat-files-factories.ts';
import { parseRange } from '../../../lib/http-range.ts';
import { sniffStreamType } from './stream-type.ts';

describe('stream types from the bytes', () => {
  it('tells an audio-only WebM (a voice note) from a WebM video', async () => {
    expect(await sniffStreamType(webmSample(), 'voice')).toBe('audio/webm');
    expect(await sniffStreamType(webmSample({ video: true }), 'voice')).toBeNull();
    expect(await sniffStreamType(webmSample({ video: true }), 'video')).toBe('video/webm');
  });

  it('tells an audio-only MP4 from an MP4 video', async () => {
    expect(await sniffStreamType(mp4Sample({ handler: 'soun' }), 'voice')).toBe('audio/mp4');
    expect(await sniffStreamType(mp4Sample(), 'audio')).toBeNull();
    expect(await sniffStreamType(mp4Sample(), 'video')).toBe('video/mp4');
  });

  it('survives garbage headers', async () => {
    expect(await sniffStreamType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0xff]), 'voice')).toBeNull();
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, undefined],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=5-1', undefined],
    ['bytes=0-1,5-6', undefined],
    ['items=0-1', undefined],
    ['bytes=-', undefined],
  ])('%s of 1000 bytes', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});
