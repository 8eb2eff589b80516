import { useEffect, useRef } from 'react';

/**
 * One sound at a time in the whole app: a voice note in a chat, a podcast in the feed. Starting one
 * pauses whichever was playing, whoever's player it was.
 */
let playing: HTMLMediaElement | null = null;

/**
 * Plays `element` alone. False when the browser refused to play it (an abort, a newer play or pause
 * in between, is not a failure).
 */
export async function playAlone(element: HTMLMediaElement): Promise<boolean> {
  if (playing && playing !== element) playing.pause();
  playing = element;
  try {
    await element.play();
    return true;
  } catch (error) {
    return (error as Error).name === 'AbortError';
  }
}

/** Forgets `element` (its player leaves the screen). */
export function releaseAudio(element: HTMLMediaElement | null): void {
  if (playing === element) playing = null;
}

/**
 * A player's audio element, given back to the coordinator when the player leaves the screen: a voice
 * note pauses a podcast and back.
 */
export function useSoloAudio() {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = audio.current;
    return () => releaseAudio(element);
  }, []);
  return audio;
}
