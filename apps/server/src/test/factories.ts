import { randomBytes } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox, type OutboxRow, type UserRow } from '../db/schema.ts';
import type { App } from '../app.ts';
import { clock } from '../lib/clock.ts';
import { insertAccount, type NewAccount } from '../features/auth/accounts.repository.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { createSession, SESSION_COOKIE } from '../features/auth/sessions.service.ts';
import type { TestApp } from './build-test-app.ts';
import { randomIp } from './net.ts';

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

export type Member = { user: UserRow; password: string; cookie: string };

/** An active member (registered and confirmed) written through the accounts repository, with a session. */
export async function createMember(
  t: Pick<TestApp, 'db'>,
  overrides: Partial<NewAccount> & { password?: string } = {},
): Promise<Member> {
  const { password = MEMBER_PASSWORD, ...values } = overrides;
  const username = values.username ?? uniqueUsername();
  const user = await insertAccount(t.db, {
    username,
    email: `${username.toLowerCase()}@example.com`,
    passwordHash: await hashPassword(password),
    dateOfBirth: '1995-06-15',
    firstName: 'Amani',
    sex: 'female',
    language: 'en',
    status: 'active',
    emailConfirmedAt: clock.now(),
    ...values,
  });
  if (!user) throw new Error(`createMember: ${username} or its e-mail or phone is taken`);
  const { token } = await createSession(t.db, user.id, 'vitest');
  return { user, password, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The `name=value` of the session cookie a response sets, if any. */
export function sessionCookieOf(res: { cookies: { name: string; value: string }[] }): string | undefined {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie?.value ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

/** Logs in through POST /api/auth/login (from a fresh IP) and returns the session cookie. */
export async function loginCookie(app: App, identifier: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: randomIp(),
    payload: { identifier, password },
  });
  const cookie = sessionCookieOf(res);
  if (res.statusCode !== 200 || !cookie) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookie;
}

/** Outbox messages to an address or number, newest first. */
export async function outboxTo(db: Db, to: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(sql`lower(${outbox.to}) = lower(${to})`)
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
}

/** Waits for the `count`-th message to `to` (mail and SMS go through the job queue) and returns the newest. */
export async function waitForOutbox(db: Db, to: string, count = 1, timeoutMs = 10_000): Promise<OutboxRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await outboxTo(db, to);
    if (rows.length >= count) return rows[0]!;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for message ${count} to ${to} (${rows.length})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The 6-digit code in a message. */
export function codeIn(text: string): string {
  const match = /(?:^|\s)(\d{6})(?:\s|\.|$)/m.exec(text);
  if (!match) throw new Error(`no code in: ${text}`);
  return match[1]!;
}

/** A 6-digit code different from `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
