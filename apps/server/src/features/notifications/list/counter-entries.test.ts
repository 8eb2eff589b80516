import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTER_ENTRIES_MAX } from '@motema/shared/notifications';
import { visits } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { planOf, settledPayment } from '../../../test/billing-factories.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { chatPair, requestAs, sent, textMessage } from '../../../test/chat-factories.ts';
import { buildVisit, insertProfiles } from '../../../test/discovery-factories.ts';
import { createMember } from '../../../test/factories.ts';
import { buildPost } from '../../../test/post-factories.ts';
import { emitAck, socketTestBed } from '../../../test/socket-test-bed.ts';
import { countersWithEntries, idsOf, listOf } from './notification-list-requests.ts';

describe('the counters’ entries (GET /api/counters)', () => {
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  const seconds = (n: number) => new Date(clock.now().getTime() + n * 1000);

  it('marks what came before the notifications were opened read; the counters list only the unread', async () => {
    const viewer = await createMember(t);
    const old = await buildVisit(t, { visited: viewer, at: seconds(-60) });
    const seen = await requestAs(t, viewer)('PUT', '/api/counters/notifications');
    expect(seen.statusCode, seen.body).toBe(200);
    const fresh = await buildVisit(t, { visited: viewer, at: seconds(60) });
    expect((await listOf(t, viewer)).notifications.map(({ _id, read }) => ({ _id, read }))).toEqual([
      { _id: `visit:${fresh.visitorId}`, read: false },
      { _id: `visit:${old.visitorId}`, read: true },
    ]);
    const counters = await countersWithEntries(t, viewer);
    expect(counters.notifications).toBe(1);
    expect(idsOf(counters.entries.notifications)).toEqual([`visit:${fresh.visitorId}`]);
  });

  it('caps the counters’ entries, which count them all', async () => {
    const viewer = await createMember(t);
    const visitors = await insertProfiles(t, COUNTER_ENTRIES_MAX + 3);
    await t.db.insert(visits).values(
      visitors.map((visitor, i) => {
        const at = new Date(clock.now().getTime() - i * 1000);
        return { visitorId: visitor.id, visitedId: viewer.user.id, firstAt: at, lastAt: at };
      }),
    );
    const counters = await countersWithEntries(t, viewer);
    expect(counters.notifications).toBe(COUNTER_ENTRIES_MAX + 3);
    expect(idsOf(counters.entries.notifications)).toEqual(
      visitors.slice(0, COUNTER_ENTRIES_MAX).map((visitor) => `visit:${visitor.id}`),
    );
  });

  it('lists the conversations with unread messages, the sender and how many; a read takes it off', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const sa = await bed.socketOf(a);
    for (const text of ['Mbote', 'Ozali wapi?']) await sent(sa, textMessage(conversationId, text));
    const counters = await countersWithEntries(t, b);
    expect(counters.entries.messages).toEqual([
      {
        conversationId,
        user: { _id: a.user.id, name: 'Amani', avatar: null },
        unread: 2,
        lastAt: expect.any(String),
      },
    ]);
    // Z1: the sender's own lists hold nothing of the other's.
    expect((await countersWithEntries(t, a)).entries).toEqual({ notifications: [], messages: [] });
    const sb = await bed.socketOf(b);
    expect(await emitAck(sb, 'chats:messages:read', { conversationId, seq: 2 })).toEqual({ ok: true });
    expect((await countersWithEntries(t, b)).entries.messages).toEqual([]);
  });

  it('shows each member only their own notifications (Z1)', async () => {
    const [viewer, other] = await Promise.all([createMember(t), createMember(t)]);
    await buildVisit(t, { visited: viewer });
    await settledPayment(t.db, viewer.user.id, await planOf(t.db, 'week'));
    await buildPost(t, { author: viewer, visibility: 'private', requested: [other] });
    expect((await listOf(t, viewer)).notifications).toHaveLength(3);
    expect((await listOf(t, other)).notifications).toEqual([]);
    expect((await countersWithEntries(t, other)).entries.notifications).toEqual([]);
  });
});
