import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox, sessions, users, type OutboxRow, type SessionRow, type UserRow } from '../db/schema.ts';
import { clock } from '../lib/clock.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { createSession, SESSION_COOKIE } from '../features/auth/sessions.service.ts';
import { findUserById } from '../features/users/users.repository.ts';
import type { TestApp } from './build-test-app.ts';
import { randomIp } from './net.ts';

/** The password of every member createMember makes (unless overridden) and of registrationBody. */
export const MEMBER_PASSWORD = 'Mbote-na-bino-2024';

/** A fresh valid username (letters and digits, under 20 characters). */
export function uniqueUsername(prefix = 'member'): string {
  return `${prefix.slice(0, 8)}${randomBytes(4).toString('hex')}`;
}

/** A birth date `years` years before today (UTC), moved by `days`. */
export function birthDate(years: number, days = 0): string {
  const now = clock.now();
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}

/** A valid POST /auth/register body with a fresh username and e-mail. */
export function registrationBody(overrides: Record<string, unknown> = {}) {
  const username = uniqueUsername();
  return {
    username,
    email: `${username}@example.com`,
    password: MEMBER_PASSWORD,
    dateOfBirth: '1996-04-12',
    acceptTerms: true,
    ...overrides,
  };
}

export type Session = { cookie: string; sessionId: string };
export type Member = Session & { user: UserRow; password: string };
/** Any column of `users`, and the plain password to hash into `passwordHash`. */
export type MemberOverrides = Partial<typeof users.$inferInsert> & { password?: string };

/**
 * An argon2id hash of `password`, once a password: at 19 MiB and 2 passes each hash costs about
 * 16 ms, and members sharing a hash (each its own row) log in as well.
 */
const passwordHashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hash.catch(() => passwordHashes.delete(password));
    passwordHashes.set(password, hash);
  }
  return hash;
}

/**
 * An active member (e-mail confirmed) with a complete profile wanting every sex, written straight
 * into the database, with a live session: a fixture, independent of the registration routes.
 * `overrides` may set any column.
 */
export async function createMember(t: Pick<TestApp, 'db'>, overrides: MemberOverrides = {}): Promise<Member> {
  const { password = MEMBER_PASSWORD, ...columns } = overrides;
  const username = columns.username ?? uniqueUsername();
  const [user] = await t.db
    .insert(users)
    .values({
      username,
      email: `${username.toLowerCase()}@example.com`,
      passwordHash: await passwordHashOf(password),
      dateOfBirth: '1995-06-15',
      firstName: 'Amani',
      lastName: 'Kabila',
      sex: 'female',
      // A complete profile names the sexes it wants (onboarding asks at least one): everyone here.
      matchSex: ['male', 'female', 'non_binary'],
      language: 'en',
      status: 'active',
      emailConfirmedAt: clock.now(),
      ...columns,
    })
    .onConflictDoNothing()
    .returning();
  if (!user) throw new Error(`createMember: ${username} or its e-mail or phone is taken`);
  return { user, password, ...(await newSession(t, user.id)) };
}

/** Another login of the same member (another device). */
export async function newSession(t: Pick<TestApp, 'db'>, userId: string): Promise<Session> {
  const { token, session } = await createSession(t.db, userId, 'vitest');
  return { cookie: `${SESSION_COOKIE}=${token}`, sessionId: session.id };
}

/** `app.inject` as the member behind `cookie`, from a fresh IP unless `ip` is given. */
export function asMember(t: Pick<TestApp, 'app'>, cookie: string) {
  return (
    method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    ip = randomIp(),
  ) => t.app.inject({ method, url, headers: { cookie }, remoteAddress: ip, ...(payload ? { payload } : {}) });
}

/** POST /api/auth/register from a fresh IP (see registrationBody). */
export function register(t: Pick<TestApp, 'app'>, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: randomIp(),
    payload,
    headers,
  });
}

/** POST /api/auth/login from a fresh IP. */
export function login(t: Pick<TestApp, 'app'>, identifier: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: randomIp(),
    payload: { identifier, password },
  });
}

/** The `name=value` of the session cookie a response sets, if any. */
export function sessionCookieOf(res: { cookies: { name: string; value: string }[] }): string | undefined {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie?.value ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

/** Logs in through POST /api/auth/login (from a fresh IP) and returns the session cookie. */
export async function loginCookie(
  t: Pick<TestApp, 'app'>,
  identifier: string,
  password: string,
): Promise<string> {
  const res = await login(t, identifier, password);
  const cookie = sessionCookieOf(res);
  if (res.statusCode !== 200 || !cookie) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookie;
}

export function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  return findUserById(db, id);
}

export function sessionsOf(db: Db, userId: string): Promise<SessionRow[]> {
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

/** Polls until `check` returns a value (not undefined); mail and SMS go through the job queue. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type OutboxFilter = { channel?: OutboxRow['channel'] };

/** Outbox messages to an address or number (any case), newest first, optionally of one channel only. */
export function outboxTo(db: Db, to: string, { channel }: OutboxFilter = {}): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(and(sql`lower(${outbox.to}) = lower(${to})`, channel ? eq(outbox.channel, channel) : undefined))
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
}

/** Waits for the `count`-th message to `to` (mail and SMS go through the job queue) and returns the newest. */
export function waitForOutbox(
  db: Db,
  to: string,
  { count = 1, channel }: OutboxFilter & { count?: number } = {},
): Promise<OutboxRow> {
  return waitFor(
    async () => {
      const rows = await outboxTo(db, to, { channel });
      return rows.length >= count ? rows[0] : undefined;
    },
    `${channel ?? 'message'} ${count} to ${to}`,
  );
}

/** The 6-digit code in a message's text. */
export function codeIn(text: string): string {
  const match = /(?:^|\s)(\d{6})(?:\s|\.|$)/m.exec(text);
  if (!match) throw new Error(`no code in: ${text}`);
  return match[1]!;
}

/** A 6-digit code different from `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
