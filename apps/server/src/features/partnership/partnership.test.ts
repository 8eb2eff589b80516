import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ChildAccountsAnswerSchema,
  JournalsAnswerSchema,
  PartnershipAnswerSchema,
  REFERRAL_CODE_PATTERN,
} from '@motema/shared/partnership';
import { referrals, users } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, register, registrationBody } from '../../test/factories.ts';
import { movePayment, partnerWithChildren, pendingPaymentOf } from '../../test/partnership-factories.ts';
import { commissionOn, releaseCommission } from './commission.service.ts';
import { insertReferral, updatePartnership } from './partnership.repository.ts';

describe('the partnership programme', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const partnershipOf = async (cookie: string) => {
    const res = await asMember(t, cookie)('GET', '/api/partnership');
    expect(res.statusCode).toBe(200);
    return PartnershipAnswerSchema.parse(res.json());
  };
  const partnerOf = async (childUsername: string) => {
    const [row] = await t.db
      .select({ partnerId: referrals.partnerId })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.childId))
      .where(eq(users.username, childUsername));
    return row?.partnerId;
  };

  const nothing = { pending: 0, available: 0, inFlight: 0, revenue: 0 };

  it('is joined once: a second call answers the same code; before, every currency at 0', async () => {
    const { cookie } = await createMember(t);
    expect(await partnershipOf(cookie)).toEqual({
      partnership: null,
      balances: [
        { currency: 'USD', ...nothing, minimum: 1_000 },
        { currency: 'CDF', ...nothing, minimum: 2_800_000 },
      ],
      children: 0,
      withdrawalAccount: null,
      withdrawal: null,
    });
    const [first, second] = await Promise.all([
      asMember(t, cookie)('POST', '/api/partnership'),
      asMember(t, cookie)('POST', '/api/partnership'),
    ]);
    const joined = PartnershipAnswerSchema.parse(first!.json()).partnership!;
    expect(PartnershipAnswerSchema.parse(second!.json()).partnership).toEqual(joined);
    expect(joined.code).toMatch(REFERRAL_CODE_PATTERN);
    expect([joined.percentage, joined.holdDays, joined.endDate]).toEqual([10, 14, null]);
    expect((await partnershipOf(cookie)).partnership).toEqual(joined);
  });

  it('answers a partner with nothing yet every currency they can earn and withdraw in, with its minimum', async () => {
    const { cookie } = await createMember(t);
    expect((await asMember(t, cookie)('POST', '/api/partnership')).statusCode).toBe(200);
    const { balances } = await partnershipOf(cookie);
    expect(balances.map(({ currency, minimum }) => [currency, minimum])).toEqual([
      ['USD', 1_000],
      ['CDF', 2_800_000],
    ]);
  });

  it('gives every partner a code of their own', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => createMember(t)));
    const codes = await Promise.all(
      members.map(
        async ({ cookie }) => (await asMember(t, cookie)('POST', '/api/partnership')).json().partnership.code,
      ),
    );
    expect(new Set(codes).size).toBe(20);
    for (const code of codes) expect(code).toMatch(REFERRAL_CODE_PATTERN);
  });

  it('makes a newcomer registering with the code (any case, spaces around) a child of the partner', async () => {
    const partner = await createMember(t);
    const { code } = (await asMember(t, partner.cookie)('POST', '/api/partnership')).json().partnership;
    const body = registrationBody({ referral: ` ${code.toLowerCase()} ` });
    expect((await register(t, body)).statusCode).toBe(202);
    expect(await partnerOf(body.username)).toBe(partner.user.id);
    expect((await partnershipOf(partner.cookie)).children).toBe(1);
  });

  it('creates the account all the same with an unknown, malformed or ended code, and links nobody', async () => {
    const partner = await createMember(t);
    const { code } = (await asMember(t, partner.cookie)('POST', '/api/partnership')).json().partnership;
    await updatePartnership(t.db, partner.user.id, { endDate: clock.now() });
    for (const referral of ['ZZZZZZZZ', 'not a code!', 'O0I1O0', code]) {
      const body = registrationBody({ referral });
      expect((await register(t, body)).statusCode).toBe(202);
      const [created] = await t.db.select().from(users).where(eq(users.username, body.username));
      expect(created).toBeDefined();
      expect(await partnerOf(body.username)).toBeUndefined();
    }
  });

  it('refuses a self-referral, and a second partner for a child (one partner, for good)', async () => {
    const [member, other] = await Promise.all([createMember(t), createMember(t)]);
    await partnerWithChildren(t.db, other.user.id);
    const link = (childId: string, partnerId: string) =>
      t.db.transaction((tx) => insertReferral(tx, { childId, partnerId, createdAt: clock.now() }));
    await expect(link(member.user.id, member.user.id)).rejects.toThrow();
    expect(await link(member.user.id, other.user.id)).toBe(true);
    expect(await link(member.user.id, (await createMember(t)).user.id)).toBe(false);
    expect(await partnerOf(member.user.username)).toBe(other.user.id);
  });

  it("lists a partner's children to that partner only, with search; another's id answers 404 (Z1)", async () => {
    const partner = await createMember(t);
    const other = await createMember(t);
    const [zola, zuri] = await Promise.all([
      createMember(t, { firstName: 'Zola' }),
      createMember(t, { firstName: 'Zuri' }),
    ]);
    await partnerWithChildren(t.db, partner.user.id, zola!.user.id, zuri!.user.id);
    await partnerWithChildren(t.db, other.user.id);
    const asPartner = asMember(t, partner.cookie);
    const all = ChildAccountsAnswerSchema.parse(
      (await asPartner('GET', `/api/users?parent-id=${partner.user.id}`)).json(),
    );
    expect(all.count).toBe(2);
    expect(all.users.map((u) => u.name).sort()).toEqual(['Zola', 'Zuri']);
    expect(all.users[0]).not.toHaveProperty('lastName');
    const found = (await asPartner('GET', `/api/users?parent-id=${partner.user.id}&search=zol`)).json();
    expect(found.users.map((u: { _id: string }) => u._id)).toEqual([zola!.user.id]);
    expect((await asPartner('GET', `/api/users?parent-id=${other.user.id}`)).statusCode).toBe(404);
    expect(
      (await asMember(t, other.cookie)('GET', `/api/users?parent-id=${partner.user.id}`)).statusCode,
    ).toBe(404);
    expect((await asPartner('GET', `/api/users?parent-id=${partner.user.id}&limit=0`)).statusCode).toBe(400);
    // Without parent-id, discovery's list as before.
    expect((await asPartner('GET', '/api/users')).json()).toHaveProperty('users');
  });

  it('shows the journal from the ledger, newest first, with kinds and signs as the contract says; others see none of it (Z1)', async () => {
    const partner = await createMember(t);
    const child = await createMember(t, { firstName: 'Nadia' });
    const stranger = await createMember(t);
    await partnerWithChildren(t.db, partner.user.id, child.user.id);
    const kept = await movePayment(t.db, t.jobs, await pendingPaymentOf(t.db, child.user.id), 'SUCCESS');
    await t.db.transaction((tx) => releaseCommission(tx, { paymentId: kept!.id }));
    // The released payment is refunded, and then a second commission.
    await movePayment(t.db, t.jobs, kept!, 'REFUNDED');
    const second = await movePayment(t.db, t.jobs, await pendingPaymentOf(t.db, child.user.id), 'SUCCESS');
    const share = commissionOn(kept!.amountMinor, 10);

    const answer = JournalsAnswerSchema.parse(
      (await asMember(t, partner.cookie)('GET', '/api/journals')).json(),
    );
    expect(answer.count).toBe(5);
    // Each line's amount is what it did to the balance (on hold and available); a release only moves
    // the share from on hold to available: 0, with what it moved.
    expect(answer.journals.map((j) => [j.kind, j.amount, j.moved, j.payment?.reference])).toEqual([
      ['commission', share, share, second!.reference],
      ['commission_reversed', -share, share, kept!.reference],
      ['release', 0, share, kept!.reference],
      ['release', 0, share, kept!.reference],
      ['commission', share, share, kept!.reference],
    ]);
    expect(answer.journals[0]!.child).toEqual({ _id: child.user.id, name: 'Nadia' });
    const page = JournalsAnswerSchema.parse(
      (await asMember(t, partner.cookie)('GET', '/api/journals?skip=4&limit=2')).json(),
    );
    expect([page.count, page.journals.length]).toEqual([5, 1]);

    const balances = (await partnershipOf(partner.cookie)).balances;
    expect(balances).toEqual([
      { currency: 'USD', pending: share, available: 0, inFlight: 0, revenue: share, minimum: 1_000 },
      { currency: 'CDF', ...nothing, minimum: 2_800_000 },
    ]);
    // The lines add up to it.
    expect(answer.journals.reduce((sum, j) => sum + j.amount, 0)).toBe(share);
    expect((await asMember(t, stranger.cookie)('GET', '/api/journals')).json()).toEqual({
      journals: [],
      count: 0,
    });
    expect((await asMember(t, child.cookie)('GET', '/api/journals')).json()).toEqual({
      journals: [],
      count: 0,
    });
  });
});
