import { eq } from 'drizzle-orm';
import type { PushPayload } from '@motema/shared/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTokens } from '../../../db/schema.ts';
import { parseEnv } from '../../../env.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { asMember, createMember, newSession } from '../../../test/factories.ts';
import {
  closePushTestApp,
  startPushTestApp,
  pushServiceEnv,
  subscribeDevice,
  type PushService,
} from '../../../test/push-service.ts';
import { revokeSession } from '../../auth/sessions.service.ts';
import { pushToMember, pushTopic } from './push-sender.service.ts';

let service: PushService;
let t: TestApp;
beforeAll(async () => ({ service, t } = await startPushTestApp()));
afterAll(() => closePushTestApp(t, service));

// What the app's push worker passes: its database and the environment buildTestApp parsed.
const deps = () => ({ db: t.db, env: parseEnv({ NODE_ENV: 'test', ...pushServiceEnv(service) }) });
const payload = (over: Partial<PushPayload> = {}): PushPayload => ({
  kind: 'message',
  title: 'Amina',
  body: 'Mbote! On se voit ce soir ?',
  tag: 'message:0c7e',
  url: '/messages/0c7e',
  count: 1,
  at: 1_764_000_000_000,
  ...over,
});
const options = { urgency: 'high', ttlSeconds: 3600 } as const;
const tokensOf = (userId: string) => t.db.select().from(pushTokens).where(eq(pushTokens.userId, userId));

describe('pushToMember', () => {
  it('sends the payload to each live device of the member, encrypted for it and signed with VAPID', async () => {
    const member = await createMember(t);
    const phone = await subscribeDevice(t, service, member.cookie);
    const laptop = await subscribeDevice(t, service, (await newSession(t, member.user.id)).cookie);
    const topic = pushTopic('0c7e8f2a-1b2c-4d5e-8f90-a1b2c3d4e5f6');

    const result = await pushToMember(deps(), member.user.id, payload(), { ...options, topic });

    expect(result).toEqual({ sent: 2, gone: 0, failed: 0 });
    for (const device of [phone, laptop]) {
      const push = await service.next(device.endpoint, 2000);
      expect(JSON.parse(push.payload)).toEqual(payload());
      expect(push.headers).toEqual({ ttl: 3600, topic: '0c7e8f2a1b2c4d5e8f90a1b2c3d4e5f6', urgency: 'high' });
      expect(push.subject).toBe('mailto:support@motema.app');
    }
  });

  it('deletes the token a push service answers 410 or 404 for, and keeps sending to the others', async () => {
    const member = await createMember(t);
    const gone = await subscribeDevice(t, service, member.cookie);
    const kept = await subscribeDevice(t, service, (await newSession(t, member.user.id)).cookie);
    service.expire(gone.endpoint);

    const result = await pushToMember(deps(), member.user.id, payload(), options);

    expect(result).toEqual({ sent: 1, gone: 1, failed: 0 });
    expect((await tokensOf(member.user.id)).map((row) => row.token)).toEqual([kept.endpoint]);
    expect(JSON.parse((await service.next(kept.endpoint, 2000)).payload)).toMatchObject({ title: 'Amina' });
  });

  it('counts a refusal or an unreachable push service as failed and keeps the token', async () => {
    const member = await createMember(t);
    const device = await subscribeDevice(t, service, member.cookie);
    service.failWith(device.endpoint, 503);

    expect(await pushToMember(deps(), member.user.id, payload(), options)).toEqual({
      sent: 0,
      gone: 0,
      failed: 1,
    });
    expect(await tokensOf(member.user.id)).toHaveLength(1);
    service.failWith(device.endpoint, null);
  });

  it('gives up on a push service that does not answer, without holding up the member’s other devices', async () => {
    const member = await createMember(t);
    const unreachable = await subscribeDevice(t, service, member.cookie);
    const reachable = await subscribeDevice(t, service, (await newSession(t, member.user.id)).cookie);
    service.failWith(unreachable.endpoint, 'hang');

    const result = await pushToMember(deps(), member.user.id, payload(), { ...options, timeoutMs: 300 });

    expect(result).toEqual({ sent: 1, gone: 0, failed: 1 });
    expect(service.received(reachable.endpoint)).toHaveLength(1);
    expect(await tokensOf(member.user.id)).toHaveLength(2);
    service.failWith(unreachable.endpoint, null);
  });

  it('never sends to the token of a revoked session, and deletes it', async () => {
    const member = await createMember(t);
    const other = await newSession(t, member.user.id);
    const revoked = await subscribeDevice(t, service, other.cookie);
    const live = await subscribeDevice(t, service, member.cookie);
    await revokeSession(t.db, other.sessionId);
    // A token from before tokens were tied to sessions and kept with their keys: never sendable.
    await t.db
      .insert(pushTokens)
      .values({ userId: member.user.id, platform: 'web', token: `${service.origin}/push/old` });

    const result = await pushToMember(deps(), member.user.id, payload(), options);

    expect(result).toEqual({ sent: 1, gone: 0, failed: 0 });
    expect(service.received(revoked.endpoint)).toEqual([]);
    expect(service.received(live.endpoint)).toHaveLength(1);
    expect((await tokensOf(member.user.id)).map((row) => row.token)).toEqual([live.endpoint]);
  });

  it('never reaches another member’s device, even one that was this member’s before (Z1)', async () => {
    const amina = await createMember(t);
    const bola = await createMember(t);
    const bolasOwn = await subscribeDevice(t, service, bola.cookie);
    // A shared browser: Amina's subscription, then Bola logs in on it and registers the same one.
    const shared = await subscribeDevice(t, service, amina.cookie);
    const again = await asMember(t, bola.cookie)('POST', '/api/push-tokens', { web: shared });
    expect(again.statusCode).toBe(204);

    expect(await pushToMember(deps(), amina.user.id, payload(), options)).toEqual({
      sent: 0,
      gone: 0,
      failed: 0,
    });
    expect(service.received(shared.endpoint)).toEqual([]);
    expect(service.received(bolasOwn.endpoint)).toEqual([]);
  });

  it('keeps Android and iOS tokens but sends nothing to them (no native app yet)', async () => {
    const member = await createMember(t);
    const android = await asMember(t, member.cookie)('POST', '/api/push-tokens', { android: 'fcm-token-1' });
    expect(android.statusCode).toBe(204);

    expect(await pushToMember(deps(), member.user.id, payload(), options)).toEqual({
      sent: 0,
      gone: 0,
      failed: 0,
    });
    expect((await tokensOf(member.user.id)).map((row) => row.platform)).toEqual(['android']);
  });

  it('refuses a payload outside PushPayloadSchema before anything is sent', async () => {
    const member = await createMember(t);
    await expect(
      pushToMember(deps(), member.user.id, payload({ url: 'https://evil.example/' }), options),
    ).rejects.toThrow();
  });
});
