import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../db/client.ts';
import { pushTokens, vapidKeys } from '../../../db/schema.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { asMember, createMember, newSession } from '../../../test/factories.ts';
import { randomIp } from '../../../test/net.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import {
  closePushTestApp,
  startPushTestApp,
  subscribeDevice,
  type PushService,
} from '../../../test/push-service.ts';
import { PUSH_TOKENS_MAX } from './push-tokens.service.ts';
import { vapidDetailsOf } from './vapid-keys.service.ts';

let service: PushService;
let t: TestApp;
beforeAll(async () => ({ service, t } = await startPushTestApp()));
afterAll(() => closePushTestApp(t, service));

const tokensOf = (userId: string) => t.db.select().from(pushTokens).where(eq(pushTokens.userId, userId));
/** A subscription as a browser's toJSON() gives it, at `endpoint`. */
const webAt = (endpoint: string) => ({ web: { ...service.subscribe(), endpoint } });
const env = { PUSH_SERVICE_ORIGINS: [], VAPID_SUBJECT: undefined, PUBLIC_URL: undefined };

describe('GET /api/push-tokens/vapidKeys', () => {
  it('answers the public key (65 bytes, uncompressed P-256), the same on every call, to members only', async () => {
    const member = await createMember(t);
    const first = await asMember(t, member.cookie)('GET', '/api/push-tokens/vapidKeys');
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
    const again = await asMember(t, (await createMember(t)).cookie)('GET', '/api/push-tokens/vapidKeys');
    expect(again.json()).toEqual({ publicKey });
    const [row] = await t.db.select().from(vapidKeys);
    expect(row?.publicKey).toBe(publicKey);
    expect(first.body).not.toContain(row?.privateKey);

    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/push-tokens/vapidKeys',
      remoteAddress: randomIp(),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives two servers starting together on one database the same keys, and a later one too', async () => {
    // A database without keys yet, and nodes with clients of their own (each caches per client).
    const database = await createTestDatabase();
    const nodes = [0, 1, 2].map(() => connectDatabase(database.url, { max: 2 }));
    try {
      const [a, b] = await Promise.all(nodes.slice(0, 2).map((node) => vapidDetailsOf({ db: node.db, env })));
      expect(a?.publicKey).toBeTruthy();
      expect(b).toEqual(a);
      expect(await vapidDetailsOf({ db: nodes[2]!.db, env })).toEqual(a);
      expect(await database.db.select().from(vapidKeys)).toHaveLength(1);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await database.close();
    }
  });

  it('names the server in the VAPID subject: VAPID_SUBJECT, else support at PUBLIC_URL’s host', async () => {
    const { vapidSubject } = await import('./vapid-keys.service.ts');
    expect(vapidSubject({ VAPID_SUBJECT: 'https://motema.app/contact', PUBLIC_URL: undefined })).toBe(
      'https://motema.app/contact',
    );
    expect(vapidSubject({ VAPID_SUBJECT: undefined, PUBLIC_URL: 'https://rencontres.motema.cd/' })).toBe(
      'mailto:support@rencontres.motema.cd',
    );
    expect(vapidSubject({ VAPID_SUBJECT: undefined, PUBLIC_URL: 'http://localhost:3000' })).toBe(
      'mailto:support@motema.app',
    );
  });
});

describe('POST /api/push-tokens', () => {
  it('stores a web subscription with its keys for the session, and android and ios tokens', async () => {
    const member = await createMember(t);
    const subscription = await subscribeDevice(t, service, member.cookie);
    const as = asMember(t, member.cookie);
    expect((await as('POST', '/api/push-tokens', { android: 'fcm-native-token' })).statusCode).toBe(204);
    expect((await as('POST', '/api/push-tokens', { ios: 'apns-native-token' })).statusCode).toBe(204);

    const rows = await tokensOf(member.user.id);
    expect(
      rows.map(({ platform, token, p256dh, auth, sessionId }) => ({
        platform,
        token,
        p256dh,
        auth,
        sessionId,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          platform: 'web',
          token: subscription.endpoint,
          ...subscription.keys,
          sessionId: member.sessionId,
        },
        {
          platform: 'android',
          token: 'fcm-native-token',
          p256dh: null,
          auth: null,
          sessionId: member.sessionId,
        },
        {
          platform: 'ios',
          token: 'apns-native-token',
          p256dh: null,
          auth: null,
          sessionId: member.sessionId,
        },
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it('accepts the known push services’ HTTPS endpoints', async () => {
    const member = await createMember(t);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/cXk3:APA91bH',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QOb7wRkMPdh',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      const res = await asMember(t, member.cookie)('POST', '/api/push-tokens', webAt(endpoint));
      expect(res.statusCode, endpoint).toBe(204);
    }
  });

  it('refuses any other endpoint with push_endpoint_invalid: the server would post to it', async () => {
    const member = await createMember(t);
    for (const endpoint of [
      'http://127.0.0.1:5432/',
      'https://evil.example/',
      'file:///etc/passwd',
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      'https://notify.windows.com/w/',
      `${service.origin.replace('127.0.0.1', 'localhost')}/push/x`,
      'not a url',
    ]) {
      const res = await asMember(t, member.cookie)('POST', '/api/push-tokens', webAt(endpoint));
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toMatchObject({
        code: 'validation_failed',
        issues: [{ path: 'web.endpoint', code: 'push_endpoint_invalid' }],
      });
    }
    expect(await tokensOf(member.user.id)).toEqual([]);
  });

  it('refuses malformed bodies with their codes', async () => {
    const member = await createMember(t);
    const as = asMember(t, member.cookie);
    const good = service.subscribe();
    const cases: [object, string][] = [
      [{ web: { ...good, keys: { ...good.keys, p256dh: 'short' } } }, 'push_keys_invalid'],
      [{ web: { ...good, keys: { ...good.keys, auth: 'a b' } } }, 'push_keys_invalid'],
      [{ android: '' }, 'push_token_invalid'],
      [{ ios: 'x'.repeat(4097) }, 'push_token_invalid'],
    ];
    for (const [body, code] of cases) {
      const res = await as('POST', '/api/push-tokens', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(res.json().issues)).toContain(code);
    }
    for (const body of [{}, { web: good, android: 'x' }, { windows: 'x' }]) {
      expect((await as('POST', '/api/push-tokens', body)).statusCode).toBe(400);
    }
    expect(await tokensOf(member.user.id)).toEqual([]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/push-tokens',
      remoteAddress: randomIp(),
      payload: { android: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('moves a token registered again to the member and session now logged in on that browser', async () => {
    const amina = await createMember(t);
    const bola = await createMember(t);
    const subscription = await subscribeDevice(t, service, amina.cookie);
    expect(
      (await asMember(t, bola.cookie)('POST', '/api/push-tokens', { web: subscription })).statusCode,
    ).toBe(204);

    expect(await tokensOf(amina.user.id)).toEqual([]);
    const [moved] = await tokensOf(bola.user.id);
    expect(moved).toMatchObject({ token: subscription.endpoint, sessionId: bola.sessionId });
  });

  it(`keeps the member’s ${PUSH_TOKENS_MAX} newest tokens: the oldest go`, async () => {
    const member = await createMember(t);
    const as = asMember(t, member.cookie);
    for (let i = 0; i < PUSH_TOKENS_MAX + 2; i += 1) {
      expect((await as('POST', '/api/push-tokens', { android: `device-${i}` })).statusCode).toBe(204);
    }
    const kept = (await tokensOf(member.user.id)).map((row) => row.token).sort();
    expect(kept).toHaveLength(PUSH_TOKENS_MAX);
    expect(kept).not.toContain('device-0');
    expect(kept).not.toContain('device-1');
    expect(kept).toContain(`device-${PUSH_TOKENS_MAX + 1}`);
    // Another member's tokens are not counted with theirs.
    const other = await createMember(t);
    await asMember(t, other.cookie)('POST', '/api/push-tokens', { android: 'other-device' });
    expect(await tokensOf(member.user.id)).toHaveLength(PUSH_TOKENS_MAX);
  });

  it('is rate limited per member', async () => {
    const member = await createMember(t);
    const second = await newSession(t, member.user.id);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const cookie = i % 2 ? member.cookie : second.cookie;
      statuses.push(
        (await asMember(t, cookie)('POST', '/api/push-tokens', { android: `rl-${i}` })).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
  });
});
