import { useEffect, useState } from 'react';

/**
 * Whether an element is on screen (or within `rootMargin` of it), through IntersectionObserver.
 * Returns a callback ref for the element and the flag; without IntersectionObserver it is always true.
 */
export function useOnScreen<T extends Element>(rootMargin = '0px'): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [onScreen, setOnScreen] = useState(typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1);
        if (last) setOnScreen(last.isIntersecting);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootMargin]);

  return [setElement, onScreen];
}
