import { sql } from 'drizzle-orm';
import type { PushPayload } from '@motema/shared/notifications';
import { startPushService, type PushService, type SimSubscription } from '@motema/push-sim';
import { expect } from 'vitest';
import { PUSH_QUEUE } from '../features/notifications/push-jobs.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { asMember, waitFor } from './factories.ts';

export type { PushService, SimSubscription };

/** The next push the device receives, decrypted and read (waits up to 15 s for it). */
export async function nextPayload(service: PushService, device: SimSubscription): Promise<PushPayload> {
  return JSON.parse((await service.next(device.endpoint, 15_000)).payload) as PushPayload;
}

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

/**
 * Waits until the member's push jobs of a kind are all done, `count` of them at least (a held job
 * sends itself again: two), and returns how many. What they did is read from the push service.
 */
export async function pushJobsDone(
  t: Pick<TestApp, 'db'>,
  userId: string,
  kind: string,
  count = 1,
  timeoutMs = 15_000,
): Promise<number> {
  return waitFor(
    async () => {
      const { rows } = await t.db.execute<{ state: string }>(
        sql`SELECT state FROM pgboss.job WHERE name = ${PUSH_QUEUE}
             AND data->>'userId' = ${userId} AND data->>'kind' = ${kind}`,
      );
      const done = rows.filter((row) => row.state === 'completed').length;
      return done >= count && done === rows.length ? done : undefined;
    },
    `${count} push job(s) of ${kind} done`,
    timeoutMs,
  );
}
