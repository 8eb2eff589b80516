import { sql } from 'drizzle-orm';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { planOf, settledPayment } from '../../../test/billing-factories.ts';
import { createProfile } from '../../../test/discovery-factories.ts';
import { asMember } from '../../../test/factories.ts';
import { buildPost } from '../../../test/post-factories.ts';
import {
  closePushTestApp,
  nextPayload,
  startPushTestApp,
  subscribeDevice,
  type PushService,
  type SimSubscription,
} from '../../../test/push-service.ts';
import { PUSH_QUEUE } from '../push-jobs.ts';

// Pushes of the posts' and billing's events, through the real triggers, queue and worker, read
// decrypted at the local push service (messages, ratings and visits: push-worker.test.ts).

let service: PushService;
let t: TestApp;
beforeAll(async () => ({ service, t } = await startPushTestApp()));
afterAll(() => closePushTestApp(t, service));

const payloadOf = (device: SimSubscription) => nextPayload(service, device);

describe('post pushes', () => {
  it('tell the author, and only them, who asks to see a private post, and open the post', async () => {
    const author = await createProfile(t);
    const device = await subscribeDevice(t, service, author.cookie);
    const post = await buildPost(t, { author, visibility: 'private' });
    const asker = await createProfile(t, { firstName: 'Amani' });
    const askerDevice = await subscribeDevice(t, service, asker.cookie);

    expect((await asMember(t, asker.cookie)('POST', `/api/posts/${post.id}/requests`)).statusCode).toBe(201);
    expect(await payloadOf(device)).toEqual({
      kind: 'request',
      title: 'Amani asks to see your post',
      body: 'Accept or decline the request.',
      tag: `request:${post.id}`,
      url: `/post/${post.id}`,
      count: 1,
      at: expect.any(Number),
    });
    // Only the member told gets it, on their own devices (Z1).
    expect(service.received(askerDevice.endpoint)).toEqual([]);
  });

  it('tell the author a comment with its text, in French', async () => {
    const author = await createProfile(t, { language: 'fr' });
    const device = await subscribeDevice(t, service, author.cookie);
    const post = await buildPost(t, { author, visibility: 'public' });
    const commenter = await createProfile(t, { firstName: 'Amani' });

    const res = await asMember(t, commenter.cookie)('POST', `/api/posts/${post.id}/comments`, {
      text: 'Trop belle photo',
    });
    expect(res.statusCode).toBe(201);
    expect(await payloadOf(device)).toEqual({
      kind: 'comment',
      title: 'Amani a commenté votre publication',
      body: 'Trop belle photo',
      tag: `comment:${post.id}`,
      url: `/post/${post.id}`,
      count: 1,
      at: expect.any(Number),
    });
  });
});

describe('members without a device', () => {
  it('get no push job at all', async () => {
    const author = await createProfile(t);
    const post = await buildPost(t, { author, visibility: 'public' });
    const commenter = await createProfile(t, { firstName: 'Amani' });

    const res = await asMember(t, commenter.cookie)('POST', `/api/posts/${post.id}/comments`, {
      text: 'Trop belle photo',
    });
    expect(res.statusCode).toBe(201);
    // The comment's subscribers ran before the answer: a job would be there already.
    const jobs = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${PUSH_QUEUE} AND data->>'userId' = ${author.user.id}`,
    );
    expect(jobs.rows[0]!.n).toBe(0);
  });
});

describe('payment pushes', () => {
  it('tell the member their payment went through, open their subscriptions, and keep a day of deliveries', async () => {
    const member = await createProfile(t);
    const device = await subscribeDevice(t, service, member.cookie);
    const payment = await settledPayment(t.db, member.user.id, await planOf(t.db, 'week'));
    // A push of the day before, and one of an hour ago: a day's deliveries are kept, no more.
    await t.db.execute(sql`INSERT INTO push_deliveries (user_id, kind, tag, sent_at) VALUES
      (${member.user.id}, 'match', 'match:old', now() - interval '25 hours'),
      (${member.user.id}, 'match', 'match:recent', now() - interval '1 hour')`);

    // What the payments' reconciliation tells once a payment settled.
    await t.app.deps.events.emit('payment.settled', {
      paymentId: payment.id,
      userId: member.user.id,
      status: 'succeeded',
    });
    expect(await payloadOf(device)).toEqual({
      kind: 'payment',
      title: 'Payment confirmed',
      body: 'Thank you! Your purchase is active.',
      tag: `payment:${payment.id}`,
      url: '/premium/subscriptions',
      count: 1,
      at: expect.any(Number),
    });
    const kept = await t.db.execute<{ tag: string }>(
      sql`SELECT tag FROM push_deliveries WHERE user_id = ${member.user.id} ORDER BY sent_at`,
    );
    expect(kept.rows.map((row) => row.tag)).toEqual(['match:recent', `payment:${payment.id}`]);
  });
});
