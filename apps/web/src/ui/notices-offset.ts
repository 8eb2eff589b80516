import { useNotifications } from '@mantine/notifications';
import { useLayoutEffect, useState } from 'react';

/** A box on the screen: its top and bottom, in CSS pixels from the top of the viewport. */
type Band = { top: number; bottom: number };

/**
 * How far down the notices start so they never cover a top bar: below the lowest bottom of the bars
 * seen in the upper half of the screen (the home header, a thread's or Settings' bar, a sheet's title
 * with its close button, full screen on a phone or centred on a wide screen); 0 with none in view.
 */
export function noticesOffset(bars: readonly Band[], viewportHeight: number): number {
  let offset = 0;
  for (const { top, bottom } of bars) {
    if (bottom <= 0 || bottom <= top || top >= viewportHeight / 2) continue;
    offset = Math.max(offset, Math.ceil(bottom));
  }
  return offset;
}

/** The page's top bars, as drawn now: every <header> (pages' bars, Mantine's Modal title bar). */
function barsInView(): Band[] {
  return [...document.querySelectorAll('header')].map((header) => {
    const { top, bottom } = header.getBoundingClientRect();
    return { top, bottom };
  });
}

/**
 * The notices' offset (noticesOffset) while one is shown, followed as the page changes under it
 * (another screen, a sheet that opens, a scroll, a turn of the phone); 0 with no notice.
 */
export function useNoticesOffset(): number {
  const shown = useNotifications().notifications.length > 0;
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    if (!shown) return;
    const measure = () => setOffset(noticesOffset(barsInView(), window.innerHeight));
    measure();
    let frame = 0;
    const later = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    const changes = new MutationObserver(later);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', later);
    window.addEventListener('scroll', later, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('resize', later);
      window.removeEventListener('scroll', later, { capture: true });
    };
  }, [shown]);
  return offset;
}
