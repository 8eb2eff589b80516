import { useSyncExternalStore } from 'react';

/**
 * Whether the screen matches a media query, as the layout needs it: where React draws a page itself,
 * the screen's answer from the first render (a wide screen never shows the phone's tab bar first);
 * where it takes over a page the server painted (which knows no screen: it paints the phone's
 * layout), the server's answer, `false`, until the page is taken over, then the screen's. Mantine's
 * `useMediaQuery` gives the screen's answer in both, which is not what the server painted: React
 * throws the painted page away and draws it anew (a hydration mismatch).
 */
export function useMediaMatch(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
