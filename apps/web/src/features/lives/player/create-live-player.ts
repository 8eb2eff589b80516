import type { LiveRendition } from '@motema/shared/lives';
import { createBytesMeter, createThroughput } from './bytes-meter.ts';
import {
  EDGE_SEGMENTS,
  edgeSequence,
  parseMaster,
  parseMedia,
  resolveUri,
  type Variant,
} from './hls-playlist.ts';
import { serverFetch } from '../../../lib/api-client.ts';
import { chooseRendition, firstRendition } from './live-abr.ts';
import type { LivePlayer, LivePlayerOptions, LivePlayerState } from './live-player-types.ts';
import { playNatively } from './native-hls-player.ts';
import { countStalls } from './stall-counter.ts';

export type { LivePlayer, LivePlayerOptions, LivePlayerState } from './live-player-types.ts';

/**
 * A live's player (docs/lives.md "Media", decision 0050): our own fMP4 HLS on MediaSource
 * (ManagedMediaSource where the browser has it: Safari, iPhones since iOS 17.1), else the browser's
 * own HLS (older iPhones). A few kilobytes where hls.js weighs ~85 KB brotli: it plays only the
 * playlists our server writes (live-encoder-args.ts), starts on the lowest picture, climbs only when
 * the measured throughput allows (never with data saver), falls back to the audio on a weak network,
 * and keeps EDGE_SEGMENTS behind the live edge.
 */
export function createLivePlayer(video: HTMLVideoElement, options: LivePlayerOptions): LivePlayer {
  const Source = mediaSourceClass();
  if (Source) return playWithMediaSource(video, options, Source);
  if (video.canPlayType('application/vnd.apple.mpegurl')) return playNatively(video, options);
  options.onState?.({ rendition: null, bytesPerMinute: 0, stalled: false, ended: true });
  return { destroy: () => undefined };
}

type MediaSourceClass = typeof MediaSource;
function mediaSourceClass(): MediaSourceClass | undefined {
  const scope = globalThis as { ManagedMediaSource?: MediaSourceClass; MediaSource?: MediaSourceClass };
  return scope.ManagedMediaSource ?? scope.MediaSource;
}

/** A playlist or file that is gone: the live is over (its route answers 404 once it ended). */
class Gone extends Error {}
/** Failed fetches in a row (a network gone for about this many seconds) before the player gives up. */
const RETRIES = 10;

const mimeOf = (variant: Variant) =>
  `${variant.rendition === 'audio' ? 'audio' : 'video'}/mp4; codecs="${variant.codecs}"`;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** The next `event` of `target` (its `error` rejects); both listeners go once either comes. */
function until(target: EventTarget, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => (
      target.removeEventListener(event, done),
      target.removeEventListener('error', failed),
      resolve()
    );
    const failed = () => (
      target.removeEventListener(event, done),
      target.removeEventListener('error', failed),
      reject(new Error(event))
    );
    target.addEventListener(event, done);
    target.addEventListener('error', failed);
  });
}

function playWithMediaSource(
  video: HTMLVideoElement,
  options: LivePlayerOptions,
  Source: MediaSourceClass,
): LivePlayer {
  const controller = new AbortController();
  const { signal } = controller;
  const meter = createBytesMeter(performance.now());
  const throughput = createThroughput();
  let state: LivePlayerState = { rendition: null, bytesPerMinute: 0, stalled: false, ended: false };
  let held: LiveRendition | null = null;
  const stalls = countStalls(video);
  const report = (change: Partial<LivePlayerState>) => {
    state = { ...state, ...change, bytesPerMinute: meter.perMinute(performance.now()) };
    options.onState?.(state);
  };
  const onWaiting = () => report({ stalled: true });
  const onPlaying = () => report({ stalled: false });
  video.addEventListener('waiting', onWaiting);
  video.addEventListener('playing', onPlaying);
  // ManagedMediaSource plays only where AirPlay is off (Safari's rule).
  video.disableRemotePlayback = true;

  async function download(url: string): Promise<{ bytes: Uint8Array; ms: number }> {
    for (let attempt = 0; ; attempt += 1) {
      const started = performance.now();
      try {
        const response = await serverFetch(url, { signal });
        if (response.status === 404) throw new Gone();
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const bytes = new Uint8Array(await response.arrayBuffer());
        meter.add(bytes.length, performance.now());
        return { bytes, ms: performance.now() - started };
      } catch (error) {
        if (error instanceof Gone || signal.aborted || attempt >= RETRIES) throw error;
        await sleep(1_000, signal);
      }
    }
  }
  const text = async (url: string) => new TextDecoder().decode((await download(url)).bytes);

  async function attach(variant: Variant): Promise<SourceBuffer> {
    const source = new Source();
    const url = URL.createObjectURL(source);
    video.src = url;
    await until(source, 'sourceopen');
    URL.revokeObjectURL(url);
    return source.addSourceBuffer(mimeOf(variant));
  }

  async function append(buffer: SourceBuffer, bytes: Uint8Array): Promise<void> {
    // What was played long ago goes first (a phone's media memory is small).
    const played = video.currentTime - 10;
    if (buffer.buffered.length > 0 && buffer.buffered.start(0) < played - 20) {
      buffer.remove(0, played);
      await until(buffer, 'updateend');
    }
    buffer.appendBuffer(bytes as Uint8Array<ArrayBuffer>);
    await until(buffer, 'updateend');
  }

  /** Back to EDGE_SEGMENTS behind the newest when it fell behind (a stall) or before the buffer. */
  function keepNearEdge(segmentSeconds: number): void {
    const buffered = video.buffered;
    if (buffered.length === 0) return;
    const start = buffered.start(0);
    const end = buffered.end(buffered.length - 1);
    if (video.currentTime < start || end - video.currentTime > (EDGE_SEGMENTS + 2) * segmentSeconds) {
      video.currentTime = Math.max(start, end - EDGE_SEGMENTS * segmentSeconds);
    }
    if (video.paused) void video.play().catch(() => undefined);
  }

  async function run(): Promise<void> {
    const variants = parseMaster(await text(options.playlist));
    let rendition = firstRendition(variants);
    let buffer: SourceBuffer | null = null;
    let bufferKind: string | null = null;
    let initOf: LiveRendition | null = null;
    let next: number | null = null;
    /** Segments appended since the rendition started. */
    let played = 0;
    while (!signal.aborted) {
      const variant = variants.find((candidate) => candidate.rendition === rendition);
      if (!variant) throw new Gone();
      const url = resolveUri(options.playlist, variant.uri);
      const playlist = parseMedia(await text(url));
      // A picture and the audio alone are different tracks: a new MediaSource for the other kind,
      // started EDGE_SEGMENTS behind the newest as at the start (a stall's margin).
      if (!buffer || bufferKind !== mimeOf(variant)) {
        buffer = await attach(variant);
        bufferKind = mimeOf(variant);
        initOf = null;
        next = null;
      }
      if (initOf !== variant.rendition && playlist.init) {
        await append(buffer, (await download(resolveUri(url, playlist.init))).bytes);
        initOf = variant.rendition;
      }
      if (next === null || next < (playlist.segments[0]?.sequence ?? 0)) next = edgeSequence(playlist);
      const fresh = playlist.segments.filter((segment) => segment.sequence >= next!);
      let switched = false;
      for (const segment of fresh) {
        const { bytes, ms } = await download(resolveUri(url, segment.uri));
        throughput.add(bytes.length, ms);
        await append(buffer, bytes);
        next = segment.sequence + 1;
        played += 1;
        keepNearEdge(playlist.targetDuration);
        report({ rendition: variant.rendition });
        const chosen =
          held ??
          chooseRendition({
            variants,
            current: variant.rendition,
            throughput: throughput.value(),
            stalls: stalls.count(),
            segments: played,
            dataSaver: options.dataSaver,
          });
        if (chosen && chosen !== rendition) {
          rendition = chosen;
          stalls.reset();
          played = 0;
          switched = true;
          break;
        }
      }
      // The other rendition's next segment is due now: waiting a segment's length first left the
      // buffer empty and stalled the picture at each switch.
      if (switched) continue;
      // The next segment comes a segment's length after the last: polling sooner only costs bytes
      // (the audio's minute is 0.24 MB; a playlist with its headers, about 0.6 KB).
      await sleep((playlist.targetDuration * 1000) / (fresh.length === 0 ? 2 : 1), signal);
    }
  }

  void run().catch(() => {
    if (!signal.aborted) report({ ended: true, stalled: false });
  });

  return {
    destroy() {
      controller.abort();
      stalls.stop();
      video.removeEventListener('waiting', onWaiting);
      video.removeEventListener('playing', onPlaying);
      video.removeAttribute('src');
      video.load();
    },
    setRendition(rendition) {
      held = rendition;
    },
  };
}
