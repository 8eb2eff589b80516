import apn from '@parse/node-apn';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAccountAssertion } from '../features/notifications/push/fcm-access-token.ts';
import {
  closeNativePushServices,
  startNativePushServices,
  type NativePushServices,
} from './native-push-services.ts';

// The local FCM and APNs services refuse what the real ones refuse: a test passing against them
// means the server signed, authorised and addressed its pushes right.

let services: NativePushServices;
beforeAll(async () => (services = await startNativePushServices()));
afterAll(() => closeNativePushServices(services));

const otherKey = (type: 'rsa' | 'ec') =>
  (type === 'rsa'
    ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : generateKeyPairSync('ec', { namedCurve: 'P-256' })
  ).privateKey
    .export({ type: 'pkcs8', format: 'pem' })
    .toString();

describe('the local FCM service', () => {
  const exchange = (privateKey: string, over: { aud?: string } = {}) =>
    fetch(services.fcm.serviceAccount.token_uri, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: serviceAccountAssertion(
          {
            ...services.fcm.serviceAccount,
            private_key: privateKey,
            token_uri: over.aud ?? services.fcm.serviceAccount.token_uri,
          },
          Date.now(),
        ),
      }),
    });
  const send = (bearer: string, message: unknown, project = services.fcm.serviceAccount.project_id) =>
    fetch(`${services.fcm.origin}/v1/projects/${project}/messages:send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    });

  it('gives an access token only for an assertion signed with the service account’s key, for its endpoint', async () => {
    expect((await exchange(otherKey('rsa'))).status).toBe(400);
    expect(
      (await exchange(services.fcm.serviceAccount.private_key, { aud: 'https://elsewhere/token' })).status,
    ).toBe(400);
    const answer = await exchange(services.fcm.serviceAccount.private_key);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
  });

  it('sends only with a token it gave, to its project, a v1 message with string data', async () => {
    const { access_token: bearer } = (await (
      await exchange(services.fcm.serviceAccount.private_key)
    ).json()) as { access_token: string };
    const token = services.fcm.register();

    expect((await send('ya29.made-up', { token })).status).toBe(401);
    expect((await send(bearer, { token }, 'another-project')).status).toBe(403);
    expect((await send(bearer, { token, data: { count: 2 } })).status).toBe(400);
    expect((await send(bearer, { token, data: { count: '2' } })).status).toBe(200);
    expect(services.fcm.received(token)).toEqual([{ token, data: { count: '2' } }]);
  });
});

describe('the local APNs service', () => {
  const provider = (key: string) =>
    new apn.Provider({
      token: { key, keyId: services.apns.keyId, teamId: services.apns.teamId },
      address: services.apns.host,
      port: services.apns.port,
      ca: [services.ca],
    });
  const notification = (topic: string) =>
    Object.assign(new apn.Notification(), { topic, pushType: 'alert', alert: { title: 'T', body: 'B' } });

  it('refuses a provider token signed with another key than the .p8 it gave, and a token for another app', async () => {
    const token = services.apns.register();
    const stranger = provider(otherKey('ec'));
    const right = provider(services.apns.signingKey);
    try {
      const refused = await stranger.send(notification(services.apns.topic), token);
      expect(refused.failed[0]).toMatchObject({ status: 403, response: { reason: 'InvalidProviderToken' } });
      const elsewhere = await right.send(notification('app.other'), token);
      expect(elsewhere.failed[0]).toMatchObject({
        status: 400,
        response: { reason: 'DeviceTokenNotForTopic' },
      });
      expect(services.apns.received(token)).toEqual([]);
      expect((await right.send(notification(services.apns.topic), token)).sent).toHaveLength(1);
    } finally {
      await Promise.all([stranger.shutdown(), right.shutdown()]);
    }
  });
});
