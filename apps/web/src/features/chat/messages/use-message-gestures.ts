import { useRef, useState, type HTMLAttributes, type SyntheticEvent, type TouchEvent } from 'react';

/** How long a finger must rest on a message to open its menu. */
export const LONG_PRESS_MS = 500;
/** How far a finger may wander before a press becomes a drag (a scroll, or a swipe). */
const MOVE_TOLERANCE_PX = 10;
/** A message dragged right this far is answered when the finger lifts (WhatsApp's gesture). */
export const SWIPE_REPLY_PX = 64;
/** The bubble follows the finger this far at most. */
const SWIPE_MAX_PX = 96;

type Gesture = 'press' | 'opened' | 'swipe' | 'scroll';

export type MessageGestures = {
  handlers: HTMLAttributes<HTMLDivElement>;
  /** How far the bubble is dragged right (0 at rest: it springs back there). */
  offset: number;
};

/** Whether an event reached the message through a portal, from outside its element. */
const outside = (event: SyntheticEvent<HTMLDivElement>) =>
  !(event.target instanceof Node && event.currentTarget.contains(event.target));

/**
 * A message's gestures. A finger resting on it opens its menu (`onOpen`), and so does a right click.
 * A finger dragging it to the right moves the bubble; let go past SWIPE_REPLY_PX, it answers it
 * (`onSwipe`). A mostly vertical drag is the list's scroll: the row's `touch-action: pan-y` leaves
 * those to the browser and the horizontal ones to us.
 */
export function useMessageGestures(onOpen: () => void, onSwipe?: () => void): MessageGestures {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const dragged = useRef(0);
  const [offset, setOffset] = useState(0);

  const stopTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const drag = (to: number) => {
    // A light tap of the phone when the drag reaches the point where letting go answers.
    if (dragged.current < SWIPE_REPLY_PX && to >= SWIPE_REPLY_PX) navigator.vibrate?.(10);
    dragged.current = to;
    setOffset(to);
  };
  const reset = () => {
    stopTimer();
    start.current = null;
    gesture.current = null;
    if (dragged.current !== 0) drag(0);
  };

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    reset();
    // A touch in what the message opened over the page (its photo's viewer, a portal React bubbles
    // through the message) is not on the message: a finger resting on the viewer's Close opened the
    // menu behind it and took the tap away.
    if (outside(event)) return;
    const touch = event.touches[0];
    if (event.touches.length !== 1 || !touch) return;
    start.current = { x: touch.clientX, y: touch.clientY };
    gesture.current = 'press';
    timer.current = setTimeout(() => {
      timer.current = null;
      gesture.current = 'opened';
      onOpen();
    }, LONG_PRESS_MS);
  };

  const onTouchMove = (event: TouchEvent<HTMLDivElement>) => {
    const from = start.current;
    const touch = event.touches[0];
    if (!from || !touch) return;
    const dx = touch.clientX - from.x;
    const dy = touch.clientY - from.y;
    if (gesture.current === 'press' && Math.hypot(dx, dy) > MOVE_TOLERANCE_PX) {
      stopTimer();
      gesture.current = onSwipe && dx > Math.abs(dy) ? 'swipe' : 'scroll';
    }
    if (gesture.current === 'swipe') drag(Math.min(Math.max(dx, 0), SWIPE_MAX_PX));
  };

  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    // After a long press the browser would turn the lifted finger into mousedown and click on the
    // message, outside the menu just opened, which closes it: those emulated mouse events are not sent.
    if (gesture.current === 'opened') event.preventDefault();
    const answer = gesture.current === 'swipe' && dragged.current >= SWIPE_REPLY_PX;
    reset();
    if (answer) onSwipe?.();
  };

  return {
    offset,
    handlers: {
      onTouchStart,
      onTouchMove,
      onTouchEnd,
      onTouchCancel: reset,
      onContextMenu: (event) => {
        if (outside(event)) return;
        event.preventDefault();
        const opened = gesture.current === 'opened';
        stopTimer();
        if (!opened) onOpen();
        if (start.current) gesture.current = 'opened';
      },
    },
  };
}
