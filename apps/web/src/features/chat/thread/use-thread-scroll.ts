import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ThreadItem } from './thread-types.ts';
import { useJumpToMessage } from './use-jump-to-message.ts';

/** Within this distance of the bottom the list counts as "at the latest message". */
const NEAR_BOTTOM_PX = 120;
/** Within this distance of the top the next older page is asked for. */
const NEAR_TOP_PX = 200;

type ScrollOptions = {
  items: ThreadItem[];
  loading: boolean;
  hasOlder: boolean;
  fetchingOlder: boolean;
  fetchOlder: () => unknown;
  /** The latest message is on screen. */
  onLatestSeen: () => void;
};

/**
 * Where a thread's list stands: opened at the bottom, kept there when new messages come while it was
 * (else `pill` says there are new ones), older pages loaded near the top without moving what is on
 * screen, and jumps to a quoted message. `scroller` and `content` go on the list's two boxes.
 */
export function useThreadScroll({
  items,
  loading,
  hasOlder,
  fetchingOlder,
  fetchOlder,
  onLatestSeen,
}: ScrollOptions) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  /** Until then, size changes do not pin the view to the bottom (a jump to a quoted message is scrolling). */
  const noPinUntil = useRef(0);
  const opened = useRef(false);
  /** Distance from the bottom before older messages were added above. */
  const anchor = useRef<number | null>(null);
  const [pill, setPill] = useState(false);
  const firstKey = items[0]?.key;
  const last = items.at(-1);
  const lastKey = last?.key;
  const previous = useRef({ firstKey, lastKey });
  const seen = useRef(onLatestSeen);
  useEffect(() => {
    seen.current = onLatestSeen;
  });

  const toBottom = useCallback((smooth = false) => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTo({ top: element.scrollHeight, behavior: smooth ? 'smooth' : 'instant' });
    nearBottom.current = true;
    setPill(false);
  }, []);

  const loadOlder = useCallback(() => {
    const element = scroller.current;
    if (!element || !hasOlder || fetchingOlder) return;
    anchor.current = element.scrollHeight - element.scrollTop;
    fetchOlder();
  }, [fetchOlder, hasOlder, fetchingOlder]);

  useLayoutEffect(() => {
    const element = scroller.current;
    const before = previous.current;
    previous.current = { firstKey, lastKey };
    if (!element || !lastKey) return;
    if (!opened.current) {
      opened.current = true;
      toBottom();
      return;
    }
    if (firstKey !== before.firstKey && anchor.current !== null) {
      element.scrollTop = element.scrollHeight - anchor.current;
      anchor.current = null;
    }
    if (lastKey !== before.lastKey) {
      const mine = last && (last.kind === 'pending' || last.mine);
      if (nearBottom.current || mine) toBottom();
      else setPill(true);
    }
  }, [firstKey, lastKey, last, toBottom, loading]);

  // Photos and voice notes that finish loading keep the view pinned at the bottom.
  useEffect(() => {
    const element = content.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (nearBottom.current && anchor.current === null && Date.now() > noPinUntil.current) toBottom();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [toBottom, loading]);

  // The latest message is seen when it arrives while the view is at the bottom, or on coming back.
  useEffect(() => {
    if (lastKey && nearBottom.current) seen.current();
  }, [lastKey]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && nearBottom.current) seen.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  // A screen not yet full of messages asks for older ones by itself.
  useEffect(() => {
    const element = scroller.current;
    if (element && element.clientHeight > 0 && element.scrollHeight <= element.clientHeight) loadOlder();
  }, [firstKey, loadOlder]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    const wasNear = nearBottom.current;
    nearBottom.current = distance < NEAR_BOTTOM_PX;
    if (nearBottom.current && !wasNear) {
      setPill(false);
      seen.current();
    }
    if (element.scrollTop < NEAR_TOP_PX) loadOlder();
  };

  const { highlight, onJump } = useJumpToMessage({
    nearBottom,
    noPinUntil,
    firstKey,
    hasOlder,
    fetchingOlder,
    loadOlder,
  });

  return { scroller, content, pill, toBottom, onScroll, highlight, onJump };
}
