import { useEffect } from 'react';

/** Names the browser tab while the page is open, and gives the previous name back on leaving. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
