import { beforeAll, describe, expect, it } from 'vitest';
import type { Counters } from '@motema/shared/counters';
import { blocks } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { chatPair, requestAs, sent, textMessage } from '../../test/chat-factories.ts';
import { buildMatch, buildRating, buildVisit } from '../../test/discovery-factories.ts';
import { createMember, newSession, type Member } from '../../test/factories.ts';
import { collect, emitAck, nextEvent, socketTestBed } from '../../test/socket-test-bed.ts';
import { buildZone, zoneCall } from '../../test/zone-factories.ts';
import { COUNTERS_DELAY_MS, COUNTERS_GAP_MS } from './counters-sender.ts';
import { countersOf as memberCounters } from './counters.service.ts';

/** Long enough for a badge held for its member's gap (counters-sender.ts). */
const BADGE_WAIT = { timeout: COUNTERS_GAP_MS + COUNTERS_DELAY_MS + 2_000 };

describe('counters (badges kept right across devices)', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  /** The badges of GET /api/counters (its entries are list/notification-list.test.ts's). */
  async function countersOf(member: Member): Promise<Counters> {
    const res = await requestAs(t, member)('GET', '/api/counters');
    expect(res.statusCode, res.body).toBe(200);
    const { entries, ...badges } = res.json();
    expect(entries).toBeDefined();
    return badges;
  }

  it('grows with new messages, goes back to zero on read, on every device of the member', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const phone = { ...b, ...(await newSession(t, b.user.id)) };
    const [sa, laptop, sPhone] = await Promise.all([socketOf(a), socketOf(b), socketOf(phone)]);
    const onPhone = collect(sPhone, 'counters:update');
    expect(await countersOf(b)).toEqual({ messages: 0, conversations: 0, notifications: 0 });
    for (let i = 1; i <= 3; i++) await sent(sa, textMessage(conversationId, `m${i}`));
    // A member's badges after new messages come at most one a gap (counters-sender.ts).
    await expect.poll(() => onPhone.at(-1)?.messages, BADGE_WAIT).toBe(3);
    expect(await countersOf(b)).toEqual({ messages: 3, conversations: 1, notifications: 0 });

    // A second conversation with unread messages counts as a second conversation.
    const c = await createMember(t);
    const other = await requestAs(t, c)('POST', '/api/conversations', { user: b.user.id });
    const sc = await socketOf(c);
    await sent(sc, textMessage(other.json().conversation._id, 'hello'));
    await expect.poll(() => onPhone.at(-1), BADGE_WAIT).toEqual({ messages: 4, conversations: 2 });

    // Read on the laptop: the phone's badge follows.
    expect(await emitAck(laptop, 'chats:messages:read', { conversationId, seq: 3 })).toEqual({ ok: true });
    await expect.poll(() => onPhone.at(-1)).toEqual({ messages: 1, conversations: 1 });
    expect(await countersOf(b)).toEqual({ messages: 1, conversations: 1, notifications: 0 });
    // The sender's own messages never count for them.
    expect(await countersOf(a)).toEqual({ messages: 0, conversations: 0, notifications: 0 });
  });

  it('sends only the unread badges after a message or a read; the others stay as counted', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const liker = await createMember(t);
    await buildRating(t, { rater: liker, rated: b, score: 5 });
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    const pushed = collect(sb, 'counters:update');
    await sent(sa, textMessage(conversationId, 'Mbote'));
    // Nothing but the unread badges was counted: the like stays the app's to keep.
    await expect.poll(() => pushed.at(-1)).toEqual({ messages: 1, conversations: 1 });
    expect(await countersOf(b)).toEqual({ messages: 1, conversations: 1, notifications: 1 });

    // A match after the message: counted with the like, the unread badges as the message left them.
    await buildMatch(t, { members: [a, b] });
    expect(await countersOf(b)).toEqual({ messages: 1, conversations: 1, notifications: 2 });

    expect(await emitAck(sb, 'chats:messages:read', { conversationId, seq: 1 })).toEqual({ ok: true });
    await expect.poll(() => pushed.at(-1)).toEqual({ messages: 0, conversations: 0 });
    expect(await countersOf(b)).toEqual({ messages: 0, conversations: 0, notifications: 2 });
    expect(pushed.every((update) => !('notifications' in update))).toBe(true);
  });

  it('sends every badge of both members after a block, which takes the blocked member’s likes out', async () => {
    const [viewer, liker] = await Promise.all([createMember(t), createMember(t)]);
    await buildRating(t, { rater: liker, rated: viewer, score: 5 });
    await buildRating(t, { rater: viewer, rated: liker, score: 4 });
    const [sViewer, sLiker] = await Promise.all([socketOf(viewer), socketOf(liker)]);
    const toViewer = nextEvent(sViewer, 'counters:update');
    const toLiker = nextEvent(sLiker, 'counters:update');
    expect((await countersOf(viewer)).notifications).toBe(1);
    expect((await countersOf(liker)).notifications).toBe(1);
    const res = await requestAs(t, viewer)('POST', '/api/blocks', { user: liker.user.id });
    expect(res.statusCode, res.body).toBe(204);
    expect(await toViewer).toEqual({ messages: 0, conversations: 0, notifications: 0 });
    expect(await toLiker).toEqual({ messages: 0, conversations: 0, notifications: 0 });
  });

  it('sends every badge to the members a deleted account chatted with: its like goes with it', async () => {
    const { a, b, conversationId } = await chatPair(t);
    await buildRating(t, { rater: a, rated: b, score: 5 });
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    await sent(sa, textMessage(conversationId, 'bye'));
    expect(await countersOf(b)).toEqual({ messages: 1, conversations: 1, notifications: 1 });
    const badge = nextEvent(sb, 'counters:update', (c) => c.notifications !== undefined);
    const res = await requestAs(t, a)('DELETE', '/api/users', { password: a.password });
    expect(res.statusCode, res.body).toBe(204);
    expect(await badge).toEqual({ messages: 0, conversations: 0, notifications: 0 });
  });

  it('counts matches, likes and visits since the notifications were last seen, blocked members left out', async () => {
    const viewer = await createMember(t);
    const [matched, liker, visitor, blocked, lukewarm] = await Promise.all(
      Array.from({ length: 5 }, () => createMember(t)),
    );
    await buildMatch(t, { members: [viewer, matched!] });
    await buildRating(t, { rater: liker!, rated: viewer, score: 5 });
    await buildRating(t, { rater: lukewarm!, rated: viewer, score: 3 });
    await buildVisit(t, { visitor: visitor!, visited: viewer });
    await buildVisit(t, { visitor: blocked!, visited: viewer });
    await buildRating(t, { rater: blocked!, rated: viewer, score: 4 });
    await t.db.insert(blocks).values({ blockerId: viewer.user.id, blockedId: blocked!.user.id });
    expect((await countersOf(viewer)).notifications).toBe(3);
    // By kind, as the notification list shows them.
    expect((await memberCounters(t.db, viewer.user.id)).notifications).toEqual({
      match: 1,
      like: 1,
      visit: 1,
      request: 0,
      comment: 0,
      payment: 0,
      zoneRequest: 0,
      zoneAnswer: 0,
      zonePost: 0,
      live: 0,
    });

    const socket = await socketOf(viewer);
    const pushed = nextEvent(socket, 'counters:update');
    const seen = await requestAs(t, viewer)('PUT', '/api/counters/notifications');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({ messages: 0, conversations: 0, notifications: 0 });
    expect(await pushed).toEqual({ messages: 0, conversations: 0, notifications: 0 });

    const later = new Date(clock.now().getTime() + 60_000);
    await buildVisit(t, { visitor: lukewarm!, visited: viewer, at: later });
    expect((await countersOf(viewer)).notifications).toBe(1);
  });

  it('sends the bell its count at once after a like, a match and a visit, as their toast comes', async () => {
    const [viewer, admirer] = await Promise.all([createMember(t), createMember(t)]);
    const [sViewer, sAdmirer] = await Promise.all([socketOf(viewer), socketOf(admirer)]);
    const bell = (socket: typeof sViewer, count: number) =>
      nextEvent(socket, 'counters:update', (update) => update.notifications === count);
    const rate = (by: Member, whom: Member, score: number) =>
      requestAs(t, by)('POST', '/api/rate/user', { user: whom.user.id, score });

    // A like (the toast's "likes you"): the bell says 1 without waiting for the next refetch.
    const liked = bell(sViewer, 1);
    expect((await rate(admirer, viewer, 5)).statusCode).toBe(200);
    expect(await liked).toEqual({ notifications: 1 });

    // Liked back: a match, both told at once (the admirer's like from the viewer, and the match).
    const toViewer = bell(sViewer, 2);
    const toAdmirer = bell(sAdmirer, 2);
    expect((await rate(viewer, admirer, 5)).statusCode).toBe(200);
    expect(await toViewer).toEqual({ notifications: 2 });
    expect(await toAdmirer).toEqual({ notifications: 2 });

    // A visit: the visited member's bell, at once.
    const visitor = await createMember(t);
    const visited = bell(sViewer, 3);
    expect((await requestAs(t, visitor)('GET', `/api/users/${viewer.user.id}`)).statusCode).toBe(200);
    expect(await visited).toEqual({ notifications: 3 });
    expect((await countersOf(viewer)).notifications).toBe(3);
  });

  it('sends the bell its count after a request to join a zone to those who run it, and its answer to the applicant', async () => {
    const { id, admin } = await buildZone(t, { access: 'private' });
    const applicant = await createMember(t);
    const [sAdmin, sApplicant] = await Promise.all([socketOf(admin), socketOf(applicant)]);
    const bell = (socket: typeof sAdmin, count: number) =>
      nextEvent(socket, 'counters:update', (update) => update.notifications === count);

    const asked = bell(sAdmin, 1);
    const request = await zoneCall(t, applicant)('POST', `/api/zones/${id}/requests`, { answers: [] });
    expect(request.statusCode).toBe(201);
    expect(await asked).toEqual({ notifications: 1 });

    // Answered: the request leaves the admin's count, the answer comes into the applicant's.
    const answered = bell(sApplicant, 1);
    const approve = await zoneCall(t, admin)(
      'POST',
      `/api/zones/${id}/requests/${applicant.user.id}/approve`,
    );
    expect(approve.statusCode).toBe(204);
    expect(await answered).toEqual({ notifications: 1 });
    expect((await countersOf(admin)).notifications).toBe(0);
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/counters'],
      ['PUT', '/api/counters/notifications'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
