import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { givePass } from '../../test/billing-factories.ts';
import {
  asMember,
  createMember,
  findUser,
  login,
  register,
  registrationBody,
  sessionsOf,
} from '../../test/factories.ts';
import { buildPost } from '../../test/post-factories.ts';
import { disconnection, socketTestBed, within } from '../../test/socket-test-bed.ts';
import {
  act,
  caseOf,
  createStaff,
  eventsOf,
  fileReport,
  reportedMemberCase,
} from '../../test/moderation-factories.ts';

const DAY_MS = 86_400_000;

describe('moderation actions', () => {
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  afterEach(() => clock.reset());

  it('removes a reported post, logs the action with its rule, note and moderator, and closes the case', async () => {
    const staff = await createStaff(t);
    const author = await createMember(t);
    const post = await buildPost(t, { author, visibility: 'public', text: 'Buy followers here' });
    await fileReport(t, await createMember(t), { user: author.user.id, post: post.id });
    const found = (await caseOf(t.db, 'post', post.id))!;
    const res = await act(t, staff, found.id, { action: 'remove_content', rule: 'spam', note: 'Seller' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'closed',
      snapshot: { live: false, text: 'Buy followers here' },
    });
    expect((await asMember(t, author.cookie)('GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect(await eventsOf(t.db, found.id)).toEqual([
      expect.objectContaining({
        action: 'remove_content',
        rule: 'spam',
        note: 'Seller',
        moderatorId: staff.user.id,
      }),
    ]);
    const again = await act(t, staff, found.id, { action: 'warn' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'case_closed']);
  });

  it('keeps the audit log append-only: the database refuses to edit or delete an entry', async () => {
    const staff = await createStaff(t);
    const found = await reportedMemberCase(t, await createMember(t));
    await act(t, staff, found.id, { action: 'dismiss' });
    const [entry] = await eventsOf(t.db, found.id);
    const refusal = { cause: expect.objectContaining({ message: 'moderation_events is append-only' }) };
    await expect(
      t.db.execute(sql`UPDATE moderation_events SET note = 'edited' WHERE id = ${entry!.id}`),
    ).rejects.toMatchObject(refusal);
    await expect(
      t.db.execute(sql`DELETE FROM moderation_events WHERE id = ${entry!.id}`),
    ).rejects.toMatchObject(refusal);
    expect(await eventsOf(t.db, found.id)).toEqual([entry]);
  });

  it('refuses a suspension without days (400 days_required), nothing changed', async () => {
    const staff = await createStaff(t);
    const reported = await createMember(t);
    const found = await reportedMemberCase(t, reported);
    const res = await act(t, staff, found.id, { action: 'suspend' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(
      expect.objectContaining({ path: 'days', code: 'days_required' }),
    );
    expect((await findUser(t.db, reported.user.id))?.status).toBe('active');
    expect(await eventsOf(t.db, found.id)).toEqual([]);
  });

  it('suspends a Premium member: every session ends, the socket closes, sign-in answers 403 until the end', async () => {
    const staff = await createStaff(t);
    const reported = await createMember(t);
    await givePass(t.db, reported.user.id, 'month');
    const socket = await bed.socketOf(reported);
    const dropped = disconnection(socket);
    const found = await reportedMemberCase(t, reported);
    const res = await act(t, staff, found.id, { action: 'suspend', rule: 'harassment', days: 7 });
    expect(res.statusCode).toBe(200);
    await within(dropped, 'the suspended member’s socket closing');
    expect((await sessionsOf(t.db, reported.user.id)).every((s) => s.revokedAt !== null)).toBe(true);
    expect((await asMember(t, reported.cookie)('GET', '/api/users/profile')).statusCode).toBe(401);
    const refused = await login(t, reported.user.username, reported.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_suspended', until: expect.any(String) });
    expect(new Date(refused.json().until).getTime()).toBeGreaterThan(clock.now().getTime() + 6 * DAY_MS);
    clock.advance(7 * DAY_MS + 60_000);
    const back = await login(t, reported.user.username, reported.password);
    expect(back.statusCode).toBe(200);
    expect((await findUser(t.db, reported.user.id))?.status).toBe('active');
  });

  it('bans a member: sessions end, sign-in answers 403 account_banned, their e-mail and phone register no one again', async () => {
    const staff = await createStaff(t);
    const phone = `+24381${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const reported = await createMember(t, { phone });
    await givePass(t.db, reported.user.id, 'month');
    const socket = await bed.socketOf(reported);
    const dropped = disconnection(socket);
    const found = await reportedMemberCase(t, reported, {
      reason: 'scam_or_commercial',
      subReason: 'asks_for_money',
    });
    expect((await act(t, staff, found.id, { action: 'ban', rule: 'scam' })).statusCode).toBe(200);
    await within(dropped, 'the banned member’s socket closing');
    expect((await findUser(t.db, reported.user.id))?.status).toBe('banned');
    const refused = await login(t, reported.user.email, reported.password);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'account_banned']);

    const again = await register(t, registrationBody({ email: reported.user.email.toUpperCase() }));
    expect([again.statusCode, again.json().code]).toEqual([403, 'registration_refused']);
    const other = await createMember(t);
    const email = await asMember(t, other.cookie)('POST', '/api/users/email', {
      email: reported.user.email,
      password: other.password,
    });
    expect([email.statusCode, email.json().code]).toEqual([403, 'registration_refused']);
    const phoned = await asMember(t, other.cookie)('POST', '/api/users/phone', {
      phone,
      password: other.password,
    });
    expect([phoned.statusCode, phoned.json().code]).toEqual([403, 'registration_refused']);
    const fine = await register(t, registrationBody());
    expect(fine.statusCode).toBe(202);
  });

  it('restricts and requires verification through the member’s row', async () => {
    const staff = await createStaff(t);
    const reported = await createMember(t);
    const first = await reportedMemberCase(t, reported);
    await act(t, staff, first.id, { action: 'restrict', days: 3 });
    const restricted = await findUser(t.db, reported.user.id);
    expect(restricted?.restrictedUntil?.getTime()).toBeGreaterThan(clock.now().getTime() + 2 * DAY_MS);
    const second = await reportedMemberCase(t, reported);
    expect(second.id).toBe(first.id);
    await act(t, staff, second.id, { action: 'require_verification' });
    expect((await findUser(t.db, reported.user.id))?.verificationRequired).toBe(true);
  });
});
