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

/** How far below the screen a home list starts loading. */
export const NEAR_MARGIN = '300px';

/**
 * Whether an element has come within `rootMargin` of the screen at least once: home's lists below
 * the first screen are asked for only then, so they do not compete with the first rows.
 */
export function useCameNear<T extends Element>(
  rootMargin = NEAR_MARGIN,
): [(element: T | null) => void, boolean] {
  const [ref, near] = useOnScreen<T>(rootMargin);
  const [cameNear, setCameNear] = useState(near);
  if (near && !cameNear) setCameNear(true);
  return [ref, cameNear];
}
