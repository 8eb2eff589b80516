import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Message } from '@motema/shared/chat';
import type { EventResult } from '@motema/shared/realtime';
import type { Db } from '../db/client.ts';
import {
  conversationMembers,
  conversations,
  messageHides,
  messages,
  messageStars,
  photos,
  users,
} from '../db/schema.ts';
import type { TestApp } from './build-test-app.ts';
import { asMember, createMember, type Member } from './factories.ts';
import { randomIp } from './net.ts';
import { emitAck, type ClientSocket } from './socket-test-bed.ts';

// Kept while counters.test.ts imports the socket helpers from here.
export { collect, emitAck, nextEvent, socketTestBed } from './socket-test-bed.ts';

/** POST /api/conversations as `a` with `b`; returns the conversation id. */
export async function startChat(t: Pick<TestApp, 'app'>, a: Member, b: Member): Promise<string> {
  const res = await asMember(t, a.cookie)('POST', '/api/conversations', { user: b.user.id });
  if (res.statusCode !== 200) throw new Error(`startChat: ${res.statusCode} ${res.body}`);
  return (res.json() as { conversation: { _id: string } }).conversation._id;
}

/** Two members (Amani Kabila and Bolingo) and their conversation. */
export async function chatPair(t: Pick<TestApp, 'app' | 'db'>) {
  const a = await createMember(t);
  const b = await createMember(t, { firstName: 'Bolingo', lastName: null });
  return { a, b, conversationId: await startChat(t, a, b) };
}

/** The messages stored in the conversation, in no particular order. */
export function messagesIn(db: Db, conversationId: string) {
  return db.select().from(messages).where(eq(messages.conversationId, conversationId));
}

/** Gives the member an avatar photo row (no files: only its Image is presented); returns its id. */
export async function giveAvatar(db: Db, member: Member): Promise<string> {
  const [photo] = await db
    .insert(photos)
    .values({
      ownerId: member.user.id,
      width: 640,
      height: 640,
      placeholder: 'data:image/webp;base64,AAAA',
      variants: [{ width: 640, height: 640, type: 'image/webp', key: `k${randomUUID()}`, bytes: 1000 }],
    })
    .returning({ id: photos.id });
  await db.update(users).set({ avatarPhotoId: photo!.id }).where(eq(users.id, member.user.id));
  return photo!.id;
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
  const [c, m, msg, hides, stars, seen] = await Promise.all([
    db.select().from(conversations).orderBy(asc(conversations.id)),
    db
      .select()
      .from(conversationMembers)
      .orderBy(asc(conversationMembers.conversationId), asc(conversationMembers.userId)),
    db.select().from(messages).orderBy(asc(messages.id)),
    db.select().from(messageHides).orderBy(asc(messageHides.messageId), asc(messageHides.userId)),
    db.select().from(messageStars).orderBy(asc(messageStars.messageId), asc(messageStars.userId)),
    db.select({ id: users.id, at: users.notificationsSeenAt }).from(users).orderBy(asc(users.id)),
  ]);
  return { conversations: c, members: m, messages: msg, hides, stars, seen };
}

/** Expects nothing chat stores to have changed since `before`. */
export async function expectChatUnchanged(db: Db, before: Awaited<ReturnType<typeof chatSnapshot>>) {
  expect(await chatSnapshot(db)).toEqual(before);
}
