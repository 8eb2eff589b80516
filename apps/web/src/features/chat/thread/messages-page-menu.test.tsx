/** A message's actions on the thread page: its menu (long press too), unsending, starring, a failed send's. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render-page.tsx';
import { isolate } from '../../../ui/member-text.tsx';
import { LONG_PRESS_MS, SWIPE_REPLY_PX } from '../messages/use-message-gestures.ts';
import { bubbleOf, calls, composer, openMenuOf, renderThread, stubFetch } from './messages-page-fixtures.tsx';
import { buildMessage, CONVERSATION, ME, messageItem, pendingItem, threadOf } from './thread-fixtures.ts';

beforeEach(() => {
  stubFetch();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A one-finger touch event at (x, y), or none for the end. */
function touch(target: Element, type: 'touchStart' | 'touchMove', x: number, y: number) {
  const point = { identifier: 1, target, clientX: x, clientY: y };
  fireEvent[type](target, { touches: [point], targetTouches: [point], changedTouches: [point] });
}

/** The finger lifted: touchend, then the emulated mouse events a browser sends unless it was cancelled. */
function liftFinger(target: Element) {
  const sent = fireEvent.touchEnd(target, { touches: [], changedTouches: [] });
  if (!sent) return;
  fireEvent.mouseDown(target);
  fireEvent.mouseUp(target);
  fireEvent.click(target);
}

function drag(target: Element, dx: number, dy: number) {
  touch(target, 'touchStart', 20, 100);
  for (let step = 1; step <= 5; step += 1)
    touch(target, 'touchMove', 20 + (dx * step) / 5, 100 + (dy * step) / 5);
  liftFinger(target);
}

/** The element of a message's row that takes the gestures (the bubble and its menu button). */
const rowOf = (text: string) =>
  within(bubbleOf(text)).getByRole('button', { name: 'Message options' }).parentElement!;

describe('MessagesPage', () => {
  it('retries or deletes a failed message from its bubble', async () => {
    const user = userEvent.setup();
    const thread = threadOf([pendingItem('p-9', { text: 'Lost on the way', state: 'failed' })]);
    renderThread(thread);
    const bubble = bubbleOf('Lost on the way');
    await user.click(within(bubble).getByRole('button', { name: 'Retry' }));
    expect(thread.retry).toHaveBeenCalledWith('p-9');
    await user.click(within(bubble).getByRole('button', { name: 'Delete' }));
    expect(thread.discard).toHaveBeenCalledWith('p-9');
  });

  it('asks before unsending, and unsends only when confirmed', async () => {
    const user = userEvent.setup();
    const mine = buildMessage(5, { from: ME, text: 'Oops, wrong chat' });
    const fetch = stubFetch({
      'POST /api/messages/m-5/unsend': () =>
        jsonResponse(200, { message: { ...mine, unsent: true, text: null } }),
    });
    renderThread(threadOf([messageItem(mine)]));
    await openMenuOf(user, 'Oops, wrong chat');
    await user.click(await screen.findByRole('menuitem', { name: 'Unsend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsend this message?' });
    expect(dialog.textContent).toContain(`${isolate('Zola')} will see “Message removed”`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetch, 'POST /api/messages/m-5/unsend')).toEqual([]);

    await openMenuOf(user, 'Oops, wrong chat');
    await user.click(await screen.findByRole('menuitem', { name: 'Unsend' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unsend' }));
    await waitFor(() => expect(calls(fetch, 'POST /api/messages/m-5/unsend')).toHaveLength(1));
  });

  it('stars a message, and filters the thread to important messages from the menu', async () => {
    const user = userEvent.setup();
    const starred = buildMessage(2, { text: 'Address: 12 avenue du Port', important: true });
    const fetch = stubFetch({
      'PUT /api/messages/m-1/important': () =>
        jsonResponse(200, { message: buildMessage(1, { important: true }) }),
      [`GET /api/conversations/${CONVERSATION}/messages`]: (_body, url) =>
        jsonResponse(200, {
          messages: url.searchParams.get('important') === 'true' ? [starred] : [],
          count: 1,
          hasMore: false,
        }),
    });
    renderThread(
      threadOf([messageItem(buildMessage(1)), messageItem(starred), messageItem(buildMessage(3))]),
    );
    await openMenuOf(user, 'Message 1');
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as important' }));
    await waitFor(() =>
      expect(calls(fetch, 'PUT /api/messages/m-1/important')).toEqual([{ important: true }]),
    );

    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Important messages' }));
    await screen.findByText('Important messages only');
    await waitFor(() => expect(screen.queryByText('Message 3')).toBeNull());
    expect(screen.getByText('Address: 12 avenue du Port')).toBeTruthy();
    expect(screen.queryByText('Message 1')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(screen.getByText('Message 3')).toBeTruthy();
    // The menu turns the filter on and off too.
    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Important messages' }));
    await screen.findByText('Important messages only');
    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'All messages' }));
    await waitFor(() => expect(screen.queryByText('Important messages only')).toBeNull());
    expect(screen.getByText('Message 3')).toBeTruthy();
  });

  it('opens the menu of a message with a long press on touch screens, not with a short tap', () => {
    vi.useFakeTimers();
    renderThread(threadOf([messageItem(buildMessage(1, { text: 'Hold me' }))]));
    const row = rowOf('Hold me');
    touch(row, 'touchStart', 10, 10);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 100));
    liftFinger(row);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('menuitem', { name: 'Reply' })).toBeNull();
    touch(row, 'touchStart', 10, 10);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(screen.getByRole('menuitem', { name: 'Reply' })).toBeTruthy();
  });

  it('keeps the long-press menu open once the finger lifts', async () => {
    vi.useFakeTimers();
    renderThread(threadOf([messageItem(buildMessage(1, { text: 'Hold me' }))]));
    const row = rowOf('Hold me');
    touch(row, 'touchStart', 10, 10);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS + 300));
    // The lifted finger, as a phone's browser sends it: touchend, then mousedown and click unless
    // the touchend was cancelled (the mousedown on the message, outside the menu, would close it).
    liftFinger(row);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('menuitem', { name: 'Reply' })).toBeTruthy();
  });

  it('answers a message swiped right past the threshold, which springs back', async () => {
    renderThread(threadOf([messageItem(buildMessage(1, { text: 'Swipe me' }))]));
    const row = rowOf('Swipe me');
    // Short of the threshold: nothing.
    drag(row, SWIPE_REPLY_PX - 20, 0);
    expect(screen.queryByText('Replying to', { exact: false })).toBeNull();
    // Mostly vertical (a scroll of the list): nothing either.
    drag(row, 40, 120);
    expect(screen.queryByText('Replying to', { exact: false })).toBeNull();
    // While dragged, the bubble follows the finger.
    touch(row, 'touchStart', 20, 100);
    touch(row, 'touchMove', 60, 102);
    expect(row.style.transform).toBe('translateX(40px)');
    touch(row, 'touchMove', 20 + SWIPE_REPLY_PX + 10, 103);
    liftFinger(row);
    expect(row.style.transform).toBe('');
    expect(await screen.findByText(`Replying to ${isolate('Zola')}`)).toBeTruthy();
    expect(document.activeElement).toBe(composer());
  });

  it('offers no swipe to reply on a removed message', () => {
    renderThread(threadOf([messageItem(buildMessage(2, { unsent: true, text: null }))]));
    const row = rowOf('Message removed');
    drag(row, SWIPE_REPLY_PX + 30, 0);
    expect(screen.queryByText('Replying to', { exact: false })).toBeNull();
  });

  it('offers only deleting for me on an unsent message', async () => {
    const user = userEvent.setup();
    renderThread(threadOf([messageItem(buildMessage(2, { unsent: true, text: null }))]));
    await openMenuOf(user, 'Message removed');
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Delete for me']);
  });
});
