import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationMembers,
  notificationSettings,
  pushTokens,
  sessions,
  users,
} from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildConversation, buildMessage } from '../../../test/chat-factories.ts';
import { asMember, createMember, type Member, type MemberOverrides } from '../../../test/factories.ts';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { DIGEST_QUEUE, sendDigests } from './digest.service.ts';

const PUBLIC_URL = 'https://motema.example';
const HOUR = 60 * 60 * 1000;

/** The mail's header fields, folded lines joined (RFC 5322). */
function headersOf(mail: ReceivedMail): Map<string, string> {
  const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const fields = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return fields;
}

const tokenOf = (mail: ReceivedMail) =>
  /<https:\/\/motema\.example\/api\/notifications\/unsubscribe\?token=([^>]+)>/.exec(
    headersOf(mail).get('list-unsubscribe') ?? '',
  )?.[1];

describe('the e-mail digest of unread messages', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ smtpUrl: inbox.url, env: { PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });
  afterEach(() => clock.reset());

  /** `count` messages from `sender` to `reader`, unread by the reader, written now (the database's clock). */
  async function unreadFrom(sender: Member, reader: Member, count: number) {
    const conversation = await buildConversation(t, { members: [sender, reader] });
    for (let i = 0; i < count; i++) await buildMessage(t, { conversation, sender, text: `m${i}` });
    await t.db
      .update(conversationMembers)
      .set({ unreadCount: count })
      .where(
        and(
          eq(conversationMembers.conversationId, conversation.id),
          eq(conversationMembers.userId, reader.user.id),
        ),
      );
  }

  /** A member with `count` unread messages from a new member named `from`. */
  async function reader(overrides: MemberOverrides = {}, from = 'Amina', count = 2) {
    const member = await createMember(t, overrides);
    await unreadFrom(await createMember(t, { firstName: from }), member, count);
    return member;
  }

  const mailTo = (member: Member) => inbox.waitFor((mail) => mail.to.includes(member.user.email));
  const run = async () => sendDigests(t.app.deps);
  const settingsRow = async (member: Member) =>
    (
      await t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, member.user.id))
    )[0];

  it('mails unread messages older than an hour, once a day, with a one-click unsubscribe', async () => {
    const grace = await reader({ firstName: 'Grace' }, 'Amina', 3);
    // Unread for less than an hour: the member may still be reading.
    expect(await run()).not.toContain(grace.user.id);
    clock.advance(2 * HOUR);
    expect(await run()).toContain(grace.user.id);
    const mail = await mailTo(grace);
    expect(mail.subject).toBe('You have 3 unread messages on Motema');
    expect(mail.text).toContain('Hello Grace,');
    expect(mail.text).toContain('3 messages are waiting for you.');
    expect(mail.text).toContain('From Amina.');
    expect(mail.text).toContain(`${PUBLIC_URL}/conversations`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/conversations"`);
    const headers = headersOf(mail);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const token = tokenOf(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The footer's link says what it does, in the text and in the HTML.
    const link = `${PUBLIC_URL}/api/notifications/unsubscribe?token=${token}`;
    expect(mail.text.replace(/\r\n/g, '\n')).toContain(
      `Unsubscribe from these e-mails in one click:\n${link}`,
    );
    expect(mail.html).toContain(`href="${link}"`);

    // The same day: no second mail, though the messages are still unread.
    clock.advance(20 * HOUR);
    expect(await run()).not.toContain(grace.user.id);
    // A day later: the next one, with the same unsubscribe link (the first mail's keeps working).
    clock.advance(5 * HOUR);
    expect(await run()).toContain(grace.user.id);
    await expect.poll(() => inbox.messages.filter((m) => m.to.includes(grace.user.email)).length).toBe(2);
    const second = inbox.messages.filter((m) => m.to.includes(grace.user.email))[1]!;
    expect(tokenOf(second)).toBe(token);
  });

  it('is written in the member’s language, and names no one in discreet mode', async () => {
    const fr = await reader({ language: 'fr', firstName: 'Joël' }, 'Émilie', 1);
    await unreadFrom(await createMember(t, { firstName: 'Aïcha' }), fr, 2);
    const ro = await reader({ language: 'ro', firstName: 'Ioana' }, 'Mihai', 2);
    await asMember(t, ro.cookie)('PUT', '/api/notifications/settings', { discreet: true });
    clock.advance(2 * HOUR);
    const mailed = await run();
    expect(mailed).toEqual(expect.arrayContaining([fr.user.id, ro.user.id]));

    const french = await mailTo(fr);
    expect(french.subject).toBe('Vous avez 3\u00a0messages non lus sur Motema');
    expect(french.text).toContain('Bonjour Joël,');
    expect(french.text).toContain('Qui vous a écrit\u00a0: Aïcha et Émilie.');
    expect(french.text).toContain('Se désabonner de ces e-mails en un clic\u00a0:');
    expect(french.html).toContain('<html lang="fr">');

    const romanian = await mailTo(ro);
    expect(romanian.subject).toBe('Aveți 2 mesaje necitite pe Motema');
    expect(romanian.text).toContain('Bună ziua, Ioana,');
    // Discreet: how many, never who.
    expect(romanian.text).not.toContain('Mihai');
    expect(romanian.html).not.toContain('Mihai');
    expect(romanian.text).not.toContain('De la');
  });

  it('is not sent to a member a device tells by push, but is once that session ended', async () => {
    const member = await reader();
    await t.db.insert(pushTokens).values({
      userId: member.user.id,
      platform: 'web',
      token: `https://push.example/${member.user.id}`,
      p256dh: 'key',
      auth: 'auth',
      sessionId: member.sessionId,
    });
    clock.advance(2 * HOUR);
    expect(await run()).not.toContain(member.user.id);
    // A native token does not count: no native app is sent to yet.
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, member.sessionId));
    await t.db
      .insert(pushTokens)
      .values({ userId: member.user.id, platform: 'android', token: member.user.id });
    expect(await run()).toContain(member.user.id);
    await mailTo(member);
  });

  it('is not sent when off, nor to an unconfirmed or deactivated account, nor for what was read', async () => {
    const off = await reader();
    const res = await asMember(t, off.cookie)('PUT', '/api/notifications/settings', { emailDigest: false });
    expect(res.json().emailDigest).toBe(false);
    const unconfirmed = await reader({ emailConfirmedAt: null });
    const deactivated = await reader({ status: 'deactivated' });
    const read = await reader();
    await t.db
      .update(conversationMembers)
      .set({ unreadCount: 0, readSeq: sql`${conversationMembers.readSeq} + 10` })
      .where(eq(conversationMembers.userId, read.user.id));
    // A sender no longer active: their messages count for no badge, nor for the digest.
    const gone = await createMember(t);
    const leftAlone = await reader({}, 'Amina', 1);
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, gone.user.id));
    await unreadFrom(gone, await createMember(t), 1);
    clock.advance(2 * HOUR);
    const mailed = await run();
    for (const member of [off, unconfirmed, deactivated, read]) expect(mailed).not.toContain(member.user.id);
    expect(mailed).toContain(leftAlone.user.id);
    expect(await settingsRow(off)).toMatchObject({ emailDigest: false, digestSentAt: null });
  });

  it('runs from its queue, whichever node sends the hour’s run', async () => {
    const member = await reader();
    clock.advance(2 * HOUR);
    const id = await t.jobs.send(DIGEST_QUEUE, {});
    const outcome = await t.jobs.waitFor<{ sent: number }>(DIGEST_QUEUE, id, 10_000);
    expect(outcome.state).toBe('completed');
    await mailTo(member);
  });

  describe('one-click unsubscribe (RFC 8058)', () => {
    async function mailedToken(overrides: MemberOverrides = {}) {
      const member = await reader(overrides);
      clock.advance(2 * HOUR);
      expect(await run()).toContain(member.user.id);
      clock.reset();
      return { member, token: tokenOf(await mailTo(member))! };
    }
    const url = (token: string) => `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

    it('GET only asks, in the member’s language: a mail scanner opening the link changes nothing', async () => {
      const { member, token } = await mailedToken({ language: 'fr' });
      const res = await t.app.inject({ method: 'GET', url: url(token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<html lang="fr">');
      expect(res.body).toContain('Ne plus recevoir les e-mails de messages non lus\u202f?');
      expect(res.body).toContain(`<form method="post" action="${url(token)}"`);
      expect((await settingsRow(member))?.emailDigest).toBe(true);
    });

    it('POST as a mail client sends it (no session, a form body) turns the digest off', async () => {
      const { member, token } = await mailedToken();
      const res = await t.app.inject({
        method: 'POST',
        url: url(token),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('You are unsubscribed');
      expect((await settingsRow(member))?.emailDigest).toBe(false);
      const settings = await asMember(t, member.cookie)('GET', '/api/notifications/settings');
      expect(settings.json().emailDigest).toBe(false);
      // And no more digests.
      clock.advance(30 * HOUR);
      expect(await run()).not.toContain(member.user.id);
    });

    it('refuses a forged or altered token and changes no one', async () => {
      const { member, token } = await mailedToken();
      const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const bad of [forged, 'x', member.user.id]) {
        for (const method of ['GET', 'POST'] as const) {
          const res = await t.app.inject({
            method,
            url: url(bad),
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'ro' },
            payload: 'List-Unsubscribe=One-Click',
          });
          expect(res.statusCode).toBe(404);
          expect(res.body).toContain('Acest link nu este valid');
        }
      }
      const missing = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('validation_failed');
      expect((await settingsRow(member))?.emailDigest).toBe(true);
    });
  });
});
