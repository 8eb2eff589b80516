import { startPushService, type PushService, type SimSubscription } from '@motema/push-sim';
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { asMember } from './factories.ts';

export type { PushService, SimSubscription };

/** The env that lets the app post to a local push service (packages/push-sim). */
export const pushServiceEnv = (service: PushService) => ({ PUSH_SERVICE_ORIGINS: service.origin });

/** A test file's local push service and an app that may post to it (in beforeAll). */
export async function startPushTestApp(): Promise<{ service: PushService; t: TestApp }> {
  const service = await startPushService();
  return { service, t: await buildTestApp({ env: pushServiceEnv(service) }) };
}

/** Closes what `startPushTestApp` started, the app first (in afterAll). */
export async function closePushTestApp(t: TestApp, service: PushService): Promise<void> {
  await t.close();
  await service.close();
}

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
