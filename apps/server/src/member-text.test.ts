import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, type ValidationMessageKey } from '@motema/shared/validation';
import { messages, users } from './db/schema.ts';
import type { TestApp } from './test/build-test-app.ts';
import {
  chatPair,
  chatSnapshot,
  expectChatUnchanged,
  requestAs,
  send,
  sent,
  textMessage,
} from './test/chat-factories.ts';
import { asMember, createMember, findUser, register, registrationBody } from './test/factories.ts';
import { allReports } from './test/safety-factories.ts';
import { socketTestBed } from './test/socket-test-bed.ts';

/** What an outside probe stored before: a first name that displays reversed, a disguised file name. */
const REVERSED_NAME = '\u202EeciloP\u200B';
const DISGUISED_FILE = '\u202Egnp.exe';
/** Hangul filler, zero width space, blank braille pattern: nothing on screen. */
const INVISIBLE = '\u3164\u200B\u2800';

type Res = { statusCode: number; json: () => unknown };
/** A 400 validation_failed naming `field` with the shared message key and its English text. */
function expectRefused(res: Res, field: string, key: ValidationMessageKey) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { code: string; issues: unknown[] };
  expect(body.code).toBe('validation_failed');
  expect(body.issues).toContainEqual({ path: field, code: key, message: VALIDATION_MESSAGES[key] });
}

describe('member text with direction controls or nothing visible is refused, nothing stored changes (QUALITY T1)', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  it('POST /auth/register refuses such a first name and creates no account', async () => {
    for (const [firstName, key] of [
      [REVERSED_NAME, 'text_direction_control'],
      [INVISIBLE, 'text_invisible_character'],
      ['Amani\u200F', 'text_direction_control'],
    ] as const) {
      const body = registrationBody({ firstName });
      expectRefused(await register(t, body), 'firstName', key);
      expect(await t.db.select().from(users).where(eq(users.username, body.username))).toEqual([]);
    }
    const reversed = registrationBody({ username: '\u202EeciloP' });
    expectRefused(await register(t, reversed), 'username', 'username_start_letter');
  });

  it('PUT /users/profile (the onboarding and the profile settings) keeps the stored profile', async () => {
    const member = await createMember(t, { about: 'Rumba on Sundays' });
    const before = await findUser(t.db, member.user.id);
    const put = (patch: object) =>
      asMember(t, member.cookie)('PUT', '/api/users/profile', {
        firstName: 'Amani',
        lastName: 'Kabila',
        dateOfBirth: '1995-06-15',
        sex: 'female',
        ...patch,
      });
    expectRefused(await put({ firstName: REVERSED_NAME }), 'firstName', 'text_direction_control');
    expectRefused(await put({ firstName: '\u3164' }), 'firstName', 'text_invisible_character');
    expectRefused(await put({ lastName: '\u2800' }), 'lastName', 'text_invisible_character');
    expectRefused(await put({ about: `see ${DISGUISED_FILE}` }), 'about', 'text_direction_control');
    expectRefused(await put({ about: INVISIBLE }), 'about', 'text_invisible_only');
    expect(await findUser(t.db, member.user.id)).toEqual(before);

    // Visible names keep their joiners and selectors: emoji sequences, Persian spelling.
    const accepted = await put({
      firstName: '\u{1F469}\u{1F3FD}\u200D\u{1F4BB} Ana',
      lastName: 'می\u200Cخواهم',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await findUser(t.db, member.user.id)).toMatchObject({
      firstName: '\u{1F469}\u{1F3FD}\u200D\u{1F4BB} Ana',
      lastName: 'می\u200Cخواهم',
    });
  });

  it('chats:messages:send refuses a disguised or invisible message and stores nothing; emoji sequences go through', async () => {
    const { a, conversationId } = await chatPair(t);
    const socket = await socketOf(a);
    const before = await chatSnapshot(t.db);
    for (const text of [DISGUISED_FILE, 'a \u2066b\u2069 c', INVISIBLE, '\u200E\u200F']) {
      expect(await send(socket, textMessage(conversationId, text)), JSON.stringify(text)).toEqual({
        ok: false,
        code: 'validation_failed',
      });
    }
    await expectChatUnchanged(t.db, before);

    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467} \u2764\uFE0F\u200D\u{1F525}';
    const message = await sent(socket, textMessage(conversationId, family));
    expect(message.text).toBe(family);
  });

  it('PATCH /messages/{id} refuses such an edit and keeps the message as it was', async () => {
    const { a, conversationId } = await chatPair(t);
    const message = await sent(await socketOf(a), textMessage(conversationId, 'Mbote'));
    const before = await chatSnapshot(t.db);
    const edit = (text: string) => requestAs(t, a)('PATCH', `/api/messages/${message._id}`, { text });
    expectRefused(await edit(DISGUISED_FILE), 'text', 'text_direction_control');
    expectRefused(await edit(INVISIBLE), 'text', 'text_invisible_only');
    await expectChatUnchanged(t.db, before);
    const [stored] = await t.db.select().from(messages).where(eq(messages.id, message._id));
    expect(stored).toMatchObject({ text: 'Mbote', editedAt: null });
  });

  it('POST /reports refuses such a text and stores no report', async () => {
    const [reporter, reported] = [await createMember(t), await createMember(t)];
    const before = await allReports(t.db);
    for (const [text, key] of [
      [`he sent ${DISGUISED_FILE}`, 'text_direction_control'],
      [INVISIBLE, 'text_invisible_only'],
    ] as const) {
      const res = await asMember(t, reporter.cookie)('POST', '/api/reports', {
        user: reported.user.id,
        reason: 'other',
        subReason: 'other',
        text,
      });
      expectRefused(res, 'text', key);
    }
    expect(await allReports(t.db)).toEqual(before);
  });
});
