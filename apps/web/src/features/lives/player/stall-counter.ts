/**
 * The stalls of a playing live: a `waiting` once its picture (or sound) played, the network or the
 * live not keeping up. Not the wait of a start, of a new MediaSource or of a seek (the player's own,
 * back to the live edge): every one of those fires `waiting` before `playing` on a good network, and
 * counting them sent a viewer on a fast line to the audio alone (then back, then again) every second.
 */
export type StallCounter = {
  count(): number;
  /** From zero again (a new rendition). */
  reset(): void;
  stop(): void;
};

export function countStalls(video: EventTarget): StallCounter {
  let count = 0;
  /** Between a start, a new source or a seek and the `playing` after it. */
  let settling = true;
  const settle = () => void (settling = true);
  const played = () => void (settling = false);
  const waiting = () => void (settling || (count += 1));
  const listeners: [string, () => void][] = [
    ['emptied', settle],
    ['seeking', settle],
    ['playing', played],
    ['waiting', waiting],
  ];
  for (const [event, listener] of listeners) video.addEventListener(event, listener);
  return {
    count: () => count,
    reset: () => void (count = 0),
    stop: () => listeners.forEach(([event, listener]) => video.removeEventListener(event, listener)),
  };
}
