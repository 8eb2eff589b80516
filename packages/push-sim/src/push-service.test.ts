import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushService, type SimSubscription } from './index.ts';

/** Sends as the app server does: web-push builds the request (aes128gcm, VAPID), fetch posts it. */
async function send(
  subscription: SimSubscription,
  payload: string,
  options: webpush.RequestOptions & { vapidDetails: webpush.VapidKeys & { subject: string } },
): Promise<Response> {
  const details = webpush.generateRequestDetails(subscription, payload, options);
  return fetch(details.endpoint, {
    method: details.method,
    headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
    body: details.body ?? undefined,
  });
}

const keys = webpush.generateVAPIDKeys();
const vapid = { vapidDetails: { subject: 'mailto:support@motema.app', ...keys } };

let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());

describe('the local push service', () => {
  it('answers a subscription shaped as PushSubscription.toJSON(), on itself', () => {
    const subscription = service.subscribe();
    expect(subscription.endpoint.startsWith(`${service.origin}/push/`)).toBe(true);
    expect(Buffer.from(subscription.keys.p256dh, 'base64url')).toHaveLength(65);
    expect(Buffer.from(subscription.keys.auth, 'base64url')).toHaveLength(16);
  });

  it('decrypts a payload web-push sent, and keeps TTL, Topic and Urgency', async () => {
    const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
    const text = JSON.stringify({ title: 'Amina', body: 'Mbote é à toi ✓'.repeat(20) });
    const response = await send(subscription, text, {
      ...vapid,
      TTL: 600,
      topic: 'conv123',
      urgency: 'high',
    });
    expect(response.status).toBe(201);
    const push = await service.next(subscription.endpoint, 1000);
    expect(push.payload).toBe(text);
    expect(push.headers).toEqual({ ttl: 600, topic: 'conv123', urgency: 'high' });
    expect(push.subject).toBe('mailto:support@motema.app');
    expect(service.received(subscription.endpoint)).toHaveLength(1);
  });

  it('next() waits for a push still to come and does not miss one that came before', async () => {
    const subscription = service.subscribe();
    await send(subscription, 'first', vapid);
    const waiting = service.next(subscription.endpoint, 2000);
    await expect(waiting).resolves.toMatchObject({ payload: 'first' });
    const later = service.next(subscription.endpoint, 2000);
    await send(subscription, 'second', vapid);
    await expect(later).resolves.toMatchObject({ payload: 'second' });
    await expect(service.next(subscription.endpoint, 50)).rejects.toThrow(/No push/);
  });

  it('refuses a push signed by a key other than the subscription’s (403) and a bad signature (401)', async () => {
    const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
    const other = webpush.generateVAPIDKeys();
    const wrongKey = await send(subscription, 'x', { vapidDetails: { subject: 'mailto:a@b.c', ...other } });
    expect(wrongKey.status).toBe(403);
    // The JWT signed by one key but presented with another's public key: the signature fails.
    const details = webpush.generateRequestDetails(subscription, 'x', {
      vapidDetails: { subject: 'mailto:a@b.c', ...other },
    });
    const forged = String(details.headers.Authorization).replace(/k=.*$/, `k=${keys.publicKey}`);
    const badSignature = await fetch(details.endpoint, {
      method: 'POST',
      headers: { ...stringHeaders(details.headers), Authorization: forged },
      body: details.body ?? undefined,
    });
    expect(badSignature.status).toBe(401);
    expect(service.received(subscription.endpoint)).toHaveLength(0);
  });

  it('refuses a push without VAPID (401), without TTL (400), and a JWT for another audience (403)', async () => {
    const subscription = service.subscribe();
    const details = webpush.generateRequestDetails(subscription, 'x', vapid);
    const headers = stringHeaders(details.headers);
    const noAuth = await fetch(details.endpoint, {
      method: 'POST',
      headers: { ...headers, Authorization: '' },
      body: details.body ?? undefined,
    });
    expect(noAuth.status).toBe(401);
    const { TTL: _ttl, ...withoutTtl } = headers;
    const noTtl = await fetch(details.endpoint, {
      method: 'POST',
      headers: withoutTtl,
      body: details.body ?? undefined,
    });
    expect(noTtl.status).toBe(400);
    // web-push takes the audience from the endpoint: one naming another origin signs for that origin.
    const elsewhere = webpush.generateRequestDetails(
      { ...subscription, endpoint: subscription.endpoint.replace('127.0.0.1', 'localhost') },
      'x',
      vapid,
    );
    const wrongAudience = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: stringHeaders(elsewhere.headers),
      body: elsewhere.body ?? undefined,
    });
    expect(wrongAudience.status).toBe(403);
  });

  it('refuses a payload encrypted for another subscription (400)', async () => {
    const mine = service.subscribe();
    const theirs = service.subscribe();
    const details = webpush.generateRequestDetails(theirs, 'secret', vapid);
    const response = await fetch(mine.endpoint, {
      method: 'POST',
      headers: stringHeaders(webpush.generateRequestDetails(mine, 'secret', vapid).headers),
      body: details.body ?? undefined,
    });
    expect(response.status).toBe(400);
  });

  it('answers 410 once a subscription expired, 404 for an unknown one, and what failWith says', async () => {
    const subscription = service.subscribe();
    service.expire(subscription.endpoint);
    expect((await send(subscription, 'x', vapid)).status).toBe(410);
    const unknown = { ...subscription, endpoint: `${service.origin}/push/nobody` };
    expect((await send(unknown, 'x', vapid)).status).toBe(404);
    const failing = service.subscribe();
    service.failWith(failing.endpoint, 503);
    expect((await send(failing, 'x', vapid)).status).toBe(503);
    service.failWith(failing.endpoint, null);
    expect((await send(failing, 'x', vapid)).status).toBe(201);
  });

  it('serves a control API for another process: a subscription, its messages, expiry', async () => {
    const made = await fetch(`${service.origin}/__sim/subscriptions`, { method: 'POST' });
    expect(made.status).toBe(201);
    const subscription = (await made.json()) as SimSubscription;
    await send(subscription, 'over http', vapid);
    const id = subscription.endpoint.split('/').pop();
    const messages = await fetch(`${service.origin}/__sim/subscriptions/${id}/messages`);
    expect(await messages.json()).toMatchObject([{ payload: 'over http' }]);
    await fetch(`${service.origin}/__sim/subscriptions/${id}/expire`, { method: 'POST' });
    expect((await send(subscription, 'x', vapid)).status).toBe(410);
  });
});

function stringHeaders(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)]));
}
