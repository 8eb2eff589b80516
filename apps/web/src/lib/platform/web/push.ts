import type { PushPlatform } from '../push.ts';
import { pushSupport } from './push-support.ts';

const base64UrlBytes = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

const heldSubscription = async () =>
  (await navigator.serviceWorker?.getRegistration())?.pushManager?.getSubscription() ?? null;

/**
 * The service worker's registration once active. With none registered (it failed to install, or the
 * browser keeps none here) `ready` would never settle: that is a failure at once.
 */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) throw new Error('no_service_worker');
  return navigator.serviceWorker.ready;
}

/** Web push: the Notification permission and the service worker's PushManager (VAPID). */
export const webPush: PushPlatform = {
  support: () => pushSupport(),
  permission: () => (typeof Notification === 'undefined' ? 'default' : Notification.permission),
  askPermission: () => Notification.requestPermission(),
  async current() {
    const held = await heldSubscription();
    return held ? { web: held.toJSON() } : null;
  },
  // A subscription made for other keys (e.g. a database reset) is ended first: the browser refuses a
  // second key for one registration.
  async subscribe(serverKey) {
    const registration = await activeRegistration();
    const key = base64UrlBytes(await serverKey());
    const current = await registration.pushManager.getSubscription();
    if (current && sameBytes(current.options.applicationServerKey, key)) return { web: current.toJSON() };
    await current?.unsubscribe();
    const made = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    return { web: made.toJSON() };
  },
  async end() {
    try {
      await (await heldSubscription())?.unsubscribe();
    } catch {
      // No worker, no subscription: nothing to end.
    }
  },
};
