/**
 * A change submitted offline (a setting, a report) waits: TanStack Query pauses the call and sends it
 * once the browser is back online. The connection notice says so, even after the member closed it,
 * instead of leaving a spinner alone.
 */
import { notifications } from '@mantine/notifications';
import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hideOfflineNotice, showOfflineNotice } from './notices.ts';
import { queryClient } from './query-client.ts';

describe('a change submitted offline', () => {
  const show = vi.spyOn(notifications, 'show');
  const update = vi.spyOn(notifications, 'update');
  beforeEach(() => {
    show.mockClear();
    update.mockClear();
    hideOfflineNotice();
    vi.stubGlobal('navigator', { onLine: false, serviceWorker: { controller: {} } });
    onlineManager.setOnline(false);
    // As QueryClientProvider does: the client resumes paused calls when the browser is back online.
    queryClient.mount();
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
    queryClient.unmount();
    queryClient.clear();
  });

  const shown = () => [...show.mock.calls, ...update.mock.calls].map(([notice]) => notice);

  it('is said to wait for the connection, then goes once online', async () => {
    const save = vi.fn(async () => 'saved');
    const sent = new MutationObserver(queryClient, { mutationFn: save }).mutate();
    await vi.waitFor(() =>
      expect(shown()).toContainEqual(
        expect.objectContaining({
          id: 'offline',
          title: 'Not connected to the internet',
          message: 'Not sent yet: it goes as soon as you are back online. Keep Motema open until then.',
          autoClose: false,
        }),
      ),
    );
    expect(save).not.toHaveBeenCalled();
    vi.stubGlobal('navigator', { onLine: true, serviceWorker: { controller: {} } });
    onlineManager.setOnline(true);
    await expect(sent).resolves.toBe('saved');
  });

  it('opens the notice again when the member had closed it', async () => {
    showOfflineNotice();
    // The member closes "Not connected to the internet", then saves a change.
    const notice = show.mock.calls[0]![0];
    notice.onClose?.(notice);
    show.mockClear();
    const sent = new MutationObserver(queryClient, { mutationFn: async () => 'ok' }).mutate();
    await vi.waitFor(() =>
      expect(show.mock.calls.map(([notice]) => notice.message)).toEqual([
        'Not sent yet: it goes as soon as you are back online. Keep Motema open until then.',
      ]),
    );
    onlineManager.setOnline(true);
    await sent;
  });
});
