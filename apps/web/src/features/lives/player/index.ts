import type { LiveRendition } from '@motema/shared/lives';

/**
 * A stand-in for the live player (hls.js, native HLS on iPhones) until the media part lands: it
 * hands the playlist to the video element, which plays HLS natively where it can. Same API as the
 * real one, which replaces this file.
 */
export type LivePlayerState = {
  /** `waiting`: buffering or not on air yet; `failed`: the stream cannot be played here. */
  status: 'waiting' | 'playing' | 'failed';
  /** The rendition playing now, when known. */
  rendition: LiveRendition | null;
  /** The data a minute of watching uses now, in bytes, when known. */
  bytesPerMinute: number | null;
};

export type LivePlayerOptions = {
  playlist: string;
  /** Data saver: stay on the lowest rendition. */
  dataSaver: boolean;
  onState?: (state: LivePlayerState) => void;
};

export type LivePlayer = { destroy: () => void };

export function createLivePlayer(video: HTMLVideoElement, options: LivePlayerOptions): LivePlayer {
  const tell = (status: LivePlayerState['status']) =>
    options.onState?.({ status, rendition: null, bytesPerMinute: null });
  const playing = () => tell('playing');
  const waiting = () => tell('waiting');
  const failed = () => tell('failed');
  video.addEventListener('playing', playing);
  video.addEventListener('waiting', waiting);
  video.addEventListener('error', failed);
  video.src = options.playlist;
  void video.play?.()?.catch(() => undefined);
  waiting();
  return {
    destroy() {
      video.removeEventListener('playing', playing);
      video.removeEventListener('waiting', waiting);
      video.removeEventListener('error', failed);
      video.removeAttribute('src');
      video.load?.();
    },
  };
}
