import type { LiveRendition } from '@motema/shared/lives';

/** What the player reports to the screen: what it plays, the data it uses, a stall, the end. */
export type LivePlayerState = {
  /** The rendition playing; null before the first segment (or when the browser's own HLS chooses). */
  rendition: LiveRendition | null;
  /** Bytes fetched in the last minute (the screen's data-use line). */
  bytesPerMinute: number;
  stalled: boolean;
  /** The live is over (its playlist is gone) or cannot be played here. */
  ended: boolean;
};

export type LivePlayerOptions = {
  /** The live's master playlist (`Live.playlist`). */
  playlist: string;
  /** Data saver on (lib/data-saver.ts's useDataSaver()): the lowest picture, never higher. */
  dataSaver: boolean;
  onState?: (state: LivePlayerState) => void;
};

export type LivePlayer = {
  destroy(): void;
  /** Holds one rendition (the screen's choice), or null to choose by the network again. */
  setRendition?(rendition: LiveRendition | null): void;
};
