import { liveBytesPerMinute, type LiveRendition } from '@motema/shared/lives';
import type { LivePlayer, LivePlayerOptions, LivePlayerState } from './live-player-types.ts';

/** How often the native player's state is read (its rendition follows the picture's size). */
const REPORT_MS = 5_000;

/**
 * The browser's own HLS (Safari on iPhones without ManagedMediaSource): it chooses the rendition
 * itself from the master playlist. What it plays is read from the picture's shorter side, and its data
 * use is that rendition's (the browser does not tell the bytes of its media requests).
 */
export function playNatively(video: HTMLVideoElement, options: LivePlayerOptions): LivePlayer {
  let state: LivePlayerState = { rendition: null, bytesPerMinute: 0, stalled: false, ended: false };
  const report = (change: Partial<LivePlayerState>) => {
    state = { ...state, ...change };
    options.onState?.(state);
  };
  const playing = (): LiveRendition => {
    const short = Math.min(video.videoWidth, video.videoHeight);
    return short === 0 ? 'audio' : short > 300 ? '360p' : '240p';
  };
  const events: [string, () => void][] = [
    ['waiting', () => report({ stalled: true })],
    ['playing', () => report({ stalled: false, rendition: playing() })],
    ['ended', () => report({ ended: true })],
    ['error', () => report({ ended: true })],
  ];
  for (const [name, listener] of events) video.addEventListener(name, listener);
  const timer = setInterval(() => {
    if (video.readyState < 2) return;
    const rendition = playing();
    report({ rendition, bytesPerMinute: liveBytesPerMinute(rendition) });
  }, REPORT_MS);
  video.src = options.playlist;
  void video.play().catch(() => undefined);
  return {
    destroy() {
      clearInterval(timer);
      for (const [name, listener] of events) video.removeEventListener(name, listener);
      video.removeAttribute('src');
      video.load();
    },
  };
}
