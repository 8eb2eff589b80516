import { useEffect, useSyncExternalStore } from 'react';

/**
 * The title the page rendered last asked for, where effects do not run: the build's prerendering
 * (prerender.tsx) writes it into the page's `<title>`.
 */
export const prerenderedTitle: { current: string | null } = { current: null };

/** The tab's only title in discreet mode: the app's name, no count, no name (docs/discreet-mode.md). */
export const NEUTRAL_TITLE = 'Motema';

let neutral = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isNeutral = () => neutral;

/**
 * Discreet mode's titles: while on, every page names the tab `NEUTRAL_TITLE` whatever it asks for
 * (a conversation's partner, a profile's name), so a glance at the tab or the task switcher tells
 * nothing. The navigation guard sets it from the member's profile.
 */
export function setNeutralTitles(on: boolean): void {
  if (on === neutral) return;
  neutral = on;
  if (on) document.title = NEUTRAL_TITLE;
  for (const listener of listeners) listener();
}

/** Names the browser tab while the page is open, and gives the previous name back on leaving. */
export function useDocumentTitle(title: string): void {
  if (typeof document === 'undefined') prerenderedTitle.current = title;
  const shown = useSyncExternalStore(subscribe, isNeutral, isNeutral) ? NEUTRAL_TITLE : title;
  useEffect(() => {
    const previous = document.title;
    document.title = shown;
    return () => {
      document.title = neutral ? NEUTRAL_TITLE : previous;
    };
  }, [shown]);
}
