import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Message, MessagePage } from '@motema/shared/chat';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  chatPair,
  chatSnapshot,
  expectChatUnchanged,
  giveAvatar,
  requestAs,
  sent,
  textMessage,
} from '../../../test/chat-factories.ts';
import { createMember, type Member } from '../../../test/factories.ts';
import { collect, socketTestBed } from '../../../test/socket-test-bed.ts';

describe('message history and catch-up (QUALITY C3)', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  async function page(member: Member, conversationId: string, query = '') {
    const res = await requestAs(t, member)('GET', `/api/conversations/${conversationId}/messages${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MessagePage;
  }
  const seqs = (messages: Message[]) => messages.map((m) => m.seq);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('gives a member who was offline everything missed, once and in order, page by page', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const [sa, sbFirst] = await Promise.all([socketOf(a), socketOf(b)]);
    const heard = collect(sbFirst, 'chats:messages:new');
    for (let i = 1; i <= 3; i++) await sent(sa, textMessage(conversationId, `before ${i}`));
    await expect.poll(() => heard.length).toBe(3);
    const held = Math.max(...heard.map((m) => m.seq));
    sbFirst.disconnect();
    // Longer than any recovery window: the app never relies on Socket.IO to replay.
    for (let i = 1; i <= 20; i++) await sent(sa, textMessage(conversationId, `missed ${i}`));
    const sb = await socketOf(b);
    const live = collect(sb, 'chats:messages:new');
    const caughtUp = await page(b, conversationId, `?after=${held}`);
    expect(seqs(caughtUp.messages)).toEqual(range(4, 23));
    expect(caughtUp.messages.map((m) => m.text)).toEqual(range(1, 20).map((i) => `missed ${i}`));
    expect(caughtUp.hasMore).toBe(false);
    expect(caughtUp.count).toBe(23);
    expect(live).toEqual([]);
    // The same with small pages: 8, 8, 4, then nothing.
    const first = await page(b, conversationId, `?after=${held}&limit=8`);
    expect(seqs(first.messages)).toEqual(range(4, 11));
    expect(first.hasMore).toBe(true);
    const second = await page(b, conversationId, `?after=11&limit=8`);
    expect(seqs(second.messages)).toEqual(range(12, 19));
    const third = await page(b, conversationId, `?after=19&limit=8`);
    expect(seqs(third.messages)).toEqual(range(20, 23));
    expect(third.hasMore).toBe(false);
    expect((await page(b, conversationId, `?after=23`)).messages).toEqual([]);
  });

  it('pages history backwards from the latest, ascending within each page', async () => {
    const { a, conversationId } = await chatPair(t);
    const photoId = await giveAvatar(t, a);
    const sa = await socketOf(a);
    for (let i = 1; i <= 12; i++) await sent(sa, textMessage(conversationId, `m${i}`));
    const latest = await page(a, conversationId, '?limit=5');
    expect(seqs(latest.messages)).toEqual(range(8, 12));
    expect(latest.hasMore).toBe(true);
    const older = await page(a, conversationId, '?before=8&limit=5');
    expect(seqs(older.messages)).toEqual(range(3, 7));
    const oldest = await page(a, conversationId, '?before=3&limit=5');
    expect(seqs(oldest.messages)).toEqual([1, 2]);
    expect(oldest.hasMore).toBe(false);
    const all = await page(a, conversationId);
    expect(seqs(all.messages)).toEqual(range(1, 12));
    // Every message carries its sender's avatar slim: the thumbnail only (bar B6).
    for (const message of all.messages) {
      expect(message.sender.avatar).toEqual({ thumbnail: `/api/media/${photoId}/640.webp` });
    }
    expect(all).toMatchObject({ count: 12, hasMore: false });
  });

  it('refuses bad queries with validation_failed, changing nothing', async () => {
    const { a, conversationId } = await chatPair(t);
    const before = await chatSnapshot(t.db);
    for (const query of [
      '?before=3&after=1',
      '?limit=0',
      '?limit=201',
      '?after=-1',
      '?before=x',
      '?important=yes',
    ]) {
      const res = await requestAs(t, a)('GET', `/api/conversations/${conversationId}/messages${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const res = await requestAs(t, a)('GET', '/api/conversations/not-an-id/messages');
    expect(res.statusCode).toBe(400);
    await expectChatUnchanged(t.db, before);
  });

  it("answers 404 for a stranger's or an unknown conversation", async () => {
    const { conversationId } = await chatPair(t);
    const stranger = await createMember(t);
    for (const id of [conversationId, randomUUID()]) {
      const res = await requestAs(t, stranger)('GET', `/api/conversations/${id}/messages`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('conversation_not_found');
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversationId}/messages`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
