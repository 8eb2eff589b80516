import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_WINDOW_DAYS } from '@motema/shared/moderation';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember } from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';
import { act, createStaff, eventsOf, reportedMemberCase } from '../../test/moderation-factories.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';

const PUBLIC_URL = 'https://motema.test';
const DAY_MS = 86_400_000;

describe('notices and appeals', () => {
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

  const visitor = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${path.replace('/appeal/', '/appeals/')}`,
      remoteAddress: randomIp(),
      ...(payload ? { payload } : {}),
    });

  /** A warned member, the mail they received and its appeal link's path. */
  async function warned(language: 'en' | 'fr' | 'ro' = 'en') {
    const staff = await createStaff(t);
    const member = await createMember(t, { language });
    const found = await reportedMemberCase(t, member);
    const res = await act(t, staff, found.id, { action: 'warn', rule: 'harassment', message: 'Be kind.' });
    expect(res.statusCode).toBe(200);
    const mail = await inbox.waitFor((m) => m.to.includes(member.user.email));
    const path = new URL(/https:\/\/motema\.test\/appeal\/[\w-]+/.exec(mail.text)![0]).pathname;
    return { staff, member, found, mail, path };
  }

  it('mails the member in their language, naming the rule, with the appeal link', async () => {
    const fr = await warned('fr');
    expect(fr.mail.subject).toBe('Une décision de l’équipe Motema concernant votre compte');
    expect(fr.mail.text).toContain('La règle concernée\u00a0: Harcèlement.');
    expect(fr.mail.text).toContain('Be kind.');
    const ro = await warned('ro');
    expect(ro.mail.text).toContain('Regula încălcată: Hărțuire.');
    const en = await warned('en');
    expect(en.mail.text).toContain('The rule concerned: Harassment.');
  });

  it('lists the member’s notices with an appeal path of their own, and shows the appeal page signed out', async () => {
    const { member, path } = await warned();
    const list = await asMember(t, member.cookie)('GET', '/api/moderation/notices');
    expect(list.json().notices).toEqual([
      expect.objectContaining({
        action: 'warn',
        rule: 'harassment',
        message: 'Be kind.',
        appealPath: expect.stringMatching(/^\/appeal\//),
      }),
    ]);
    const fromList = list.json().notices[0].appealPath as string;
    for (const link of [path, fromList]) {
      const page = await visitor('GET', link);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ notice: { action: 'warn' }, appeal: null });
    }
    expect((await visitor('GET', '/appeal/not-a-real-token')).statusCode).toBe(404);
  });

  it('reopens the case on appeal, for another moderator only; a second appeal is refused', async () => {
    const { staff, found, path } = await warned();
    const res = await visitor('POST', path, { text: 'It was a joke between friends.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().appeal).toMatchObject({ text: 'It was a joke between friends.' });
    const detail = (await asMember(t, staff.cookie)('GET', `/api/moderation/cases/${found.id}`)).json();
    expect(detail).toMatchObject({
      state: 'open',
      appealed: true,
      actionable: false,
      appeal: { text: 'It was a joke between friends.' },
    });
    const same = await act(t, staff, found.id, { action: 'dismiss' });
    expect([same.statusCode, same.json().code]).toEqual([409, 'appeal_needs_another_moderator']);
    const other = await createStaff(t, 'admin');
    expect(
      (await asMember(t, other.cookie)('GET', `/api/moderation/cases/${found.id}`)).json().actionable,
    ).toBe(true);
    expect((await act(t, other, found.id, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await eventsOf(t.db, found.id)).map((e) => e.action)).toEqual(['warn', 'appeal', 'dismiss']);
    const twice = await visitor('POST', path, { text: 'Again.' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'appeal_already_made']);
  });

  it('refuses an appeal after the window (410 appeal_too_late) and an empty one (400), the case left closed', async () => {
    const { staff, found, path } = await warned();
    const empty = await visitor('POST', path, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toContainEqual(
      expect.objectContaining({ path: 'text', code: 'appeal_text_required' }),
    );
    clock.advance(APPEAL_WINDOW_DAYS * DAY_MS + 60_000);
    const late = await visitor('POST', path, { text: 'Please reconsider.' });
    expect([late.statusCode, late.json().code]).toEqual([410, 'appeal_too_late']);
    const detail = (await asMember(t, staff.cookie)('GET', `/api/moderation/cases/${found.id}`)).json();
    expect(detail).toMatchObject({ state: 'closed', appealed: false, appeal: null });
  });

  it('shows a member’s history to the staff: their cases and the actions taken', async () => {
    const { member, found } = await warned();
    const staff = await createStaff(t);
    const history = (
      await asMember(t, staff.cookie)('GET', `/api/moderation/members/${member.user.id}`)
    ).json();
    expect(history.member._id).toBe(member.user.id);
    expect(history.cases.map((c: { _id: string }) => c._id)).toEqual([found.id]);
    expect(history.events.map((e: { action: string }) => e.action)).toEqual(['warn']);
  });
});
