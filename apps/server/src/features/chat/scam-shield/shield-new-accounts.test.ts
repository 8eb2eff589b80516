import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  chatSnapshot,
  ESTABLISHED,
  expectChatUnchanged,
  send,
  sent,
  startChat,
  textMessage,
} from '../../../test/chat-factories.ts';
import { buildMatch, createProfile } from '../../../test/discovery-factories.ts';
import { createMember } from '../../../test/factories.ts';
import { injectAs } from '../../../test/posts-matrix.ts';
import { socketTestBed } from '../../../test/socket-test-bed.ts';
import { buildStory } from '../../../test/story-factories.ts';

// New accounts towards strangers (docs/scam-shield.md): slowed, and no links or phone numbers in their
// first day; and review before you send over the HTTP send path (a reply to a story).

const PER_HOUR = 3;

describe('the scam shield for new accounts', () => {
  const bed = socketTestBed({ env: { NEW_ACCOUNT_STRANGER_MESSAGES_PER_HOUR: String(PER_HOUR) } });
  const { socketOf } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  /** A member who joined now, writing to an established one who has not answered. */
  async function newcomerPair() {
    const a = await createMember(t);
    const b = await createMember(t, ESTABLISHED());
    return { a, b, conversationId: await startChat(t, a, b) };
  }

  it('refuses links and phone numbers to a stranger, even confirmed, storing nothing', async () => {
    const { a, conversationId } = await newcomerPair();
    const sa = await socketOf(a);
    const before = await chatSnapshot(t.db);
    for (const text of ['see www.example.com', 'zéro huit un deux trois quatre cinq six sept huit'])
      expect(await send(sa, textMessage(conversationId, text, { confirmed: true }))).toEqual({
        ok: false,
        code: 'new_account_contact',
      });
    await expectChatUnchanged(t.db, before);
  });

  it('lets a new account send only so many messages an hour to strangers, none to who answered', async () => {
    const { a, b, conversationId } = await newcomerPair();
    const sa = await socketOf(a);
    for (let i = 0; i < PER_HOUR; i += 1) await sent(sa, textMessage(conversationId, `hello ${i}`));
    const ack = await send(sa, textMessage(conversationId, 'one more'));
    expect(ack).toMatchObject({ ok: false, code: 'new_account_slowed' });
    // Once b answers, a writes freely (and may share a number).
    await sent(await socketOf(b), textMessage(conversationId, 'hi!'));
    expect(await sent(sa, textMessage(conversationId, 'one more'))).toMatchObject({ seq: PER_HOUR + 2 });
    expect(await sent(sa, textMessage(conversationId, 'my number 0812345678'))).toMatchObject({
      seq: PER_HOUR + 3,
    });
  });

  it('asks for review over HTTP too: a reply to a story with money in it', async () => {
    const replier = await createProfile(t, ESTABLISHED());
    const author = await createProfile(t, ESTABLISHED());
    await buildMatch(t, { members: [author, replier] });
    const story = await buildStory(t, { author });
    const reply = (payload: object) =>
      injectAs(t, replier, { method: 'POST', url: `/api/stories/${story.id}/replies`, payload });
    const clientId = randomUUID();
    const refused = await reply({ clientId, text: 'I can send you 20 dollars' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'review_before_send' });
    const confirmed = await reply({ clientId, text: 'I can send you 20 dollars', confirmed: true });
    expect(confirmed.statusCode).toBe(201);
  });
});
