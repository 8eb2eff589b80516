import { useEffect, type RefObject } from 'react';

/**
 * Keeps the screen the size of what is visible, so the composer stays above a phone's keyboard
 * (the keyboard shrinks the visual viewport, not the layout one, on most mobile browsers).
 */
export function useVisualViewport(element: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const viewport = window.visualViewport;
    const node = element.current;
    if (!viewport || !node) return;
    const update = () => {
      node.style.setProperty('--thread-viewport-height', `${viewport.height}px`);
      node.style.transform = viewport.offsetTop > 0 ? `translateY(${viewport.offsetTop}px)` : '';
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, [element]);
}
