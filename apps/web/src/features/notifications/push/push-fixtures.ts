import { type Mock, vi } from 'vitest';
import { jsonResponse } from '../../../test/render-page.tsx';

/** A VAPID public key as the server answers it (65 bytes, base64url). */
export const VAPID_PUBLIC_KEY = `B${'A'.repeat(86)}`;
export const ENDPOINT = 'https://push.example.test/send/sub-1';
const KEYS = { p256dh: `B${'q'.repeat(86)}`, auth: 'r'.repeat(22) };

type SubscribeInit = { userVisibleOnly: boolean; applicationServerKey: Uint8Array };
export type PushBrowser = {
  requestPermission: Mock<() => Promise<NotificationPermission>>;
  pushManager: {
    getSubscription: Mock<() => Promise<PushSubscription | null>>;
    subscribe: Mock<(init: SubscribeInit) => Promise<PushSubscription>>;
  };
  serviceWorker: EventTarget;
  fetch: Mock<(input: string, init?: RequestInit) => Promise<Response>>;
  /** The JSON bodies sent with `method path`. */
  sent: (method: string, path: string) => unknown[];
  subscriptionKeys: { p256dh: string; auth: string };
};

/**
 * A browser that can do web push (Notification, PushManager, a service worker registration), whose
 * permission prompt answers `answer`, and the API (`fetch`) with its calls recorded.
 */
export function stubPushBrowser(
  options: { answer?: NotificationPermission; permission?: NotificationPermission } = {},
): PushBrowser {
  let permission: NotificationPermission = options.permission ?? 'default';
  const requestPermission = vi.fn(async () => {
    if (permission === 'default') permission = options.answer ?? 'granted';
    return permission;
  });
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  let current: PushSubscription | null = null;
  const makeSubscription = (key: Uint8Array) =>
    ({
      endpoint: ENDPOINT,
      options: { applicationServerKey: key.buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    }) as unknown as PushSubscription;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (init: SubscribeInit) => {
      current = makeSubscription(init.applicationServerKey);
      return current;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = Object.assign(new EventTarget(), {
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
    startMessages: vi.fn(),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });

  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/push-tokens/vapidKeys')
      return jsonResponse(200, { publicKey: VAPID_PUBLIC_KEY });
    return jsonResponse(204);
  });
  vi.stubGlobal('fetch', fetch);
  const sent = (method: string, path: string) =>
    fetch.mock.calls
      .filter(
        ([input, init]) =>
          (init?.method ?? 'GET') === method && new URL(input, 'http://localhost').pathname === path,
      )
      .map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as unknown);
  return { requestPermission, pushManager, serviceWorker, fetch, sent, subscriptionKeys: KEYS };
}

/** A browser without web push (no PushManager, no service worker). */
export function stubNoPush() {
  vi.stubGlobal('PushManager', undefined);
  // `'PushManager' in window` is what the app checks: remove it outright.
  delete (window as { PushManager?: unknown }).PushManager;
  Object.defineProperty(navigator, 'serviceWorker', { value: undefined, configurable: true });
}
