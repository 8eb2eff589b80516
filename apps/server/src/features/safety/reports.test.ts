import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TEXT_MAX_LENGTH } from '@motema/shared/safety';
import { outbox } from '../../db/schema.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, type Member } from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';
import { allReports, buildReport, reportsBy } from '../../test/safety-factories.ts';
import { collectEvents, eventually, settle, socketTestBed } from '../../test/socket-test-bed.ts';

const VALID = { reason: 'fake_account', subReason: 'famous_person_photo', text: 'Photos of a singer.' };

describe('reports', () => {
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  const report = (by: Member, body: object, ip?: string) =>
    asMember(t, by.cookie)('POST', '/api/reports', body, ip);

  it('stores an open report with both ids for moderation and answers 201 with its id only', async () => {
    const [reporter, reported] = [await createMember(t), await createMember(t)];
    const res = await report(reporter, { ...VALID, user: reported.user.id, text: '  Photos of a singer.  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['_id']);
    expect(await reportsBy(t.db, reporter.user.id)).toEqual([
      expect.objectContaining({
        id: body._id,
        reporterId: reporter.user.id,
        reportedId: reported.user.id,
        reason: 'fake_account',
        subReason: 'famous_person_photo',
        text: 'Photos of a singer.',
        status: 'open',
      }),
    ]);
  });

  it('takes the text as optional', async () => {
    const [reporter, reported] = [await createMember(t), await createMember(t)];
    const res = await report(reporter, { user: reported.user.id, reason: 'other', subReason: 'other' });
    expect(res.statusCode).toBe(201);
    expect(await reportsBy(t.db, reporter.user.id)).toEqual([
      expect.objectContaining({ reason: 'other', subReason: 'other', text: '' }),
    ]);
  });

  it('accepts a text of exactly the maximum length', async () => {
    const [reporter, reported] = [await createMember(t), await createMember(t)];
    const text = 'é'.repeat(REPORT_TEXT_MAX_LENGTH);
    const res = await report(reporter, { ...VALID, user: reported.user.id, text });
    expect(res.statusCode).toBe(201);
    expect((await reportsBy(t.db, reporter.user.id))[0]?.text).toBe(text);
  });

  it.each([
    ['an unknown reason', { reason: 'boring' }, 'reason', 'report_reason_required'],
    ['no reason', { reason: undefined }, 'reason', 'report_reason_required'],
    ['a reason that is not text', { reason: 3 }, 'reason', 'report_reason_required'],
    ['a sub-reason of another reason', { subReason: 'nudity' }, 'subReason', 'report_sub_reason_required'],
    ['an unknown sub-reason', { subReason: 'whatever' }, 'subReason', 'report_sub_reason_required'],
    ['no sub-reason', { subReason: undefined }, 'subReason', 'report_sub_reason_required'],
    ['a text one character too long', { text: 'a'.repeat(REPORT_TEXT_MAX_LENGTH + 1) }, 'text', 'max_length'],
    ['a text that is not text', { text: ['a'] }, 'text', 'invalid_value'],
    ['a user that is not a uuid', { user: 'not-a-uuid' }, 'user', 'invalid_value'],
    ['no user', { user: undefined }, 'user', 'invalid_value'],
  ])('refuses %s: 400 on the field, nothing stored', async (_name, change, path, code) => {
    const [reporter, reported] = [await createMember(t), await createMember(t)];
    const before = await allReports(t.db);
    const res = await report(reporter, { ...VALID, user: reported.user.id, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path, code }));
    expect(await allReports(t.db)).toEqual(before);
  });

  it('gives the maximum with the too-long text issue, for the form to say it', async () => {
    const [reporter, reported] = [await createMember(t), await createMember(t)];
    const res = await report(reporter, {
      ...VALID,
      user: reported.user.id,
      text: 'a'.repeat(REPORT_TEXT_MAX_LENGTH + 1),
    });
    expect(res.json().issues).toContainEqual({
      path: 'text',
      code: 'max_length',
      count: REPORT_TEXT_MAX_LENGTH,
      message: `Must not exceed ${REPORT_TEXT_MAX_LENGTH} characters`,
    });
  });

  it('refuses to report oneself: 400 self_not_allowed, nothing stored', async () => {
    const reporter = await createMember(t);
    const before = await allReports(t.db);
    const res = await report(reporter, { ...VALID, user: reporter.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'self_not_allowed' });
    expect(await allReports(t.db)).toEqual(before);
  });

  it('answers 404 user_not_found for an unknown or unconfirmed member, nothing stored', async () => {
    const reporter = await createMember(t);
    const pending = await createMember(t, { status: 'pending', emailConfirmedAt: null });
    const before = await allReports(t.db);
    for (const user of [randomUUID(), pending.user.id]) {
      const res = await report(reporter, { ...VALID, user });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'user_not_found' });
    }
    expect(await allReports(t.db)).toEqual(before);
  });

  it('keeps one open report per reporter and member: 409 report_already_open, the first kept', async () => {
    const [reporter, reported, other] = [await createMember(t), await createMember(t), await createMember(t)];
    expect((await report(reporter, { ...VALID, user: reported.user.id })).statusCode).toBe(201);
    const before = await allReports(t.db);
    const again = await report(reporter, {
      user: reported.user.id,
      reason: 'scam_or_commercial',
      subReason: 'asks_for_money',
      text: 'Now asks for money too',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'report_already_open' });
    expect(await allReports(t.db)).toEqual(before);
    // Others may report the same member, and the reporter may report someone else.
    expect((await report(other, { ...VALID, user: reported.user.id })).statusCode).toBe(201);
    expect((await report(reporter, { ...VALID, user: other.user.id })).statusCode).toBe(201);
  });

  it('stores one of two identical reports sent at once', async () => {
    const [reporter, reported] = [await createMember(t), await createMember(t)];
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => report(reporter, { ...VALID, user: reported.user.id })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await reportsBy(t.db, reporter.user.id)).toHaveLength(1);
  });

  it('takes a new report once moderation closed the previous one', async () => {
    const [reporter, reported] = [await createMember(t), await createMember(t)];
    await buildReport(t, { reporter, reported, status: 'closed' });
    expect((await report(reporter, { ...VALID, user: reported.user.id })).statusCode).toBe(201);
    expect(await reportsBy(t.db, reporter.user.id)).toHaveLength(2);
  });

  it('lets a member report someone who blocked them', async () => {
    const [reporter, reported] = [await createMember(t), await createMember(t)];
    await asMember(t, reported.cookie)('POST', '/api/blocks', { user: reporter.user.id });
    expect((await report(reporter, { ...VALID, user: reported.user.id })).statusCode).toBe(201);
  });

  it('tells the reported member nothing: no event, no message, the same profile', async () => {
    const [reporter, reported] = [await createMember(t), await createMember(t)];
    const events = collectEvents(await bed.socketOf(reported));
    const profileOf = async () => (await asMember(t, reported.cookie)('GET', '/api/users/profile')).json();
    // The socket's connect writes `connected = true` just after the handshake: wait for it first.
    let profileBefore: { connected: boolean } | undefined;
    await eventually(async () => {
      profileBefore = await profileOf();
      expect(profileBefore?.connected).toBe(true);
    });

    expect((await report(reporter, { ...VALID, user: reported.user.id })).statusCode).toBe(201);
    await settle();

    expect(events).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.to, reported.user.email))).toEqual([]);
    expect(await profileOf()).toEqual(profileBefore);
  });

  it('answers 401 to a visitor and stores nothing', async () => {
    const reported = await createMember(t);
    const before = await allReports(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      remoteAddress: randomIp(),
      payload: { ...VALID, user: reported.user.id },
    });
    expect(res.statusCode).toBe(401);
    expect(await allReports(t.db)).toEqual(before);
  });

  it('limits reports to 10 an hour per member, whatever the address (R1)', async () => {
    const reporter = await createMember(t);
    const reported = await createMember(t);
    // Refused reports count too: a member cannot probe ids or flood moderation.
    for (let i = 0; i < 10; i++) {
      const res = await report(reporter, { ...VALID, user: reported.user.id }, randomIp());
      expect(res.statusCode, `report ${i + 1}`).toBe(i === 0 ? 201 : 409);
    }
    const limited = await report(reporter, { ...VALID, user: randomUUID() }, randomIp());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await report(reported, { ...VALID, user: reporter.user.id })).statusCode).toBe(201);
  });
});
