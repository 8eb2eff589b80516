import { sql } from 'drizzle-orm';
import { PUSH_MAX_PER_HOUR, type NotificationSettingsUpdate } from '@motema/shared/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildMessage, chatPair, type BuiltConversation } from '../../../test/chat-factories.ts';
import { createProfile, rate } from '../../../test/discovery-factories.ts';
import { asMember, type Member } from '../../../test/factories.ts';
import {
  closeNativePushServices,
  nativePushEnv,
  registerPhone,
  startNativePushServices,
  type NativePushServices,
} from '../../../test/native-push-services.ts';
import { pushJobsDone } from '../../../test/push-service.ts';
import { handlePushJob } from './push-worker.service.ts';
import { minuteOfDayIn } from './quiet-hours.ts';

// The push worker's decisions (the member's language, discreet mode, quiet hours, the hourly limit)
// reaching Android and iOS phones through the local FCM and APNs services: the worker decides once,
// each adapter only delivers. Jobs are handled here directly: no trigger, no waiting on the queue.

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

const choose = async (member: Member, settings: NotificationSettingsUpdate) => {
  const res = await asMember(t, member.cookie)('PUT', '/api/notifications/settings', settings);
  expect(res.statusCode).toBe(200);
};

/** A member with an Android and an iOS phone, and a message from Bolingo they have not read. */
async function messagedMember(language: 'en' | 'fr', text = 'Mbote! On se voit ce soir ?') {
  const { a: member, b: sender, conversationId } = await chatPair(t);
  await t.db.execute(sql`UPDATE users SET language = ${language} WHERE id = ${member.user.id}`);
  const conversation = { id: conversationId, members: [sender, member] } as BuiltConversation;
  // Counted unread as the chat's send counts it (buildMessage writes the message row only).
  const more = async (next: string) => {
    await buildMessage(t, { conversation, sender, text: next });
    await t.db.execute(sql`UPDATE conversation_members SET unread_count = unread_count + 1
                           WHERE conversation_id = ${conversationId} AND user_id = ${member.user.id}`);
  };
  await more(text);
  const android = await registerPhone(t, services, member.cookie, 'android');
  const ios = await registerPhone(t, services, member.cookie, 'ios');
  const job = { userId: member.user.id, kind: 'message' as const, ref: conversation.id };
  return { member, conversationId: conversation.id, android, ios, job, more };
}

describe('message pushes on Android and iOS', () => {
  it('tell the sender’s name and the text in the member’s language, and open the conversation', async () => {
    const { conversationId, android, ios, job, more } = await messagedMember('fr', 'Tu viens ?');
    await more('Réponds vite');

    expect(await handlePushJob(t.app.deps, job)).toEqual({ outcome: 'sent', sent: 2, gone: 0, failed: 0 });
    const [fcm] = services.fcm.received(android);
    expect(fcm?.notification).toEqual({ title: 'Bolingo', body: '2\u00a0nouveaux messages\nRéponds vite' });
    expect(fcm?.data).toMatchObject({ url: `/messages/${conversationId}`, count: '2' });
    const [apns] = services.apns.received(ios);
    expect(apns?.payload.aps.alert).toEqual({
      title: 'Bolingo',
      body: '2\u00a0nouveaux messages\nRéponds vite',
    });
    expect(apns?.payload).toMatchObject({ url: `/messages/${conversationId}`, count: 2 });
  });

  it('carry the neutral text only in discreet mode: no name, no text, in the notification nor in its data', async () => {
    const { member, conversationId, android, ios, job } = await messagedMember('en');
    const res = await asMember(t, member.cookie)('PATCH', '/api/users/privacy', { discreet: true });
    expect(res.statusCode).toBe(200);

    expect(await handlePushJob(t.app.deps, job)).toMatchObject({ outcome: 'sent', sent: 2 });
    const neutral = { title: 'Motema', body: 'You have a new message' };
    const [fcm] = services.fcm.received(android);
    expect(fcm).toEqual({
      token: android,
      notification: neutral,
      data: {
        kind: 'message',
        url: `/messages/${conversationId}`,
        tag: `message:${conversationId}`,
        count: '1',
        at: expect.any(String),
      },
      android: expect.objectContaining({
        notification: { tag: `message:${conversationId}`, notification_count: 1 },
      }),
    });
    const [apns] = services.apns.received(ios);
    expect(apns?.payload).toEqual({
      aps: { alert: neutral, sound: 'default', 'thread-id': `message:${conversationId}` },
      kind: 'message',
      url: `/messages/${conversationId}`,
      tag: `message:${conversationId}`,
      count: 1,
      at: expect.any(Number),
    });
    for (const sent of [fcm, apns]) expect(JSON.stringify(sent)).not.toMatch(/Bolingo|Mbote|avatar|http/i);
  });

  it('wait for the end of quiet hours: nothing reaches the phones meanwhile', async () => {
    const { member, android, ios, job } = await messagedMember('en');
    const minute = minuteOfDayIn(clock.now(), 'UTC');
    await choose(member, {
      quietHours: { start: (minute + 1380) % 1440, end: (minute + 60) % 1440 },
      timeZone: 'UTC',
    });

    expect(await handlePushJob(t.app.deps, job)).toMatchObject({ outcome: 'held' });
    expect(services.fcm.received(android)).toEqual([]);
    expect(services.apns.received(ios)).toEqual([]);
  });

  it('stop at the hourly limit, as web pushes do', async () => {
    const { member, android, ios, job } = await messagedMember('en');
    for (let i = 0; i < PUSH_MAX_PER_HOUR; i++) {
      await t.db.execute(
        sql`INSERT INTO push_deliveries (user_id, kind, tag, count, sent_at)
            VALUES (${member.user.id}, 'like', ${`like:${i}`}, 1, ${clock.now()})`,
      );
    }

    expect(await handlePushJob(t.app.deps, job)).toEqual({ outcome: 'limited' });
    expect(services.fcm.received(android)).toEqual([]);
    expect(services.apns.received(ios)).toEqual([]);
  });
});

describe('a member whose only device is a phone', () => {
  it('is told through the real trigger and queue once native push is configured (a like, in their language)', async () => {
    const rated = await createProfile(t, { language: 'fr' });
    const phone = await registerPhone(t, services, rated.cookie, 'android');
    await choose(rated, { push: ['match', 'like'] });
    const rater = await createProfile(t, { firstName: 'Amani', language: 'en' });

    expect((await rate(t, rater, rated, 5)).statusCode).toBe(200);
    expect(await pushJobsDone(t, rated.user.id, 'like')).toBe(1);
    expect(services.fcm.received(phone).map((message) => message.notification)).toEqual([
      { title: 'Amani vous apprécie', body: 'Allez voir son profil.' },
    ]);
  });
});
