import { PushTokenInputSchema } from '@motema/shared/notifications';
import { push, type PushRegistration } from '../../../lib/platform/push.ts';
import { fetchVapidKey, registerPushToken } from './push.api.ts';
import { endPushOnDevice, keepPushDevice, pushDeviceRecord, pushTokenOf } from './push-device.ts';
import { rememberPushRefusal } from './push-refusal.ts';

/** What turning push on gave: on, refused (by the browser: remembered), or failed (no push service). */
export type EnablePushResult = 'on' | 'refused' | 'failed';

/**
 * Registers the device's push address for the member (a browser's subscription or a native app's token,
 * as the platform gives it) and keeps its token on the device (for logout).
 */
async function register(current: PushRegistration, userId: string): Promise<void> {
  const registration = PushTokenInputSchema.parse(current);
  await registerPushToken(registration);
  keepPushDevice({ ...pushTokenOf(registration), userId });
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
 * Asks the browser's permission (only after our own explanation), subscribes this browser at its push
 * service and registers the subscription for the member. A refusal is remembered (the prompt stays away
 * PUSH_PROMPT_REFUSAL_S); a failure (no service worker, no push service reachable or no answer from it
 * in PUSH_ENABLE_WAIT_MS, the server away) is not a refusal, and always comes back as 'failed'.
 */
export async function enablePush(userId: string): Promise<EnablePushResult> {
  try {
    const permission = await push.askPermission();
    if (permission !== 'granted') {
      rememberPushRefusal();
      return 'refused';
    }
    await withinWait(
      (async () => {
        await register(await push.subscribe(async () => (await fetchVapidKey()).publicKey), userId);
      })(),
    );
    return 'on';
  } catch {
    return 'failed';
  }
}

/** Whether this browser has a subscription registered for this member (the section's switch). */
export async function pushOnForMember(userId: string): Promise<boolean> {
  if (push.permission() !== 'granted' || pushDeviceRecord()?.userId !== userId) return false;
  return (await push.current()) !== null;
}

/**
 * At each start of the app: the subscription this device registered for this member is registered
 * again, for this session (a token stops with the session that registered it, and the browser may have
 * renewed the subscription). Nothing is asked, and nothing is done for another member.
 */
export async function refreshPushRegistration(userId: string): Promise<void> {
  if (push.permission() !== 'granted' || pushDeviceRecord()?.userId !== userId) return;
  const current = await push.current();
  if (current) await register(current, userId);
}

/**
 * Turns push off on this device: the browser's subscription ends, so its push service answers 410 to
 * the next push and the server deletes the token then.
 */
export function disablePush(): Promise<void> {
  return endPushOnDevice();
}
