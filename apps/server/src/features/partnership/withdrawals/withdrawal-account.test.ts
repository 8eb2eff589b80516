import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  JournalsAnswerSchema,
  PartnershipAnswerSchema,
  WithdrawalAccountSchema,
} from '@motema/shared/partnership';
import { clock } from '../../../lib/clock.ts';
import { outboxTo, type Member } from '../../../test/factories.ts';
import { MAGIC_PAYERS, startPaymentsBed, type PaymentsBed } from '../../../test/payments-bed.ts';
import {
  balancesOf,
  getAsMember,
  partnerWithAvailable,
  postWithdrawal,
} from '../../../test/withdrawals-bed.ts';

const HOUR = 3_600_000;

/**
 * A withdrawal number proven by a small collection (P20), over HTTP against the real database and
 * the FlexPay simulator: the password, the proof, Verify, Retry, the credit back, and a change of
 * number with its mail and its cooldown.
 */
describe('the withdrawal number', () => {
  let bed: PaymentsBed;
  const advanceSim = (ms: number) => bed.flexpay.sim.control.advanceClock(ms);
  const call = (member: Member, method: 'PUT' | 'POST', url: string, payload?: object) =>
    bed.t.app.inject({ method, url, headers: { cookie: member.cookie }, ...(payload && { payload }) });
  const setNumber = (member: Member, phone: string, password = member.password) =>
    call(member, 'PUT', '/api/partnership/withdrawal-account', { phone, password });
  const verify = async (member: Member) => {
    const res = await call(member, 'POST', '/api/partnership/withdrawal-account/verify');
    expect(res.statusCode).toBe(200);
    return WithdrawalAccountSchema.parse(res.json());
  };
  /** Moves past the last check's spacing, then verifies. */
  const verifyLater = (member: Member) => {
    clock.advance(5_000);
    return verify(member);
  };

  beforeAll(async () => {
    bed = await startPaymentsBed();
  });
  afterAll(() => bed?.close());
  afterEach(() => clock.reset());

  it('asks the password (400 wrong_password on password) and a valid number (400, an issue on phone), storing nothing', async () => {
    const member = await partnerWithAvailable(bed.t.db, 0);
    const wrong = await setNumber(member, '0812345678', 'not the password');
    expect([wrong.statusCode, wrong.json().code, wrong.json().issues?.[0]?.path]).toEqual([
      400,
      'wrong_password',
      'password',
    ]);
    const invalid = await setNumber(member, '12');
    expect([invalid.statusCode, invalid.json().issues?.[0]?.path]).toEqual([400, 'phone']);
    const fetched = PartnershipAnswerSchema.parse(
      (await getAsMember(bed, member, '/api/partnership')).json(),
    );
    expect(fetched.withdrawalAccount).toBeNull();
    expect(bed.flexpay.sim.control.transactions().filter((tx) => tx.phone === '243812345678')).toEqual([]);
  });

  it('proves a number by a collection its holder approves, and credits the amount back to what can be withdrawn', async () => {
    const member = await partnerWithAvailable(bed.t.db, 0);
    const res = await setNumber(member, '+243 990 000 100');
    expect(res.statusCode).toBe(200);
    expect(WithdrawalAccountSchema.parse(res.json())).toEqual({
      phone: MAGIC_PAYERS.payoutSuccess.msisdn,
      status: 'proving',
      provenAt: null,
      withdrawableFrom: null,
      proofAmount: { amount: 10_000, currency: 'CDF' },
    });
    expect((await verify(member)).status).toBe('proving');
    await advanceSim(2_000);
    const proven = await vi.waitFor(
      async () => {
        const account = await verifyLater(member);
        expect(account.status).toBe('proven');
        return account;
      },
      { timeout: 10_000 },
    );
    // A first number opens at once.
    expect(proven.withdrawableFrom).toBe(proven.provenAt);
    expect(await balancesOf(bed.t.db, member.user.id, 'CDF')).toEqual({ available: 10_000, inFlight: 0 });
    const { journals } = JournalsAnswerSchema.parse((await getAsMember(bed, member, '/api/journals')).json());
    expect(journals).toMatchObject([{ kind: 'proof_credited', amount: 10_000, currency: 'CDF' }]);
    // Verified again, nothing more is credited; the same number given again proves nothing anew.
    await verifyLater(member);
    expect(await balancesOf(bed.t.db, member.user.id, 'CDF')).toEqual({ available: 10_000, inFlight: 0 });
    const again = await setNumber(member, '0990000100');
    expect(again.json()).toEqual(proven);
    expect(bed.flexpay.sim.control.transactions().filter((tx) => tx.phone === '243990000100')).toHaveLength(
      1,
    );
  });

  it('a declined proof fails; retry pushes a new collection, which proves it', async () => {
    const member = await partnerWithAvailable(bed.t.db, 0);
    await setNumber(member, '0812345681');
    const [first] = bed.flexpay.sim.control.transactions().filter((tx) => tx.phone === '243812345681');
    await bed.flexpay.sim.control.decline(first!.orderNumber);
    expect((await verifyLater(member)).status).toBe('failed');
    const retried = await call(member, 'POST', '/api/partnership/withdrawal-account/retry');
    expect(retried.json().status).toBe('proving');
    const pushes = bed.flexpay.sim.control.transactions().filter((tx) => tx.phone === '243812345681');
    expect(pushes).toHaveLength(2);
    await bed.flexpay.sim.control.approve(pushes[1]!.orderNumber);
    expect((await verifyLater(member)).status).toBe('proven');
  });

  it('P20: a change of a proven number is mailed, and a withdrawal to the new one at once is refused with the cooldown', async () => {
    const member = await partnerWithAvailable(bed.t.db, 10_000);
    await setNumber(member, '0812345682');
    const [first] = bed.flexpay.sim.control.transactions().filter((tx) => tx.phone === '243812345682');
    await bed.flexpay.sim.control.approve(first!.orderNumber);
    expect((await verifyLater(member)).status).toBe('proven');
    expect((await setNumber(member, '0812345683')).json().status).toBe('proving');
    await vi.waitFor(async () =>
      expect((await outboxTo(bed.t.db, member.user.email)).map((mail) => mail.subject)).toContain(
        'Your withdrawal number was changed',
      ),
    );
    // Unproven, the new number takes nothing.
    expect((await postWithdrawal(bed, member, { amount: 1_000, currency: 'USD' })).json().code).toBe(
      'withdrawal_account_required',
    );
    const [second] = bed.flexpay.sim.control.transactions().filter((tx) => tx.phone === '243812345683');
    await bed.flexpay.sim.control.approve(second!.orderNumber);
    const proven = await verifyLater(member);
    expect(proven.status).toBe('proven');
    expect(new Date(proven.withdrawableFrom!).getTime() - new Date(proven.provenAt!).getTime()).toBe(
      72 * HOUR,
    );
    const refused = await postWithdrawal(bed, member, { amount: 1_000, currency: 'USD' });
    expect([refused.statusCode, refused.json().code, refused.json().until]).toEqual([
      403,
      'withdrawal_cooldown',
      proven.withdrawableFrom,
    ]);
    clock.advance(72 * HOUR);
    expect((await postWithdrawal(bed, member, { amount: 1_000, currency: 'USD' })).statusCode).toBe(201);
  });

  it('is for partners only', async () => {
    const member = await partnerWithAvailable(bed.t.db, 0);
    await bed.t.db.execute(sql`DELETE FROM partnerships WHERE user_id = ${member.user.id}`);
    const res = await setNumber(member, '0812345684');
    expect([res.statusCode, res.json().code]).toEqual([403, 'partnership_required']);
  });

  it('verify and retry without a number answer 404', async () => {
    const member = await partnerWithAvailable(bed.t.db, 0);
    expect((await call(member, 'POST', '/api/partnership/withdrawal-account/verify')).statusCode).toBe(404);
    expect((await call(member, 'POST', '/api/partnership/withdrawal-account/retry')).statusCode).toBe(404);
  });
});
