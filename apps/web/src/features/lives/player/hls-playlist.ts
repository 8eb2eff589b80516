import { LIVE_RENDITIONS, type LiveRendition } from '@motema/shared/lives';

/**
 * The HLS the server writes for a live (docs/lives.md "Media"), read as the player needs it: the
 * master playlist's variants, and a rendition's playlist (its init segment and its last segments).
 * Only our own playlists: one EXT-X-MAP, fMP4 segments, no encryption, no byte ranges.
 */

export type Variant = { rendition: LiveRendition; uri: string; bandwidth: number; codecs: string };
export type Segment = { sequence: number; uri: string; duration: number };
export type MediaPlaylist = {
  init: string | null;
  segments: Segment[];
  targetDuration: number;
  ended: boolean;
};

const attribute = (line: string, name: string) =>
  new RegExp(`(?:^|[:,])${name}=(?:"([^"]*)"|([^,]*))`)
    .exec(line)
    ?.slice(1)
    .find((value) => value !== undefined);

/** The variants of a master playlist we know, lowest bandwidth first. */
export function parseMaster(text: string): Variant[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const variants: Variant[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const rendition = attribute(line, 'NAME') as LiveRendition | undefined;
    const uri = lines.slice(index + 1).find((next) => next && !next.startsWith('#'));
    if (!rendition || !LIVE_RENDITIONS.includes(rendition) || !uri) return;
    variants.push({
      rendition,
      uri,
      bandwidth: Number(attribute(line, 'BANDWIDTH')) || 0,
      codecs: attribute(line, 'CODECS') ?? '',
    });
  });
  return variants.sort((a, b) => a.bandwidth - b.bandwidth);
}

/** A rendition's playlist: its segments numbered from EXT-X-MEDIA-SEQUENCE. */
export function parseMedia(text: string): MediaPlaylist {
  let sequence = 0;
  let duration = 0;
  const playlist: MediaPlaylist = { init: null, segments: [], targetDuration: 1, ended: false };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) sequence = Number(line.slice(22)) || 0;
    else if (line.startsWith('#EXT-X-TARGETDURATION:')) playlist.targetDuration = Number(line.slice(22)) || 1;
    else if (line.startsWith('#EXT-X-MAP:')) playlist.init = attribute(line, 'URI') ?? null;
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8)) || 0;
    else if (line === '#EXT-X-ENDLIST') playlist.ended = true;
    else if (line && !line.startsWith('#'))
      playlist.segments.push({ sequence: sequence++, uri: line, duration });
  }
  return playlist;
}

/** Segments behind the live edge the player plays at: a stall's margin, a few seconds of delay. */
export const EDGE_SEGMENTS = 3;

/** The sequence to start (or rejoin) at: EDGE_SEGMENTS behind the newest. */
export function edgeSequence(playlist: MediaPlaylist): number {
  const segments = playlist.segments;
  return segments[Math.max(0, segments.length - EDGE_SEGMENTS)]?.sequence ?? 0;
}

/** A file of the playlist at `base` (the files sit next to it: `.../hls/master.m3u8`). */
export const resolveUri = (base: string, uri: string) => base.slice(0, base.lastIndexOf('/') + 1) + uri;
