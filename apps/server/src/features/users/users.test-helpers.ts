import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import { outbox, sessions, users, type OutboxRow, type UserRow } from '../../db/schema.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createSession, SESSION_COOKIE } from '../auth/sessions.service.ts';
import { insertUser, type NewUser } from './users.repository.ts';

export const MEMBER_PASSWORD = 'Kinshasa-river-42';

/** A distinct client address per request, so the per-IP rate limits of other tests never trip. */
export function randomIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export type Member = { user: UserRow; password: string; cookie: string; sessionId: string };

/** An active member inserted directly, with a live session (independent of the auth routes). */
export async function createMember(t: TestApp, overrides: Partial<NewUser> = {}): Promise<Member> {
  const username = `m${randomBytes(5).toString('hex')}`;
  const user = await insertUser(t.db, {
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(MEMBER_PASSWORD),
    firstName: 'Amani',
    lastName: 'Kabila',
    dateOfBirth: '1995-06-15',
    sex: 'female',
    status: 'active',
    emailConfirmedAt: new Date(),
    ...overrides,
  });
  return { user, password: MEMBER_PASSWORD, ...(await newSession(t, user.id)) };
}

/** Another login of the same member (another device). */
export async function newSession(t: TestApp, userId: string): Promise<{ cookie: string; sessionId: string }> {
  const { token, session } = await createSession(t.db, userId, 'vitest');
  return { cookie: `${SESSION_COOKIE}=${token}`, sessionId: session.id };
}

/** `app.inject` as the member, from a fresh IP. */
export function asMember(t: TestApp, cookie: string) {
  return (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, ip = randomIp()) =>
    t.app.inject({ method, url, headers: { cookie }, remoteAddress: ip, ...(payload ? { payload } : {}) });
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function sessionsOf(db: Db, userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

/** Polls until `check` returns a value (not undefined); mail and SMS go through pg-boss. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 8000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest outbox message (e-mail or SMS) to `to`, waiting for it to be delivered. */
export function waitForMessage(db: Db, channel: 'email' | 'sms', to: string): Promise<OutboxRow> {
  return waitFor(async () => {
    const [row] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, channel), eq(outbox.to, to)))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    return row;
  }, `${channel} to ${to}`);
}

/** The 6-digit code in a message's text. */
export function codeIn(message: OutboxRow): string {
  const match = /\b(\d{6})\b/.exec(message.text);
  expect(match, `a code in: ${message.text}`).not.toBeNull();
  return match![1]!;
}

/** A different 6-digit code than `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
