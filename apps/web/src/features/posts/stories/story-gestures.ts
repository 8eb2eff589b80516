import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { randomUuid } from '../../../lib/random-uuid.ts';

/** A press longer than this is a hold (pause), not a tap. */
export const STORY_HOLD_MS = 250;
/** A finger that moves less than this is still a tap. */
const TAP_SLOP_PX = 12;
/** A downward swipe longer than this closes the viewer. */
export const STORY_SWIPE_CLOSE_PX = 90;
/** The part of the width, from the left, where a tap goes back (the rest goes forward). */
const BACK_ZONE = 1 / 3;

type Actions = {
  onNext: () => void;
  onPrevious: () => void;
  onClose: () => void;
  /** True while the finger (or the mouse button) holds the story. */
  onHold: (held: boolean) => void;
};

type Press = { id: number; x: number; y: number; held: boolean; timer: ReturnType<typeof setTimeout> };

/**
 * The viewer's gestures, as members know them from other apps: a tap on the left third goes back, a
 * tap elsewhere goes forward, a hold pauses until released, a swipe down closes. Pointer events
 * only, so a finger, a pen and a mouse behave the same. `dragY` follows a swipe down as it happens,
 * for the viewer to move with the finger.
 */
export function useStoryGestures({ onNext, onPrevious, onClose, onHold }: Actions) {
  const press = useRef<Press | null>(null);
  const [dragY, setDragY] = useState(0);

  const end = () => {
    const current = press.current;
    press.current = null;
    if (current) clearTimeout(current.timer);
    setDragY(0);
    return current;
  };

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0 || press.current) return;
      // Keeps the moves and the release coming here even when the finger leaves the element.
      event.currentTarget.setPointerCapture?.(event.pointerId);
      const started: Press = {
        id: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        held: false,
        timer: setTimeout(() => {
          started.held = true;
          onHold(true);
        }, STORY_HOLD_MS),
      };
      press.current = started;
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = press.current;
      if (!current || current.id !== event.pointerId) return;
      const dy = event.clientY - current.y;
      const dx = event.clientX - current.x;
      if (Math.hypot(dx, dy) > TAP_SLOP_PX && !current.held) {
        // A swipe is no hold: the story pauses while the finger drags it, as it would when held.
        clearTimeout(current.timer);
        current.held = true;
        onHold(true);
      }
      setDragY(dy > 0 && dy > Math.abs(dx) ? dy : 0);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const current = press.current;
      if (!current || current.id !== event.pointerId) return;
      end();
      const dy = event.clientY - current.y;
      const dx = event.clientX - current.x;
      if (dy > STORY_SWIPE_CLOSE_PX && dy > Math.abs(dx)) return onClose();
      if (current.held) return onHold(false);
      if (Math.hypot(dx, dy) > TAP_SLOP_PX) return;
      const box = event.currentTarget.getBoundingClientRect();
      const x = event.clientX - box.left;
      if (box.width > 0 && x < box.width * BACK_ZONE) onPrevious();
      else onNext();
    },
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      const current = press.current;
      if (!current || current.id !== event.pointerId) return;
      end();
      if (current.held) onHold(false);
    },
  };

  return { handlers, dragY };
}

/**
 * The viewer's keys: the arrows go back and on, the space bar pauses and goes on (Escape closes: the
 * modal's). Not while the member types a reply or uses a menu.
 */
export function useStoryKeys({
  onNext,
  onPrevious,
  onPause,
}: {
  onNext: () => void;
  onPrevious: () => void;
  onPause: () => void;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      if (target instanceof Element && target.closest('input, textarea, [role="menu"]')) return;
      if (event.key === 'ArrowRight') onNext();
      else if (event.key === 'ArrowLeft') onPrevious();
      else if (event.key === ' ') {
        event.preventDefault();
        onPause();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onNext, onPrevious, onPause]);
}

type HistoryMark = { storyViewer?: string } | null;

/**
 * The phone's Back closes the viewer, as members expect of a full-screen view: opening it adds an
 * entry to the history (the same address, marked in its state as this viewer's), Back leaves that
 * entry and the viewer closes; closing it otherwise (the cross, a swipe, the end) goes back over the
 * entry. An entry marked by an earlier viewer (the page reloaded on it) is not this one's. Returns
 * the viewer's close, and whether its entry is the current one (a page it opens replaces it).
 */
export function useBackCloses(onClose: () => void): { close: () => void; marked: boolean } {
  const navigate = useNavigate();
  const location = useLocation();
  const [mark] = useState(randomUuid);
  const marked = (location.state as HistoryMark)?.storyViewer === mark;
  const pushed = useRef(false);
  const entered = useRef(false);

  useEffect(() => {
    if (marked) entered.current = true;
    else if (entered.current) onClose();
    else if (!pushed.current) {
      pushed.current = true;
      const { pathname, search, hash } = location;
      const state = { ...((location.state as object | null) ?? {}), storyViewer: mark };
      void navigate({ pathname, search, hash }, { state, preventScrollReset: true });
    }
  }, [marked, mark, location, navigate, onClose]);

  const close = useCallback(() => {
    if (marked) void navigate(-1);
    else onClose();
  }, [marked, navigate, onClose]);
  return { close, marked };
}
