import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPEN_MESSAGE } from './app-link-message.ts';

/** A service worker container that delivers what `post` sends to its listeners. */
function fakeContainer() {
  const target = new EventTarget();
  return {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    startMessages: () => undefined,
    post: (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data })),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("the web's app links", () => {
  it('keep a notification tap that came before anything listened, and give it to the listener', async () => {
    const container = fakeContainer();
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: container });
    const { webAppLinks } = await import('./app-links.ts');
    container.post({ type: OPEN_MESSAGE, url: '/messages/c-1' });
    container.post({ type: 'other', url: '/home' });
    const opened: string[] = [];
    const stop = webAppLinks.listen((path) => opened.push(path));
    expect(opened).toEqual(['/messages/c-1']);
    container.post({ type: OPEN_MESSAGE, url: '/post/p-1' });
    container.post({ type: OPEN_MESSAGE, url: 'https://elsewhere.test/' });
    expect(opened).toEqual(['/messages/c-1', '/post/p-1']);
    stop();
    container.post({ type: OPEN_MESSAGE, url: '/zone/z-1' });
    expect(opened).toHaveLength(2);
  });
});
