import { describe, expect, it, vi } from 'vitest';
import { OPEN_MESSAGE } from '../src/lib/platform/web/app-link-message.ts';
import { PUSH_BADGE, PUSH_ICON, pushWorker } from './push-worker.ts';

const ORIGIN = 'https://motema.test';
type Listener = (event: unknown) => void;
type FakeWindow = {
  url: string;
  focused: boolean;
  visibilityState: 'visible' | 'hidden';
  postMessage: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
};

const windowAt = (
  url: string,
  options: { focused?: boolean; hidden?: boolean; focusRefused?: boolean } = {},
): FakeWindow => ({
  url,
  focused: options.focused ?? false,
  visibilityState: options.hidden ? 'hidden' : 'visible',
  postMessage: vi.fn(),
  focus: vi.fn(async () => {
    if (options.focusRefused) throw new DOMException('Not allowed to focus a window.', 'InvalidAccessError');
  }),
});

/** The worker's script run against a fake worker scope: its registration, its clients. */
function worker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener[]>();
  const showNotification = vi.fn(async (_title: string, _options: NotificationOptions) => {});
  const matchAll = vi.fn(async (_options: unknown) => windows);
  const openWindow = vi.fn(async (_url: string) => null);
  const renewed = {
    toJSON: () => ({ endpoint: 'https://push.example/renewed', keys: { p256dh: 'p', auth: 'a' } }),
  };
  const subscribe = vi.fn(async (_options: unknown) => renewed);
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
  const self = {
    location: new URL(ORIGIN),
    registration: { showNotification, pushManager: { subscribe } },
    clients: { matchAll, openWindow },
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
  };
  new Function('self', 'fetch', pushWorker())(self, fetch);

  async function dispatch(type: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    for (const listener of listeners.get(type) ?? [])
      listener({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    expect(waits.length, `${type} keeps the worker alive until it is done`).toBe(1);
    await Promise.all(waits);
  }
  /** A push whose data is `body` (text, as the push service delivered and the browser decrypted). */
  const push = (body: string | null) =>
    dispatch('push', { data: body === null ? null : { json: () => JSON.parse(body) as unknown } });
  const click = (data: unknown) => {
    const notification = { data, close: vi.fn() };
    return { notification, done: dispatch('notificationclick', { notification }) };
  };
  return { push, click, dispatch, showNotification, matchAll, openWindow, subscribe, fetch, renewed };
}

const PAYLOAD = {
  kind: 'message',
  title: 'Kofi',
  body: 'Hi Awa! Sunny and hot.',
  tag: 'message:c1',
  url: '/messages/c1',
  count: 2,
  at: 1_780_000_000_000,
};

describe('the service worker script of web push', () => {
  it('shows the payload as the server wrote it: title, body, tag that rings again, icon, badge, url', async () => {
    const { push, showNotification } = worker();
    await push(JSON.stringify(PAYLOAD));
    expect(showNotification).toHaveBeenCalledTimes(1);
    expect(showNotification).toHaveBeenCalledWith('Kofi', {
      body: 'Hi Awa! Sunny and hot.',
      tag: 'message:c1',
      renotify: true,
      icon: PUSH_ICON,
      badge: PUSH_BADGE,
      timestamp: PAYLOAD.at,
      data: { url: '/messages/c1', kind: 'message' },
    });
  });

  it('shows nothing while the member has the app in front (it tells them live), and shows it otherwise', async () => {
    const inFront = worker([windowAt(`${ORIGIN}/messages/c1`, { focused: true })]);
    await inFront.push(JSON.stringify(PAYLOAD));
    expect(inFront.showNotification).not.toHaveBeenCalled();
    // A window of the app behind another, a hidden one, another site's: the phone shows it.
    for (const windows of [
      [windowAt(`${ORIGIN}/home`)],
      [windowAt(`${ORIGIN}/home`, { focused: true, hidden: true })],
      [windowAt('https://elsewhere.test/', { focused: true })],
    ]) {
      const behind = worker(windows);
      await behind.push(JSON.stringify(PAYLOAD));
      expect(behind.showNotification).toHaveBeenCalledTimes(1);
    }
  });

  it('still shows something for a push it cannot read (the browser requires it), with no renotify without a tag', async () => {
    const { push, showNotification } = worker();
    await push('not json');
    await push(null);
    await push(JSON.stringify({ title: '', body: 42, tag: '' }));
    for (const [title, options] of showNotification.mock.calls) {
      expect(title).toBe('Motema');
      // renotify without a tag makes the browser throw.
      expect(options).not.toHaveProperty('renotify');
      expect(options.data).toEqual({ url: '/', kind: undefined });
    }
    expect(showNotification).toHaveBeenCalledTimes(3);
  });

  it('never opens another site: a url that is not a path of the app opens the start page', async () => {
    for (const url of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      7,
    ]) {
      const { push, showNotification } = worker();
      await push(JSON.stringify({ ...PAYLOAD, url }));
      expect(showNotification.mock.calls[0]![1].data, String(url)).toEqual({ url: '/', kind: 'message' });
      const { click, openWindow } = worker();
      const tap = click({ url });
      await tap.done;
      expect(openWindow, String(url)).toHaveBeenCalledWith('/');
    }
  });

  it('on a tap with no window of the app open, closes the notification and opens the page in a new one', async () => {
    const other = windowAt('https://elsewhere.example/');
    const { click, openWindow, matchAll } = worker([other]);
    const tap = click({ url: '/messages/c1' });
    await tap.done;
    expect(tap.notification.close).toHaveBeenCalled();
    expect(matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(openWindow).toHaveBeenCalledWith('/messages/c1');
    expect(other.postMessage).not.toHaveBeenCalled();
  });

  it('on a tap with the app open, tells the window in front to go there and focuses it (no new window)', async () => {
    const behind = windowAt(`${ORIGIN}/home`);
    const front = windowAt(`${ORIGIN}/swap`, { focused: true });
    const { click, openWindow } = worker([behind, front]);
    await click({ url: '/messages/c1' }).done;
    expect(front.postMessage).toHaveBeenCalledWith({ type: OPEN_MESSAGE, url: '/messages/c1' });
    expect(front.focus).toHaveBeenCalled();
    expect(behind.postMessage).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('takes a window in the background there when none is in front, even if focusing it is refused', async () => {
    const behind = windowAt(`${ORIGIN}/home`, { focusRefused: true });
    const { click, openWindow } = worker([behind]);
    await click({ url: '/profile/u2' }).done;
    expect(behind.postMessage).toHaveBeenCalledWith({ type: OPEN_MESSAGE, url: '/profile/u2' });
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('registers a subscription the browser renewed, subscribing again with the old key when none is given', async () => {
    const given = worker();
    const newSubscription = { toJSON: () => ({ endpoint: 'https://push.example/given' }) };
    await given.dispatch('pushsubscriptionchange', { oldSubscription: null, newSubscription });
    expect(given.subscribe).not.toHaveBeenCalled();
    expect(given.fetch).toHaveBeenCalledWith('/api/push-tokens', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String(given.fetch.mock.calls[0]![1].body))).toEqual({
      web: { endpoint: 'https://push.example/given' },
    });

    const lost = worker();
    const key = new Uint8Array([4, 1, 2]).buffer;
    await lost.dispatch('pushsubscriptionchange', {
      oldSubscription: { options: { applicationServerKey: key } },
      newSubscription: null,
    });
    expect(lost.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
    expect(JSON.parse(String(lost.fetch.mock.calls[0]![1].body))).toEqual({ web: lost.renewed.toJSON() });
  });
});
