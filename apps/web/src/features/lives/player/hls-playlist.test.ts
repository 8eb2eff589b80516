import { describe, expect, it } from 'vitest';
import { MASTER_PLAYLIST } from './hls-fixtures.ts';
import { edgeSequence, parseMaster, parseMedia, resolveUri } from './hls-playlist.ts';

/** A rendition's playlist as ffmpeg's HLS muxer writes it nine seconds in (its window of six). */
const MEDIA = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:1
#EXT-X-MEDIA-SEQUENCE:4
#EXT-X-MAP:URI="audio-init.mp4"
#EXTINF:0.998458,
audio-00004.m4s
#EXTINF:0.998458,
audio-00005.m4s
#EXTINF:0.998458,
audio-00006.m4s
#EXTINF:0.998458,
audio-00007.m4s
#EXTINF:0.998458,
audio-00008.m4s
#EXTINF:0.023220,
audio-00009.m4s
`;

describe('the live player’s playlists', () => {
  it('reads the master playlist’s renditions, lowest first, with their codecs', () => {
    expect(parseMaster(MASTER_PLAYLIST)).toEqual([
      { rendition: 'audio', uri: 'audio.m3u8', bandwidth: 32_000, codecs: 'mp4a.40.2' },
      { rendition: '240p', uri: '240p.m3u8', bandwidth: 224_000, codecs: 'avc1.4d401e,mp4a.40.2' },
      { rendition: '360p', uri: '360p.m3u8', bandwidth: 500_000, codecs: 'avc1.4d401e,mp4a.40.2' },
    ]);
  });

  it('ignores a variant it does not know (another server’s, a future rendition)', () => {
    const text = `${MASTER_PLAYLIST}#EXT-X-STREAM-INF:BANDWIDTH=2000000,NAME="1080p"\n1080p.m3u8\n`;
    expect(parseMaster(text).map((variant) => variant.rendition)).toEqual(['audio', '240p', '360p']);
  });

  it('reads a rendition’s playlist: its init segment, its segments numbered from the media sequence', () => {
    const playlist = parseMedia(MEDIA);
    expect(playlist).toMatchObject({ init: 'audio-init.mp4', targetDuration: 1, ended: false });
    expect(playlist.segments.map((segment) => [segment.sequence, segment.uri])).toEqual([
      [4, 'audio-00004.m4s'],
      [5, 'audio-00005.m4s'],
      [6, 'audio-00006.m4s'],
      [7, 'audio-00007.m4s'],
      [8, 'audio-00008.m4s'],
      [9, 'audio-00009.m4s'],
    ]);
    expect(playlist.segments[0]!.duration).toBeCloseTo(0.998, 3);
    expect(parseMedia(`${MEDIA}#EXT-X-ENDLIST\n`).ended).toBe(true);
  });

  it('starts three segments behind the live edge, or at the first of a short playlist', () => {
    expect(edgeSequence(parseMedia(MEDIA))).toBe(7);
    const short = MEDIA.split('audio-00005.m4s')[0]!;
    expect(edgeSequence(parseMedia(short))).toBe(4);
  });

  it('finds a file next to its playlist', () => {
    expect(resolveUri('/api/lives/42/hls/master.m3u8', '240p.m3u8')).toBe('/api/lives/42/hls/240p.m3u8');
  });
});
