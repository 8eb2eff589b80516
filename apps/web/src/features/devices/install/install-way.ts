import { useSyncExternalStore } from 'react';
import { installedFromHere, installPrompt, subscribeInstallPrompt } from './install-prompt.ts';
import type { InstallWay } from './install-engagement.ts';

export type BrowserSide = {
  userAgent: string;
  maxTouchPoints: number;
  /** Safari's own flag on iOS: the page runs from the home screen. */
  standalone?: boolean;
  matchMedia: (query: string) => { matches: boolean };
};

/** iPhone, iPod, and iPad (which says Macintosh since iPadOS 13, but has a touch screen). */
export const isIos = ({ userAgent, maxTouchPoints }: Pick<BrowserSide, 'userAgent' | 'maxTouchPoints'>) =>
  /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);

/** Running as the installed app: its own window (the manifest's `display: standalone`). */
export const isStandalone = (side: Pick<BrowserSide, 'standalone' | 'matchMedia'>) =>
  side.standalone === true || side.matchMedia('(display-mode: standalone)').matches;

export function installWayOf(side: BrowserSide, hasPrompt: boolean, installedNow: boolean): InstallWay {
  if (installedNow || isStandalone(side)) return 'installed';
  if (hasPrompt) return 'prompt';
  return isIos(side) ? 'ios' : 'menu';
}

const browserSide = (): BrowserSide => ({
  userAgent: navigator.userAgent,
  maxTouchPoints: navigator.maxTouchPoints ?? 0,
  standalone: (navigator as Navigator & { standalone?: boolean }).standalone,
  matchMedia: (query) => window.matchMedia(query),
});

/** This browser's way to install, following the prompt as it comes and goes. */
export function useInstallWay(): InstallWay {
  return useSyncExternalStore(
    subscribeInstallPrompt,
    () => installWayOf(browserSide(), installPrompt() !== null, installedFromHere()),
    () => 'menu',
  );
}
