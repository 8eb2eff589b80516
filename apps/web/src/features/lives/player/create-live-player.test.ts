import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLivePlayer } from './create-live-player.ts';
import { MASTER_PLAYLIST } from './hls-fixtures.ts';
import { EDGE_SEGMENTS } from './hls-playlist.ts';
import { AUDIO_HOLD_SEGMENTS, STALLS_TO_AUDIO } from './live-abr.ts';

/**
 * The MediaSource player against a live served by a fake server (its playlists list the last four
 * one-second segments, numbered up to `live.newest`) into a fake video and MediaSource that behave as
 * Chromium's do: a new source empties the video, a seek fires `seeking` and `waiting` and then
 * `playing`; the video's clock stands still, so the player seeks back to the edge as the buffer grows.
 */

const live = { newest: 10 };
/** `<fake clock ms> <file>` for every file the player fetched. */
let fetched: string[] = [];
/** `<rendition kind> <file>` for every file appended to a source buffer. */
let appended: string[] = [];

const mediaPlaylist = (rendition: string) => {
  const first = live.newest - 3;
  const segments = [0, 1, 2, 3].map((index) => {
    return `#EXTINF:1.000,\n${segmentFile(rendition, first + index)}`;
  });
  return `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:${first}\n#EXT-X-MAP:URI="${rendition}-init.mp4"\n${segments.join('\n')}\n`;
};

const segmentFile = (rendition: string, sequence: number) =>
  `${rendition}-${String(sequence).padStart(5, '0')}.m4s`;

/** A file of the live: its playlists' text, else its own name followed by 50 KB (a fast network). */
function fileOf(name: string): Uint8Array {
  if (name === 'master.m3u8') return new TextEncoder().encode(MASTER_PLAYLIST);
  if (name.endsWith('.m3u8')) return new TextEncoder().encode(mediaPlaylist(name.replace('.m3u8', '')));
  const bytes = new Uint8Array(50_000);
  bytes.set(new TextEncoder().encode(`${name}|`));
  return bytes;
}
const nameIn = (bytes: Uint8Array) => new TextDecoder().decode(bytes.slice(0, 40)).split('|')[0]!;

class FakeVideo extends EventTarget {
  paused = true;
  private clock = 0;
  private source: FakeMediaSource | null = null;
  disableRemotePlayback = false;
  set src(url: string) {
    this.source = sources.get(url) ?? null;
    this.dispatchEvent(new Event('emptied'));
  }
  get buffered() {
    return this.source?.buffer?.ranges() ?? ranges([]);
  }
  get currentTime() {
    return this.clock;
  }
  set currentTime(time: number) {
    this.clock = time;
    this.dispatchEvent(new Event('seeking'));
    this.dispatchEvent(new Event('waiting'));
    queueMicrotask(() => this.dispatchEvent(new Event('playing')));
  }
  play() {
    this.paused = false;
    return Promise.resolve();
  }
  removeAttribute() {}
  load() {}
}

const ranges = (spans: [number, number][]) => ({
  length: spans.length,
  start: (index: number) => spans[index]![0],
  end: (index: number) => spans[index]![1],
});

class FakeSourceBuffer extends EventTarget {
  private segments: number[] = [];
  constructor(private readonly kind: string) {
    super();
  }
  get buffered() {
    return this.ranges();
  }
  ranges() {
    if (this.segments.length === 0) return ranges([]);
    return ranges([[Math.min(...this.segments), Math.max(...this.segments) + 1]]);
  }
  appendBuffer(bytes: Uint8Array) {
    const name = nameIn(bytes);
    appended.push(`${this.kind} ${name}`);
    const sequence = /-(\d{5})\.m4s$/.exec(name)?.[1];
    if (sequence) this.segments.push(Number(sequence));
    queueMicrotask(() => this.dispatchEvent(new Event('updateend')));
  }
  remove() {
    queueMicrotask(() => this.dispatchEvent(new Event('updateend')));
  }
}

const sources = new Map<string, FakeMediaSource>();
class FakeMediaSource extends EventTarget {
  buffer: FakeSourceBuffer | null = null;
  constructor() {
    super();
    sources.set(`blob:source-${sources.size}`, this);
    queueMicrotask(() => this.dispatchEvent(new Event('sourceopen')));
  }
  addSourceBuffer(mime: string) {
    this.buffer = new FakeSourceBuffer(mime.startsWith('audio') ? 'audio' : 'video');
    return this.buffer;
  }
}

/** Lets the player's promise chains run (every fake answers in a microtask). */
const flush = () => vi.advanceTimersByTimeAsync(0);
const segmentsAppended = () => appended.filter((entry) => entry.endsWith('.m4s'));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  live.newest = 10;
  fetched = [];
  appended = [];
  sources.clear();
  vi.stubGlobal('MediaSource', FakeMediaSource);
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:source-${sources.size - 1}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', (url: string) => {
    const name = url.split('/hls/')[1]!;
    fetched.push(`${Date.now()} ${name}`);
    const bytes = fileOf(name);
    return Promise.resolve({ ok: true, status: 200, arrayBuffer: () => Promise.resolve(bytes.buffer) });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function startPlayer() {
  const video = new FakeVideo();
  const player = createLivePlayer(video as unknown as HTMLVideoElement, {
    playlist: '/api/lives/live-1/hls/master.m3u8',
    dataSaver: false,
  });
  return { video, player };
}

/** One more segment on the live, and the player's next poll. */
async function nextSegment() {
  live.newest += 1;
  await vi.advanceTimersByTimeAsync(1_000);
}

describe('the live player', () => {
  it('starts on the lowest picture EDGE_SEGMENTS behind the newest and climbs on a fast network at once', async () => {
    const { player } = startPlayer();
    await flush();
    const start = live.newest - EDGE_SEGMENTS + 1;
    expect(segmentsAppended()[0]).toBe(`video ${segmentFile('240p', start)}`);
    // The next segment comes from the higher rendition, without waiting a segment's length first.
    expect(segmentsAppended().slice(1)).toEqual([
      `video ${segmentFile('360p', start + 1)}`,
      `video ${segmentFile('360p', start + 2)}`,
    ]);
    expect(fetched.every((entry) => entry.startsWith(`${fetched[0]!.split(' ')[0]} `))).toBe(true);
    player.destroy();
  });

  it('counts neither a start’s nor a seek’s wait as a stall: on a fast network it stays on the picture', async () => {
    const { player } = startPlayer();
    await flush();
    for (let segment = 0; segment < 8; segment += 1) await nextSegment();
    expect(appended.filter((entry) => entry.startsWith('audio'))).toEqual([]);
    expect(segmentsAppended().at(-1)).toBe(`video ${segmentFile('360p', live.newest)}`);
    player.destroy();
  });

  it('after STALLS_TO_AUDIO stalls while playing, plays the audio alone from EDGE_SEGMENTS behind the newest, for AUDIO_HOLD_SEGMENTS', async () => {
    const { video, player } = startPlayer();
    await flush();
    await nextSegment();
    for (let stall = 0; stall < STALLS_TO_AUDIO; stall += 1) {
      video.dispatchEvent(new Event('waiting'));
      video.dispatchEvent(new Event('playing'));
    }
    await nextSegment();
    // A new MediaSource for the audio, started at the edge as at the start (a stall's margin).
    const audio = segmentsAppended().filter((entry) => entry.startsWith('audio'));
    expect(audio[0]).toBe(`audio ${segmentFile('audio', live.newest - EDGE_SEGMENTS + 1)}`);
    expect(sources.size).toBe(2);
    // Held there for AUDIO_HOLD_SEGMENTS however fast the network, then the lowest picture again.
    while (segmentsAppended().at(-1)!.startsWith('audio') && live.newest < 60) await nextSegment();
    expect(segmentsAppended().filter((entry) => entry.startsWith('audio'))).toHaveLength(AUDIO_HOLD_SEGMENTS);
    const after = segmentsAppended().slice(
      segmentsAppended().findIndex((entry) => entry.startsWith('audio')),
    );
    expect(after[AUDIO_HOLD_SEGMENTS]).toMatch(/^video 240p-/);
    player.destroy();
  });
});
