// @slow-tier waits the push prompt's delay and its lazy dialog in real time.
import { PUSH_PROMPT_REFUSAL_S } from '@motema/shared/limits';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../../lib/socket.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { buildMe, renderPage } from '../../../test/render-page.tsx';
import { ENDPOINT, stubNoPush, stubPushBrowser } from './push-fixtures.ts';
import { PUSH_PROMPT_DELAY_MS, PushPromptHost } from './push-prompt-host.tsx';
import { OPEN_MESSAGE } from '../../../lib/platform/web/app-link-message.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const EXPLAIN = 'Know when they write back';

/** The host on every page but the test's landings (`url`: where the member is). */
function renderHost(socket = new FakeSocket(), url = '/home') {
  const view = renderPage(
    url === '/home' ? '/home' : '/*',
    <SocketContext value={{ socket: socket.asSocket(), connected: true }}>
      <PushPromptHost />
    </SocketContext>,
    { me: buildMe({ _id: 'me-1' }), url },
  );
  return { ...view, socket };
}

const aMessage = (socket: FakeSocket) =>
  act(() => socket.serverEmit('chats:messages:new', { _id: 'm1', conversationId: 'c1' }));
/** Long enough for the prompt to have come if it were to come. */
const pastTheDelay = () =>
  act(() => new Promise((resolve) => setTimeout(resolve, PUSH_PROMPT_DELAY_MS + 400)));

describe('the push prompt', () => {
  it('comes a moment after a first message, our explanation before any browser prompt', async () => {
    const browser = stubPushBrowser();
    const { socket } = renderHost();
    expect(screen.queryByRole('dialog')).toBeNull();
    aMessage(socket);
    // Not at once: the message lands first.
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: EXPLAIN });
    expect(dialog.textContent).toContain('We send new messages, matches');
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('comes after a match as well, never for another member’s match', async () => {
    stubPushBrowser();
    const { socket } = renderHost();
    act(() => socket.serverEmit('matched:someone-else', {}));
    await pastTheDelay();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => socket.serverEmit('matched:me-1', {}));
    await screen.findByRole('dialog', { name: EXPLAIN });
  });

  it('waits for the match’s celebration (any dialog open) to close, and never lands on top of it', async () => {
    stubPushBrowser();
    const { socket } = renderHost();
    const celebration = document.createElement('div');
    celebration.setAttribute('role', 'dialog');
    celebration.setAttribute('aria-modal', 'true');
    celebration.setAttribute('aria-label', 'It’s a match!');
    document.body.append(celebration);
    act(() => socket.serverEmit('matched:me-1', {}));
    await pastTheDelay();
    // Time enough for the dialog's code to load too, had it been opened.
    await expect(screen.findByRole('dialog', { name: EXPLAIN }, { timeout: 2500 })).rejects.toThrow();
    act(() => celebration.remove());
    await screen.findByRole('dialog', { name: EXPLAIN });
  });

  it('never comes in the middle of a conversation: it waits for the member to leave the thread', async () => {
    stubPushBrowser();
    const { socket, router } = renderHost(new FakeSocket(), '/messages/c1');
    aMessage(socket);
    await pastTheDelay();
    await expect(screen.findByRole('dialog', { name: EXPLAIN }, { timeout: 2500 })).rejects.toThrow();
    await act(() => router.navigate('/conversations'));
    await screen.findByRole('dialog', { name: EXPLAIN });
  });

  it('accepted: the browser is asked, this browser subscribed and registered, the endpoint kept for logout', async () => {
    const browser = stubPushBrowser({ answer: 'granted' });
    const user = userEvent.setup();
    const { socket } = renderHost();
    aMessage(socket);
    await screen.findByRole('dialog', { name: EXPLAIN });
    await user.click(
      screen.getByRole('checkbox', {
        name: 'Discreet mode: no names or message text in notifications, and you stay out of lists',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(browser.sent('POST', '/api/push-tokens')).toHaveLength(1));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [init] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(init.userVisibleOnly).toBe(true);
    expect(init.applicationServerKey).toHaveLength(65);
    expect(browser.sent('POST', '/api/push-tokens')[0]).toEqual({
      web: { endpoint: ENDPOINT, expirationTime: null, keys: browser.subscriptionKeys },
    });
    await waitFor(() =>
      expect(browser.sent('PUT', '/api/notifications/settings')).toEqual([{ discreet: true }]),
    );
    expect(JSON.parse(localStorage.getItem('motema.push.device')!)).toEqual({
      kind: 'web',
      token: ENDPOINT,
      userId: 'me-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // On now: the next moment asks nothing.
    aMessage(socket);
    await pastTheDelay();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Not now" is remembered 12 hours across reloads, then the prompt comes again', async () => {
    const browser = stubPushBrowser();
    const user = userEvent.setup();
    const first = renderHost();
    aMessage(first.socket);
    await screen.findByRole('dialog', { name: EXPLAIN });
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(browser.requestPermission).not.toHaveBeenCalled();
    const refusedAt = Number(localStorage.getItem('motema.push.refusedAt'));
    expect(Math.abs(refusedAt - Date.now())).toBeLessThan(60_000);
    first.unmount();

    // A reload within the 12 hours: a message asks nothing.
    const second = renderHost();
    aMessage(second.socket);
    await pastTheDelay();
    expect(screen.queryByRole('dialog')).toBeNull();
    second.unmount();

    // 12 hours later (the refusal made that long ago): asked again.
    localStorage.setItem('motema.push.refusedAt', String(Date.now() - PUSH_PROMPT_REFUSAL_S * 1000 - 1));
    const third = renderHost();
    aMessage(third.socket);
    await screen.findByRole('dialog', { name: EXPLAIN });
  });

  it("a refusal in the browser's own prompt is remembered too, and nothing is subscribed", async () => {
    const browser = stubPushBrowser({ answer: 'denied' });
    const user = userEvent.setup();
    const { socket } = renderHost();
    aMessage(socket);
    await screen.findByRole('dialog', { name: EXPLAIN });
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(browser.sent('POST', '/api/push-tokens')).toEqual([]);
    expect(localStorage.getItem('motema.push.refusedAt')).not.toBeNull();
  });

  it('comes once a visit: a second message after "Not now" in the same visit asks nothing', async () => {
    stubPushBrowser();
    const user = userEvent.setup();
    const { socket } = renderHost();
    aMessage(socket);
    await screen.findByRole('dialog', { name: EXPLAIN });
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    localStorage.clear();
    aMessage(socket);
    await pastTheDelay();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never comes where the browser has no push (the settings say so instead)', async () => {
    stubNoPush();
    const { socket } = renderHost();
    aMessage(socket);
    await pastTheDelay();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('on an iPhone outside the installed app, says push needs the app and points to installing it', async () => {
    stubNoPush();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    );
    const { socket } = renderHost();
    aMessage(socket);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications need the app' });
    expect(dialog.textContent).toContain('add Motema to your Home Screen');
    expect(screen.getByRole('link', { name: 'How to install' }).getAttribute('href')).toBe(
      '/settings/install',
    );
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });

  it('takes the app to the page a tapped notification opens, when the service worker says so', async () => {
    const browser = stubPushBrowser();
    const { router } = renderHost();
    act(() => {
      browser.serviceWorker.dispatchEvent(
        new MessageEvent('message', { data: { type: OPEN_MESSAGE, url: '/settings/profile' } }),
      );
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/profile'));
    // Never elsewhere than a path of the app.
    act(() => {
      browser.serviceWorker.dispatchEvent(
        new MessageEvent('message', { data: { type: OPEN_MESSAGE, url: '//evil.example/login' } }),
      );
    });
    expect(router.state.location.pathname).toBe('/settings/profile');
  });

  it("registers this device's subscription again at each start, for this session, only for its member", async () => {
    const browser = stubPushBrowser({ permission: 'granted' });
    await browser.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: new Uint8Array(65) });
    localStorage.setItem(
      'motema.push.device',
      JSON.stringify({ endpoint: ENDPOINT, userId: 'someone-else' }),
    );
    const other = renderHost();
    await pastTheDelay();
    expect(browser.sent('POST', '/api/push-tokens')).toEqual([]);
    other.unmount();

    localStorage.setItem('motema.push.device', JSON.stringify({ endpoint: ENDPOINT, userId: 'me-1' }));
    renderHost();
    await waitFor(() => expect(browser.sent('POST', '/api/push-tokens')).toHaveLength(1));
    expect(browser.sent('POST', '/api/push-tokens')[0]).toEqual({
      web: { endpoint: ENDPOINT, expirationTime: null, keys: browser.subscriptionKeys },
    });
    // Nothing asked.
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });
});
