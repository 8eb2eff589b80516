import { WebPushSubscriptionSchema } from '@motema/shared/notifications';
import { fetchVapidKey, registerWebPush } from './push.api.ts';
import { endPushOnDevice, keepPushDevice, pushDeviceRecord } from './push-device.ts';
import { rememberPushRefusal } from './push-refusal.ts';

/** What turning push on gave: on, refused (by the browser: remembered), or failed (no push service). */
export type EnablePushResult = 'on' | 'refused' | 'failed';

const base64UrlBytes = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * This browser's subscription for the server's key: the one it has when made for that key, else a
 * new one (a subscription made for other keys, e.g. a database reset, is ended first: the browser
 * refuses a second key for one registration).
 */
async function subscription(registration: ServiceWorkerRegistration): Promise<PushSubscription> {
  const key = base64UrlBytes((await fetchVapidKey()).publicKey);
  const current = await registration.pushManager.getSubscription();
  if (current && sameBytes(current.options.applicationServerKey, key)) return current;
  await current?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Registers the subscription for the member and keeps its endpoint on the device (for logout). */
async function register(current: PushSubscription, userId: string): Promise<void> {
  await registerWebPush(WebPushSubscriptionSchema.parse(current.toJSON()));
  keepPushDevice({ endpoint: current.endpoint, userId });
}

/**
 * How long turning push on waits for the service worker and the push service: a browser's subscribe
 * can hang when its push service is out of reach, and the member must hear that it failed.
 */
export const PUSH_ENABLE_WAIT_MS = 20_000;

/** `work`, or a rejection once PUSH_ENABLE_WAIT_MS have passed without its answer. */
function withinWait<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('push_enable_timeout')), PUSH_ENABLE_WAIT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The service worker's registration once active. With none registered (it failed to install, or the
 * browser keeps none here) `ready` would never settle: that is a failure at once.
 */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) throw new Error('no_service_worker');
  return navigator.serviceWorker.ready;
}

/**
 * Asks the browser's permission (only after our own explanation), subscribes this browser at its push
 * service and registers the subscription for the member. A refusal is remembered (the prompt stays away
 * PUSH_PROMPT_REFUSAL_S); a failure (no service worker, no push service reachable or no answer from it
 * in PUSH_ENABLE_WAIT_MS, the server away) is not a refusal, and always comes back as 'failed'.
 */
export async function enablePush(userId: string): Promise<EnablePushResult> {
  try {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      rememberPushRefusal();
      return 'refused';
    }
    await withinWait(
      (async () => {
        const registration = await activeRegistration();
        await register(await subscription(registration), userId);
      })(),
    );
    return 'on';
  } catch {
    return 'failed';
  }
}

/** Whether this browser has a subscription registered for this member (the section's switch). */
export async function pushOnForMember(userId: string): Promise<boolean> {
  if (Notification.permission !== 'granted' || pushDeviceRecord()?.userId !== userId) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}

/**
 * At each start of the app: the subscription this device registered for this member is registered
 * again, for this session (a token stops with the session that registered it, and the browser may have
 * renewed the subscription). Nothing is asked, and nothing is done for another member.
 */
export async function refreshPushRegistration(userId: string): Promise<void> {
  if (Notification.permission !== 'granted' || pushDeviceRecord()?.userId !== userId) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const current = await registration?.pushManager.getSubscription();
  if (current) await register(current, userId);
}

/**
 * Turns push off on this device: the browser's subscription ends, so its push service answers 410 to
 * the next push and the server deletes the token then.
 */
export function disablePush(): Promise<void> {
  return endPushOnDevice();
}
