import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Message } from '@motema/shared/chat';
import type { EventResult } from '@motema/shared/realtime';
import type { Db } from '../db/client.ts';
import { clock } from '../lib/clock.ts';
import {
  conversationMembers,
  conversations,
  messageHides,
  messages,
  messageReactions,
  messageStars,
  users,
  type ConversationRow,
  type MessageRow,
} from '../db/schema.ts';
import type { TestApp } from './build-test-app.ts';
import { asMember, createMember, type Member } from './factories.ts';
import { buildPhoto } from './media-factories.ts';
import { randomIp } from './net.ts';
import { emitAck, type ClientSocket } from './socket-test-bed.ts';

export type BuiltConversation = ConversationRow & { members: [Member, Member] };

/**
 * A conversation written straight into the tables (as conversations.service would), between
 * `members`: the ones not given (both by default) are created.
 */
export async function buildConversation(
  t: Pick<TestApp, 'db'>,
  { members = [] }: { members?: readonly Member[] } = {},
): Promise<BuiltConversation> {
  const [a = await createMember(t), b = await createMember(t)] = members;
  const [conversation] = await t.db
    .insert(conversations)
    .values({ pairKey: [a.user.id, b.user.id].sort().join(':') })
    .returning();
  await t.db.insert(conversationMembers).values([
    { conversationId: conversation!.id, userId: a.user.id },
    { conversationId: conversation!.id, userId: b.user.id },
  ]);
  return { ...conversation!, members: [a, b] };
}

/**
 * A message row with the conversation's next sequence number (no files), by `sender` (the
 * conversation's first member by default) in `conversation` (built with the sender by default).
 */
export async function buildMessage(
  t: Pick<TestApp, 'db'>,
  options: { conversation?: BuiltConversation; sender?: Member; text?: string } = {},
): Promise<MessageRow> {
  const { sender, text = 'hello' } = options;
  const conversation =
    options.conversation ?? (await buildConversation(t, { members: sender ? [sender] : [] }));
  const [next] = await t.db
    .update(conversations)
    .set({ lastSeq: sql`${conversations.lastSeq} + 1`, lastMessageAt: new Date() })
    .where(eq(conversations.id, conversation.id))
    .returning();
  const [message] = await t.db
    .insert(messages)
    .values({
      conversationId: conversation.id,
      senderId: (sender ?? conversation.members[0]).user.id,
      clientId: randomUUID(),
      seq: next!.lastSeq,
      text,
    })
    .returning();
  return message!;
}

/** POST /api/conversations as `a` with `b`; returns the conversation id. */
export async function startChat(t: Pick<TestApp, 'app'>, a: Member, b: Member): Promise<string> {
  const res = await asMember(t, a.cookie)('POST', '/api/conversations', { user: b.user.id });
  if (res.statusCode !== 200) throw new Error(`startChat: ${res.statusCode} ${res.body}`);
  return (res.json() as { conversation: { _id: string } }).conversation._id;
}

/**
 * Members who joined two days ago: past the scam shield's first day, when a new account is slowed
 * towards strangers (its own tests make new accounts: features/chat/scam-shield).
 */
export const ESTABLISHED = () => ({ createdAt: new Date(clock.now().getTime() - 2 * 24 * 60 * 60 * 1000) });

/** Two established members (Amani Kabila and Bolingo) and their conversation. */
export async function chatPair(t: Pick<TestApp, 'app' | 'db'>) {
  const a = await createMember(t, ESTABLISHED());
  const b = await createMember(t, { firstName: 'Bolingo', lastName: null, ...ESTABLISHED() });
  return { a, b, conversationId: await startChat(t, a, b) };
}

/** The messages stored in the conversation, in no particular order. */
export function messagesIn(db: Db, conversationId: string) {
  return db.select().from(messages).where(eq(messages.conversationId, conversationId));
}

/** Gives the member an avatar photo with a 640 px square variant (no files); returns its id. */
export async function giveAvatar(t: Pick<TestApp, 'db'>, member: Member): Promise<string> {
  const variant = {
    width: 640,
    height: 640,
    type: 'image/webp' as const,
    key: `k${randomUUID()}`,
    bytes: 1000,
  };
  const photo = await buildPhoto(t, {
    owner: member,
    avatar: true,
    width: 640,
    height: 640,
    placeholder: 'data:image/webp;base64,AAAA',
    variants: [variant],
  });
  return photo.id;
}

/** Any request as the member, PATCH included, from a fresh address. */
export function requestAs(t: Pick<TestApp, 'app'>, member: Member) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: member.cookie },
      remoteAddress: randomIp(),
      ...(payload ? { payload } : {}),
    });
}

/** A valid `chats:messages:send` payload with a fresh client id. */
export function textMessage(conversationId: string, text: string, extra: Record<string, unknown> = {}) {
  return { clientId: randomUUID(), conversationId, text, ...extra };
}

export type SendAck = EventResult<{ message: Message }>;

/** Emits `chats:messages:send` and resolves with the ack. */
export function send(socket: ClientSocket, payload: unknown, ms?: number): Promise<SendAck> {
  return emitAck(socket, 'chats:messages:send', payload, ms);
}

/** Sends and expects success; returns the stored message. */
export async function sent(socket: ClientSocket, payload: unknown, ms?: number): Promise<Message> {
  const ack = await send(socket, payload, ms);
  if (!ack.ok) throw new Error(`send refused: ${ack.code}`);
  return ack.message;
}

/** Everything chat stores, in a stable order: for "nothing changed" checks. */
export async function chatSnapshot(db: Db) {
  const [c, m, msg, hides, stars, reactions, seen] = await Promise.all([
    db.select().from(conversations).orderBy(asc(conversations.id)),
    db
      .select()
      .from(conversationMembers)
      .orderBy(asc(conversationMembers.conversationId), asc(conversationMembers.userId)),
    db.select().from(messages).orderBy(asc(messages.id)),
    db.select().from(messageHides).orderBy(asc(messageHides.messageId), asc(messageHides.userId)),
    db.select().from(messageStars).orderBy(asc(messageStars.messageId), asc(messageStars.userId)),
    db.select().from(messageReactions).orderBy(asc(messageReactions.messageId), asc(messageReactions.userId)),
    db.select({ id: users.id, at: users.notificationsSeenAt }).from(users).orderBy(asc(users.id)),
  ]);
  return { conversations: c, members: m, messages: msg, hides, stars, reactions, seen };
}

/** Expects nothing chat stores to have changed since `before`. */
export async function expectChatUnchanged(db: Db, before: Awaited<ReturnType<typeof chatSnapshot>>) {
  expect(await chatSnapshot(db)).toEqual(before);
}
