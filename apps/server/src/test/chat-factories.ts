import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Message } from '@motema/shared/chat';
import type { ServerToClientEvents } from '@motema/shared/realtime';
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
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { openSocket, type ClientSocket } from './discovery-factories.ts';
import { asMember, createMember, type Member } from './factories.ts';
import { randomIp } from './net.ts';

export { openSocket, type ClientSocket } from './discovery-factories.ts';

const WAIT_MS = 10_000;

export type SocketTestBed = {
  /** Set before the block's tests run. */
  t: TestApp;
  /** A real socket of this member; every socket opened so closes after each test. */
  socketOf: (member: Member) => Promise<ClientSocket>;
};

/**
 * For one describe block: a test app on a database of its own, listening for real Socket.IO
 * clients (built before the block's tests, closed after them).
 */
export function socketTestBed(): SocketTestBed {
  const opened: ClientSocket[] = [];
  let baseUrl = '';
  const bed: SocketTestBed = {
    t: undefined as unknown as TestApp,
    socketOf: (member) => openSocket(baseUrl, member, opened),
  };
  beforeAll(async () => {
    bed.t = await buildTestApp();
    baseUrl = await bed.t.listen();
  });
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.disconnect();
  });
  afterAll(() => bed.t.close());
  return bed;
}

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

export type SendAck = { ok: true; message: Message } | { ok: false; code: string };
export type Ack = { ok: true } | { ok: false; code: string };

/** Emits `chats:messages:send` and resolves with the ack. */
export function send(socket: ClientSocket, payload: unknown, timeoutMs = WAIT_MS): Promise<SendAck> {
  return socket.timeout(timeoutMs).emitWithAck('chats:messages:send', payload as never) as Promise<SendAck>;
}

/** Sends and expects success; returns the stored message. */
export async function sent(socket: ClientSocket, payload: unknown, timeoutMs = WAIT_MS): Promise<Message> {
  const ack = await send(socket, payload, timeoutMs);
  if (!ack.ok) throw new Error(`send refused: ${ack.code}`);
  return ack.message;
}

/** Emits an event that takes an ack (receipts, presence watch) and resolves with the ack. */
export function emitAck<T = Ack>(
  socket: ClientSocket,
  event: 'chats:messages:deliver' | 'chats:messages:read' | 'users:presence:watch',
  payload: unknown,
): Promise<T> {
  return socket.timeout(WAIT_MS).emitWithAck(event, payload as never) as Promise<T>;
}

type EventName = keyof ServerToClientEvents & string;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Resolves with the next `event` on the socket that satisfies `match`. */
export function nextEvent<E extends EventName>(
  socket: ClientSocket,
  event: E,
  match: (payload: Payload<E>) => boolean = () => true,
  timeoutMs = WAIT_MS,
): Promise<Payload<E>> {
  return new Promise((resolve, reject) => {
    const listener = (payload: Payload<E>) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`timed out waiting for ${event}`));
    }, timeoutMs);
    socket.on(event, listener as never);
  });
}

/** Every `event` the socket receives from now on, in order of arrival. */
export function collect<E extends EventName>(socket: ClientSocket, event: E): Payload<E>[] {
  const seen: Payload<E>[] = [];
  socket.on(event, ((payload: Payload<E>) => seen.push(payload)) as never);
  return seen;
}

/** Waits a moment for events that must NOT come (after the positive events of the test arrived). */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it passes (socket events are asynchronous). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
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
