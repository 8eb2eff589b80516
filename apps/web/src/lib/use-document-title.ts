import { useEffect } from 'react';

/**
 * The title the page rendered last asked for, where effects do not run: the build's prerendering
 * (prerender.tsx) writes it into the page's `<title>`.
 */
export const prerenderedTitle: { current: string | null } = { current: null };

/** Names the browser tab while the page is open, and gives the previous name back on leaving. */
export function useDocumentTitle(title: string): void {
  if (typeof document === 'undefined') prerenderedTitle.current = title;
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
