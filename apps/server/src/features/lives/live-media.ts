import type { LiveRendition } from '@motema/shared/lives';

/**
 * Between a live's rules (lives.service.ts: who may start, watch, end) and its media (media/: the
 * broadcaster's chunks encoded into HLS, the segments served, the frames sampled). The service opens
 * the encoder when a live starts and closes it when it ends; the media side tells the service when the
 * first segments are on air and when an encoder is lost, through the listeners given to it.
 */
export type LiveMediaListeners = {
  /** The live's first segments of every rendition are written: it may go `live`. */
  onAir: (liveId: string) => void;
  /** Its encoder stopped without being closed (killed, crashed) or its chunks stalled: end it. */
  onLost: (liveId: string) => void;
};

export type LiveMedia = {
  /** Starts the live's encoder on this node; its renditions (audio only: `['audio']`). */
  open: (liveId: string, options: { audioOnly: boolean }) => Promise<{ renditions: LiveRendition[] }>;
  /** The broadcaster's next chunk, in order from 0; a gap or a repeat is refused. */
  push: (liveId: string, seq: number, chunk: Uint8Array) => Promise<void>;
  /**
   * Stops the encoder; its segments are removed unless `keep` (they stay for the keep-as-post step,
   * which removes them once the post is made or the broadcaster declines).
   */
  close: (liveId: string, options: { keep: boolean }) => Promise<void>;
  /** The lives this node encodes now. */
  active: () => string[];
  /**
   * As the app closes: every encoder stops and its working files go, and nothing is told (a node
   * still running, or this one at its next start, ends those lives in its sweep: lives.service.ts).
   */
  closeAll: () => Promise<void>;
};
