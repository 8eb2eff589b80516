import { useCallback, useEffect, useState, type RefObject } from 'react';

const HIGHLIGHT_MS = 1_600;
const JUMP_SCROLL_MS = 1_000;

type JumpOptions = {
  /** The list's "at the latest message" flag, cleared while the jump scrolls away from the bottom. */
  nearBottom: RefObject<boolean>;
  /** Until then, size changes do not pin the view to the bottom. */
  noPinUntil: RefObject<number>;
  firstKey: string | undefined;
  hasOlder: boolean;
  fetchingOlder: boolean;
  loadOlder: () => void;
};

/**
 * A quoted message: scroll to it (loading older pages until it is there), then light it up briefly.
 * `onJump(messageId)` starts it; `highlight` is the message lit up.
 */
export function useJumpToMessage({
  nearBottom,
  noPinUntil,
  firstKey,
  hasOlder,
  fetchingOlder,
  loadOlder,
}: JumpOptions) {
  const [highlight, setHighlight] = useState<string | null>(null);
  const [jumpTo, setJumpTo] = useState<string | null>(null);

  useEffect(() => {
    if (!jumpTo) return;
    const target = document.getElementById(`message-${jumpTo}`);
    if (target) {
      // Leaving the bottom on purpose: nothing may pin the view back there while it scrolls.
      nearBottom.current = false;
      noPinUntil.current = Date.now() + JUMP_SCROLL_MS;
      target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      setHighlight(jumpTo);
      setJumpTo(null);
      return;
    }
    if (hasOlder && !fetchingOlder) loadOlder();
    else if (!hasOlder) setJumpTo(null);
  }, [jumpTo, firstKey, hasOlder, fetchingOlder, loadOlder, nearBottom, noPinUntil]);

  useEffect(() => {
    if (!highlight) return;
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  const onJump = useCallback((messageId: string) => setJumpTo(messageId), []);
  return { highlight, onJump };
}
