import { startPushService, type PushService, type SimSubscription } from '@motema/push-sim';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { asMember } from './factories.ts';

export type { PushService, SimSubscription };

/**
 * A local push service (packages/push-sim) for one test file, and the env that lets the app post to
 * it: start it first, then `buildTestApp({ env: pushServiceEnv(service) })`. Close it in afterAll.
 */
export const startTestPushService = (): Promise<PushService> => startPushService();
export const pushServiceEnv = (service: PushService) => ({ PUSH_SERVICE_ORIGINS: service.origin });

/**
 * A device of the member behind `cookie` subscribed at the local push service (bound to the app's
 * VAPID key, as a browser's subscription is) and registered with `POST /api/push-tokens`.
 */
export async function subscribeDevice(
  t: Pick<TestApp, 'app'>,
  service: PushService,
  cookie: string,
): Promise<SimSubscription> {
  const keys = await asMember(t, cookie)('GET', '/api/push-tokens/vapidKeys');
  expect(keys.statusCode).toBe(200);
  const subscription = service.subscribe({
    applicationServerKey: keys.json<{ publicKey: string }>().publicKey,
  });
  const registered = await asMember(t, cookie)('POST', '/api/push-tokens', { web: subscription });
  expect(registered.statusCode).toBe(204);
  return subscription;
}
