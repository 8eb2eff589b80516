import { act, fireEvent, render, screen } from '@testing-library/react';
import { createPortal } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, useMessageGestures } from './use-message-gestures.ts';

/** A message with a button of its own and one in a viewer it opened over the page (a portal). */
function Message({ onOpen }: { onOpen: () => void }) {
  const { handlers } = useMessageGestures(onOpen);
  return (
    <div {...handlers}>
      <button type="button">On the message</button>
      {createPortal(<button type="button">Close the photo</button>, document.body)}
    </div>
  );
}

const press = (target: Element, type: 'touchStart' | 'contextMenu') => {
  const point = { identifier: 1, target, clientX: 10, clientY: 10 };
  if (type === 'contextMenu') fireEvent.contextMenu(target);
  else fireEvent.touchStart(target, { touches: [point], targetTouches: [point], changedTouches: [point] });
  act(() => vi.advanceTimersByTime(LONG_PRESS_MS + 100));
  return fireEvent.touchEnd(target, { touches: [], changedTouches: [] });
};

describe("a message's long press", () => {
  afterEach(() => vi.useRealTimers());

  it('opens its menu from the message, not from a viewer it opened over the page', () => {
    vi.useFakeTimers();
    const onOpen = vi.fn();
    render(<Message onOpen={onOpen} />);
    const close = screen.getByRole('button', { name: 'Close the photo' });
    // The finger lifted from Close stays a tap (its click not cancelled), and no menu opens behind it.
    expect(press(close, 'touchStart')).toBe(true);
    press(close, 'contextMenu');
    expect(onOpen).not.toHaveBeenCalled();
    expect(press(screen.getByRole('button', { name: 'On the message' }), 'touchStart')).toBe(false);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
