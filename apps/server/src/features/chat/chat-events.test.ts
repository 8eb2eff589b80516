import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMessageSchema } from '@motema/shared/chat';
import type { AppEvents } from '../../app-events.ts';
import { createEventPort } from '../../lib/event-port.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limiter.ts';
import { messagesIn, textMessage } from '../../test/chat-factories.ts';
import { createMember } from '../../test/factories.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { startConversation } from './conversations/conversations.service.ts';
import { editMessage, hideMessage } from './messages/message-actions.service.ts';
import { announceStored, storeMessage } from './send/chat-send.service.ts';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
type Heard = { name: keyof AppEvents; payload: unknown; committed: unknown };

/**
 * Chat's services tell the app's event port what happened after their commits, with domain values
 * (rows, ids), never presented JSON: the realtime emitters (chat-emitters.ts) present them for each
 * member. Here the services run on a port of their own, whose subscribers read the database as the
 * event arrives.
 */
describe("chat's events on the port", () => {
  let database: Database;
  const t = {
    get db() {
      return database.db;
    },
  };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  /** Deps on a port nobody hears, for what a test only sets up. */
  const quiet = () => ({
    db: t.db,
    events: createEventPort<AppEvents>(() => {}),
    limiter: createMemoryRateLimiter(),
  });

  /** Two members and their conversation, started through the service on a port nobody hears. */
  async function pair() {
    const [a, b] = [await createMember(t), await createMember(t)];
    const conversation = await startConversation(quiet(), a.user.id, b.user.id);
    return { a, b, conversationId: conversation.row.id };
  }

  /** A port hearing `names`; `committed` is what `read` finds in the database when the event arrives. */
  function listen(names: (keyof AppEvents)[], read: () => Promise<unknown> = async () => undefined) {
    const heard: Heard[] = [];
    const events = createEventPort<AppEvents>((error) => {
      throw error;
    });
    for (const name of names) {
      events.on(name, async (payload) => void heard.push({ name, payload, committed: await read() }));
    }
    return { heard, deps: { db: t.db, events, limiter: createMemoryRateLimiter() } };
  }

  it('message.stored: the stored row as its sender sees it, once committed, and the socket to skip', async () => {
    const { a, b, conversationId } = await pair();
    const { heard, deps } = listen(['message.stored'], async () =>
      (await messagesIn(t.db, conversationId)).map((row) => row.text),
    );
    const input = SendMessageSchema.parse(textMessage(conversationId, 'mbote'));
    const stored = await storeMessage(deps, a.user.id, input);
    expect(heard).toEqual([]);

    const view = await announceStored(deps, a.user.id, input, stored, 'socket-1');
    expect(heard).toHaveLength(1);
    const [{ payload, committed }] = heard as [Heard];
    expect(committed).toEqual(['mbote']);
    expect(payload).toEqual({ message: view, recipientId: b.user.id, senderSocketId: 'socket-1' });
    expect(view.row).toMatchObject({ id: stored.messageId, senderId: a.user.id, seq: 1, text: 'mbote' });
    // A domain value: the presenter (not the event) decides what a member is shown.
    expect(view).not.toHaveProperty('_id');
  });

  it('message.changed: each member their own view, not one who hid it; nothing when the edit is refused', async () => {
    const { a, b, conversationId } = await pair();
    const input = SendMessageSchema.parse(textMessage(conversationId, 'first'));
    const { messageId } = await storeMessage(quiet(), a.user.id, input);
    const { heard, deps } = listen(['message.changed', 'message.hidden'], async () =>
      (await messagesIn(t.db, conversationId)).map((row) => row.text),
    );

    // B may not edit A's message: refused inside the transaction, nothing told.
    await expect(editMessage(deps, b.user.id, messageId, 'hijacked')).rejects.toMatchObject({
      code: 'message_not_editable',
    });
    expect(heard).toEqual([]);

    await editMessage(deps, a.user.id, messageId, 'second');
    expect(heard.map((event) => [event.name, event.committed])).toEqual([['message.changed', ['second']]]);
    const { views } = heard[0]!.payload as AppEvents['message.changed'];
    expect(views.map((view) => [view.userId, view.message.row.id, view.message.row.text])).toEqual([
      [a.user.id, messageId, 'second'],
      [b.user.id, messageId, 'second'],
    ]);

    // Once B deleted it for themselves, an edit is A's alone to see.
    await hideMessage(deps, b.user.id, messageId);
    expect(heard.at(-1)!.payload).toEqual({ userId: b.user.id, conversationId, messageId });
    await editMessage(deps, a.user.id, messageId, 'third');
    const after = heard.at(-1)!.payload as AppEvents['message.changed'];
    expect(after.views.map((view) => view.userId)).toEqual([a.user.id]);
  });

  it('conversation.changed: both members, only when the conversation is new', async () => {
    const { a, b, conversationId } = await pair();
    const c = await createMember(t);
    const { heard, deps } = listen(['conversation.changed']);

    const existing = await startConversation(deps, a.user.id, b.user.id);
    expect(existing.row.id).toBe(conversationId);
    expect(heard).toEqual([]);

    const started = await startConversation(deps, a.user.id, c.user.id);
    expect(heard.map((event) => event.payload)).toEqual([
      { conversationId: started.row.id, userIds: [a.user.id, c.user.id] },
    ]);
  });
});
