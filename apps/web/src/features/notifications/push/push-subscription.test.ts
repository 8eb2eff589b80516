import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPushBrowser } from './push-fixtures.ts';
import { PUSH_ENABLE_WAIT_MS, enablePush } from './push-subscription.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The server's key (push-fixtures' VAPID_PUBLIC_KEY, `B` then `A`s) as bytes. */
const serverKey = () => {
  const key = new Uint8Array(65);
  key[0] = 0x04;
  return key;
};

describe('enablePush', () => {
  it("keeps the browser's subscription when it was made for the server's key", async () => {
    const browser = stubPushBrowser({ permission: 'granted' });
    await browser.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey() });
    browser.pushManager.subscribe.mockClear();
    expect(await enablePush('me-1')).toBe('on');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(browser.sent('POST', '/api/push-tokens')).toHaveLength(1);
  });

  it('ends a subscription made for another key (a database reset) and subscribes again', async () => {
    const browser = stubPushBrowser({ permission: 'granted' });
    const old = await browser.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array(65).fill(7),
    });
    browser.pushManager.subscribe.mockClear();
    expect(await enablePush('me-1')).toBe('on');
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect([...browser.pushManager.subscribe.mock.calls[0]![0].applicationServerKey]).toEqual([
      ...serverKey(),
    ]);
  });

  it('says failed, not refused, when the push service cannot be reached', async () => {
    const browser = stubPushBrowser({ answer: 'granted' });
    browser.pushManager.subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - push service error', 'AbortError'),
    );
    expect(await enablePush('me-1')).toBe('failed');
    expect(localStorage.getItem('motema.push.refusedAt')).toBeNull();
    expect(localStorage.getItem('motema.push.device')).toBeNull();
  });

  it('says failed when no service worker is there to subscribe with (its `ready` would never come)', async () => {
    const browser = stubPushBrowser({ answer: 'granted' });
    Object.assign(browser.serviceWorker, {
      ready: new Promise(() => {}),
      getRegistration: vi.fn(async () => undefined),
    });
    expect(await enablePush('me-1')).toBe('failed');
    expect(browser.sent('POST', '/api/push-tokens')).toHaveLength(0);
    expect(localStorage.getItem('motema.push.refusedAt')).toBeNull();
  });

  it('says failed when the push service never answers the subscription', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const browser = stubPushBrowser({ answer: 'granted' });
    browser.pushManager.subscribe.mockReturnValueOnce(new Promise(() => {}));
    let result: string | undefined;
    void enablePush('me-1').then((answer) => (result = answer));
    await vi.advanceTimersByTimeAsync(PUSH_ENABLE_WAIT_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe('failed');
    expect(localStorage.getItem('motema.push.device')).toBeNull();
  });
});
