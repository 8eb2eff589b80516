// @slow-tier sends real pushes to the local push service through the worker's jobs.
import { sql } from 'drizzle-orm';
import { PUSH_MAX_PER_HOUR, type NotificationSettingsUpdate } from '@motema/shared/notifications';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../../lib/clock.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { chatPair, sent, textMessage } from '../../../test/chat-factories.ts';
import { createProfile, rate } from '../../../test/discovery-factories.ts';
import { asMember, type Member } from '../../../test/factories.ts';
import {
  closePushTestApp,
  nextPayload,
  pushJobsDone,
  startPushTestApp,
  subscribeDevice,
  type PushService,
  type SimSubscription,
} from '../../../test/push-service.ts';
import { buildBlock } from '../../../test/safety-factories.ts';
import { emitAck, socketClients, type ClientSocket } from '../../../test/socket-test-bed.ts';
import { minuteOfDayIn } from './quiet-hours.ts';

// Through the real triggers (a message sent over a socket, a rating, a profile opened), the real
// queue and worker, and the local push service: what each device received is decrypted and read.

let service: PushService;
let t: TestApp;
let url: string;
const sockets = socketClients();
beforeAll(async () => {
  ({ service, t } = await startPushTestApp());
  url = await t.listen();
});
afterAll(() => closePushTestApp(t, service));
afterEach(() => clock.reset());

const PUSH_WAIT_MS = 15_000;
const payloadOf = (device: SimSubscription) => nextPayload(service, device);
const choose = async (member: Member, settings: NotificationSettingsUpdate) => {
  const res = await asMember(t, member.cookie)('PUT', '/api/notifications/settings', settings);
  expect(res.statusCode).toBe(200);
};

/** Waits until the member's push jobs of a kind are all done (test/push-service.ts). */
const jobsDone = (userId: string, kind: string, count = 1) =>
  pushJobsDone(t, userId, kind, count, PUSH_WAIT_MS);
const deliveriesOf = async (userId: string) =>
  (await t.db.execute<{ tag: string }>(sql`SELECT tag FROM push_deliveries WHERE user_id = ${userId}`)).rows;

/** Two members in a conversation, the first with a device registered for push, the second's socket. */
async function chatWithDevice(language: 'en' | 'fr' = 'en') {
  const { a, b, conversationId } = await chatPair(t);
  await t.db.execute(sql`UPDATE users SET language = ${language} WHERE id = ${a.user.id}`);
  const device = await subscribeDevice(t, service, a.cookie);
  const socket: ClientSocket = await sockets.open(url, b.cookie);
  const say = (text: string) => sent(socket, textMessage(conversationId, text));
  return { a, b, conversationId, device, say };
}

describe('message pushes', () => {
  it('tell the sender’s name and the text, open the conversation, replace each other (tag, Topic)', async () => {
    const { conversationId, device, say } = await chatWithDevice('en');
    await say('Mbote! On se voit ce soir ?');

    const push = await service.next(device.endpoint, PUSH_WAIT_MS);
    expect(JSON.parse(push.payload)).toEqual({
      kind: 'message',
      title: 'Bolingo',
      body: 'Mbote! On se voit ce soir ?',
      tag: `message:${conversationId}`,
      url: `/messages/${conversationId}`,
      count: 1,
      at: expect.any(Number),
    });
    expect(push.headers).toMatchObject({ topic: conversationId.replaceAll('-', ''), urgency: 'high' });
  });

  it('make a burst of five one push counting five', async () => {
    const { a, conversationId, device, say } = await chatWithDevice('fr');
    for (let i = 1; i <= 5; i++) await say(`message ${i}`);

    expect(await payloadOf(device)).toMatchObject({
      title: 'Bolingo',
      body: '5\u00a0nouveaux messages\nmessage 5',
      tag: `message:${conversationId}`,
      count: 5,
    });
    expect(await jobsDone(a.user.id, 'message')).toBe(1);
    expect(service.received(device.endpoint)).toHaveLength(1);
  });

  it('say neither name nor text when the member chose discreet pushes', async () => {
    const { a, device, say } = await chatWithDevice('en');
    await choose(a, { discreet: true });
    await say('Mbote! On se voit ce soir ?');

    const payload = await payloadOf(device);
    expect(payload).toMatchObject({ title: 'Motema', body: 'You have a new message', count: 1 });
    expect(JSON.stringify(payload)).not.toMatch(/Bolingo|Mbote/);
  });

  it('say neither name nor text in discreet mode, set in Settings > Privacy (one setting)', async () => {
    const { a, device, say } = await chatWithDevice('fr');
    const res = await asMember(t, a.cookie)('PATCH', '/api/users/privacy', { discreet: true });
    expect(res.statusCode).toBe(200);
    await say('Mbote! On se voit ce soir ?');

    const payload = await payloadOf(device);
    expect(payload).toMatchObject({ title: 'Motema', body: 'Vous avez un nouveau message', count: 1 });
    expect(JSON.stringify(payload)).not.toMatch(/Bolingo|Mbote/);
  });

  it('send nothing once the message was read on another device before the push went', async () => {
    const { a, conversationId, device, say } = await chatWithDevice();
    const message = await say('Mbote!');
    // The member's laptop reads it while the push waits for the rest of a burst.
    const laptop = await sockets.open(url, a.cookie);
    expect(await emitAck(laptop, 'chats:messages:read', { conversationId, seq: message.seq })).toEqual({
      ok: true,
    });

    expect(await jobsDone(a.user.id, 'message')).toBe(1);
    expect(await deliveriesOf(a.user.id)).toEqual([]);
    expect(service.received(device.endpoint)).toEqual([]);
  });

  it('send nothing across a block made before the push went', async () => {
    const { a, b, device, say } = await chatWithDevice();
    await say('Mbote!');
    await buildBlock(t, { blocker: a, blocked: b });

    expect(await jobsDone(a.user.id, 'message')).toBe(1);
    expect(await deliveriesOf(a.user.id)).toEqual([]);
    expect(service.received(device.endpoint)).toEqual([]);
  });

  it('send nothing of a kind the member switched off', async () => {
    const { a, device, say } = await chatWithDevice();
    await choose(a, { push: ['match'] });
    await say('Mbote!');

    expect(await jobsDone(a.user.id, 'message')).toBe(1);
    expect(await deliveriesOf(a.user.id)).toEqual([]);
    expect(service.received(device.endpoint)).toEqual([]);
  });
});

describe('quiet hours', () => {
  it('hold the pushes in the member’s time zone (across midnight) and send them, grouped, once they end', async () => {
    const { a, conversationId, device, say } = await chatWithDevice('en');
    // 45 s into a minute on the member's clock; quiet hours from the minute after next to the end of
    // this one, going round midnight (the start comes after the end): quiet now, over in 15 s.
    const now = clock.now().getTime();
    clock.advance((45_000 - (now % 60_000) + 60_000) % 60_000);
    const timeZone = 'Asia/Tokyo';
    const minute = minuteOfDayIn(clock.now(), timeZone);
    const start = (minute + 2) % 1440;
    const end = (minute + 1) % 1440;
    await choose(a, { quietHours: { start, end }, timeZone });
    const endsAt = clock.now().getTime() - (clock.now().getTime() % 60_000) + 60_000;

    await say('Bonne nuit');
    await say('Tu dors ?');
    const push = await service.next(device.endpoint, 30_000);

    // Unheld, it would have gone some 3 s after the messages, long before the end.
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(endsAt);
    expect(JSON.parse(push.payload)).toMatchObject({ tag: `message:${conversationId}`, count: 2 });
    expect(service.received(device.endpoint)).toHaveLength(1);
    // One job for both messages, held: sent again for the end of the quiet hours.
    expect(await jobsDone(a.user.id, 'message', 2)).toBe(2);
  }, 40_000);
});

describe('ratings, matches and visits', () => {
  const profileWithDevice = async (language: 'en' | 'fr', push: NotificationSettingsUpdate['push']) => {
    const member = await createProfile(t, { language });
    const device = await subscribeDevice(t, service, member.cookie);
    if (push) await choose(member, { push });
    return { member, device };
  };

  it('tell a like (asked for) and then the match, in French, each opening the other’s profile', async () => {
    const { member: rated, device } = await profileWithDevice('fr', ['match', 'like']);
    const rater = await createProfile(t, { firstName: 'Amani', language: 'en' });

    expect((await rate(t, rater, rated, 5)).statusCode).toBe(200);
    expect(await payloadOf(device)).toEqual({
      kind: 'like',
      title: 'Amani vous apprécie',
      body: 'Allez voir son profil.',
      tag: `like:${rater.user.id}`,
      url: `/profile/${rater.user.id}`,
      count: 1,
      at: expect.any(Number),
    });

    const raterDevice = await subscribeDevice(t, service, rater.cookie);
    expect((await rate(t, rated, rater, 4)).statusCode).toBe(200);
    expect(await payloadOf(device)).toMatchObject({
      kind: 'match',
      title: 'C’est un match\u00a0!',
      body: `Vous vous plaisez, Amani et vous. Dites bonjour\u00a0!`,
      url: `/profile/${rater.user.id}`,
    });
    // The rater had likes off (the default) but matches on: the match only.
    const theirs = await payloadOf(raterDevice);
    expect(theirs).toMatchObject({ kind: 'match', title: 'It’s a match!', url: `/profile/${rated.user.id}` });
    expect(service.received(raterDevice.endpoint)).toHaveLength(1);
  });

  it('tell nothing of a low rating, and a like or a visit only to who asked for them', async () => {
    const { member: rated, device } = await profileWithDevice('en', undefined);
    const rater = await createProfile(t, { firstName: 'Amani' });
    expect((await rate(t, rater, rated, 3)).statusCode).toBe(200);
    expect((await rate(t, rater, rated, 5)).statusCode).toBe(200);
    expect((await asMember(t, rater.cookie)('GET', `/api/users/${rated.user.id}`)).statusCode).toBe(200);

    expect(await jobsDone(rated.user.id, 'like')).toBe(1);
    expect(await deliveriesOf(rated.user.id)).toEqual([]);
    expect(await jobsDone(rated.user.id, 'visit')).toBe(1);
    expect(await deliveriesOf(rated.user.id)).toEqual([]);
    expect(service.received(device.endpoint)).toEqual([]);
  });

  it('tell a visit, once a day', async () => {
    const { member: visited, device } = await profileWithDevice('en', ['visit']);
    const visitor = await createProfile(t, { firstName: 'Amani' });
    for (let i = 0; i < 2; i++) {
      expect((await asMember(t, visitor.cookie)('GET', `/api/users/${visited.user.id}`)).statusCode).toBe(
        200,
      );
    }

    expect(await payloadOf(device)).toMatchObject({
      kind: 'visit',
      title: 'Amani visited your profile',
      url: `/profile/${visitor.user.id}`,
      tag: `visit:${visitor.user.id}`,
    });
    expect(await jobsDone(visited.user.id, 'visit')).toBe(1);
  });
});

describe('the hourly limit', () => {
  it(`sends at most ${PUSH_MAX_PER_HOUR} pushes an hour: past them, a visit or a new conversation gets none`, async () => {
    const visited = await createProfile(t);
    await choose(visited, { push: ['visit'] });
    const device = await subscribeDevice(t, service, visited.cookie);
    const visitors = await Promise.all(
      Array.from({ length: PUSH_MAX_PER_HOUR + 1 }, () => createProfile(t, { firstName: 'Amani' })),
    );
    for (const visitor of visitors) {
      expect((await asMember(t, visitor.cookie)('GET', `/api/users/${visited.user.id}`)).statusCode).toBe(
        200,
      );
    }
    expect(await jobsDone(visited.user.id, 'visit', visitors.length)).toBe(visitors.length);
    expect(service.received(device.endpoint)).toHaveLength(PUSH_MAX_PER_HOUR);
    expect(await deliveriesOf(visited.user.id)).toHaveLength(PUSH_MAX_PER_HOUR);

    // A conversation's pushes replace each other: the first is over the limit, its next one too.
    const { b, conversationId } = await (async () => {
      const other = await createProfile(t, { firstName: 'Bolingo' });
      const res = await asMember(t, other.cookie)('POST', '/api/conversations', { user: visited.user.id });
      expect(res.statusCode).toBe(200);
      return { b: other, conversationId: res.json<{ conversation: { _id: string } }>().conversation._id };
    })();
    const socket = await sockets.open(url, b.cookie);
    await sent(socket, textMessage(conversationId, 'Mbote!'));
    expect(await jobsDone(visited.user.id, 'message')).toBe(1);
    expect(service.received(device.endpoint)).toHaveLength(PUSH_MAX_PER_HOUR);
  });

  it('lets a conversation’s next push through once its first went, whatever came between', async () => {
    const { a, conversationId, device, say } = await chatWithDevice();
    await say('Mbote!');
    expect(await payloadOf(device)).toMatchObject({ count: 1 });
    // The hour's other pushes fill the limit (recorded as the worker records them).
    const tags = Array.from({ length: PUSH_MAX_PER_HOUR - 1 }, (_, i) => `visit:${i}`);
    for (const tag of tags) {
      await t.db.execute(
        sql`INSERT INTO push_deliveries (user_id, kind, tag) VALUES (${a.user.id}, 'visit', ${tag})`,
      );
    }
    await say('Tu es là ?');
    expect(await payloadOf(device)).toMatchObject({ tag: `message:${conversationId}`, count: 2 });
  });
});
