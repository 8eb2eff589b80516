import { eq } from 'drizzle-orm';
import type { PushPayload } from '@motema/shared/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTokens } from '../../../db/schema.ts';
import { parseEnv } from '../../../env.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { createMember, newSession } from '../../../test/factories.ts';
import {
  closeNativePushServices,
  nativePushEnv,
  registerPhone,
  startNativePushServices,
  type NativePushServices,
} from '../../../test/native-push-services.ts';
import { revokeSession } from '../../auth/sessions.service.ts';
import { closeNativeSenders } from './native-senders.ts';
import { pushToMember, pushTopic } from './push-sender.service.ts';
import { membersWithLivePushToken } from './push-tokens.service.ts';

// The FCM and APNs adapters against the local services (packages/push-sim), which check what the
// real ones check: the OAuth assertion's and the provider token's signatures, the bearer token, the
// v1 JSON, the topic, the path. What each device received is read there.

let services: NativePushServices;
let t: TestApp;
beforeAll(async () => {
  services = await startNativePushServices();
  t = await buildTestApp({ env: nativePushEnv(services) });
});
afterAll(async () => {
  await t.close();
  await closeNativePushServices(services);
});

const configured = () => ({ db: t.db, env: parseEnv({ NODE_ENV: 'test', ...nativePushEnv(services) }) });
const unconfigured = () => ({ db: t.db, env: parseEnv({ NODE_ENV: 'test' }) });
const conversationId = '0c7e8f2a-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const payload: PushPayload = {
  kind: 'message',
  title: 'Amina',
  body: 'Mbote! On se voit ce soir ?',
  tag: `message:${conversationId}`,
  url: `/messages/${conversationId}`,
  count: 2,
  at: 1_764_000_000_000,
};
const options = { urgency: 'high', ttlSeconds: 3600, topic: pushTopic(conversationId) } as const;
const tokensOf = async (userId: string) =>
  (await t.db.select().from(pushTokens).where(eq(pushTokens.userId, userId))).map((row) => row.token);

describe('Android, through FCM HTTP v1', () => {
  it('sends the v1 message: the notification, the path to open as data, Android’s priority, TTL and collapse key', async () => {
    const member = await createMember(t);
    const phone = await registerPhone(t, services, member.cookie, 'android');

    expect(await pushToMember(configured(), member.user.id, payload, options)).toEqual({
      sent: 1,
      gone: 0,
      failed: 0,
    });
    expect(services.fcm.received(phone)).toEqual([
      {
        token: phone,
        notification: { title: 'Amina', body: 'Mbote! On se voit ce soir ?' },
        data: {
          kind: 'message',
          url: `/messages/${conversationId}`,
          tag: `message:${conversationId}`,
          count: '2',
          at: '1764000000000',
        },
        android: {
          priority: 'HIGH',
          ttl: '3600s',
          collapse_key: '0c7e8f2a1b2c4d5e8f90a1b2c3d4e5f6',
          notification: { tag: `message:${conversationId}`, notification_count: 2 },
        },
      },
    ]);
  });

  it('fetches the OAuth access token once, with the signed assertion, and reuses it for every push after', async () => {
    await closeNativeSenders(); // a fresh adapter: no token kept yet
    const before = services.fcm.accessTokensIssued();
    const member = await createMember(t);
    const phone = await registerPhone(t, services, member.cookie, 'android');
    const tablet = await registerPhone(t, services, (await newSession(t, member.user.id)).cookie, 'android');

    // Two devices at once (one exchange for both), then a third push later.
    expect(await pushToMember(configured(), member.user.id, payload, options)).toMatchObject({ sent: 2 });
    expect(await pushToMember(configured(), member.user.id, payload, options)).toMatchObject({ sent: 2 });

    expect(services.fcm.accessTokensIssued() - before).toBe(1);
    expect(services.fcm.received(phone)).toHaveLength(2);
    expect(services.fcm.received(tablet)).toHaveLength(2);
  });

  it('deletes a token FCM says is dead (404 UNREGISTERED, 400 INVALID_ARGUMENT) and keeps sending to the others', async () => {
    const member = await createMember(t);
    const uninstalled = await registerPhone(t, services, member.cookie, 'android');
    const kept = await registerPhone(t, services, (await newSession(t, member.user.id)).cookie, 'android');
    const session = await newSession(t, member.user.id);
    await t.db.insert(pushTokens).values({
      userId: member.user.id,
      sessionId: session.sessionId,
      platform: 'android',
      token: 'not-a-token-fcm-ever-gave',
    });
    services.fcm.unregister(uninstalled);

    expect(await pushToMember(configured(), member.user.id, payload, options)).toEqual({
      sent: 1,
      gone: 2,
      failed: 0,
    });
    expect(await tokensOf(member.user.id)).toEqual([kept]);
    expect(services.fcm.received(uninstalled)).toEqual([]);
  });
});

describe('iOS, through APNs', () => {
  it('sends the alert with the path to open beside aps, to the app’s topic, collapsed by the push’s topic', async () => {
    const member = await createMember(t);
    const phone = await registerPhone(t, services, member.cookie, 'ios');
    const sentAt = Math.floor(Date.now() / 1000);

    expect(await pushToMember(configured(), member.user.id, payload, options)).toEqual({
      sent: 1,
      gone: 0,
      failed: 0,
    });
    const [received] = services.apns.received(phone);
    expect(received?.payload).toEqual({
      aps: {
        alert: { title: 'Amina', body: 'Mbote! On se voit ce soir ?' },
        sound: 'default',
        'thread-id': `message:${conversationId}`,
      },
      kind: 'message',
      url: `/messages/${conversationId}`,
      tag: `message:${conversationId}`,
      count: 2,
      at: 1_764_000_000_000,
    });
    expect(received?.headers).toMatchObject({
      topic: services.apns.topic,
      pushType: 'alert',
      priority: '10',
      collapseId: '0c7e8f2a1b2c4d5e8f90a1b2c3d4e5f6',
    });
    expect(Number(received?.headers.expiration) - sentAt).toBeGreaterThanOrEqual(3600);
  });

  it('deletes a token APNs says is dead (410 Unregistered, 400 BadDeviceToken) and keeps sending to the others', async () => {
    const member = await createMember(t);
    const uninstalled = await registerPhone(t, services, member.cookie, 'ios');
    const kept = await registerPhone(t, services, (await newSession(t, member.user.id)).cookie, 'ios');
    const session = await newSession(t, member.user.id);
    await t.db.insert(pushTokens).values({
      userId: member.user.id,
      sessionId: session.sessionId,
      platform: 'ios',
      token: 'ab'.repeat(32),
    });
    services.apns.unregister(uninstalled);

    expect(await pushToMember(configured(), member.user.id, payload, options)).toEqual({
      sent: 1,
      gone: 2,
      failed: 0,
    });
    expect(await tokensOf(member.user.id)).toEqual([kept]);
    expect(services.apns.received(kept)).toHaveLength(1);
  });
});

describe('native tokens', () => {
  it('are kept and not sent to while their platform is not configured', async () => {
    const member = await createMember(t);
    const android = await registerPhone(t, services, member.cookie, 'android');
    const ios = await registerPhone(t, services, (await newSession(t, member.user.id)).cookie, 'ios');

    expect(await pushToMember(unconfigured(), member.user.id, payload, options)).toEqual({
      sent: 0,
      gone: 0,
      failed: 0,
    });
    expect(services.fcm.received(android)).toEqual([]);
    expect(services.apns.received(ios)).toEqual([]);
    expect((await tokensOf(member.user.id)).sort()).toEqual([android, ios].sort());
  });

  it('make a member reachable by push (jobs are sent for them) only once their platform is configured', async () => {
    const member = await createMember(t);
    await registerPhone(t, services, member.cookie, 'ios');

    expect(await membersWithLivePushToken(configured(), [member.user.id])).toEqual(new Set([member.user.id]));
    expect(await membersWithLivePushToken(unconfigured(), [member.user.id])).toEqual(new Set());
  });

  it('of a revoked session are deleted, never sent to', async () => {
    const member = await createMember(t);
    const session = await newSession(t, member.user.id);
    const phone = await registerPhone(t, services, session.cookie, 'android');
    await revokeSession(t.db, session.sessionId);

    expect(await pushToMember(configured(), member.user.id, payload, options)).toEqual({
      sent: 0,
      gone: 0,
      failed: 0,
    });
    expect(services.fcm.received(phone)).toEqual([]);
    expect(await tokensOf(member.user.id)).toEqual([]);
  });
});
