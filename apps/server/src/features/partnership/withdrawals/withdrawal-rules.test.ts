import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { memberAccount } from '../../money/ledger/ledger.service.ts';
import { postAlone } from '../../../test/ledger-bed.ts';
import { MAGIC_PAYERS, startPaymentsBed, type PaymentsBed } from '../../../test/payments-bed.ts';
import {
  balancesOf,
  getAsMember,
  partnerWithAvailable,
  postWithdrawal,
  provenNumber,
} from '../../../test/withdrawals-bed.ts';

const HOUR = 3_600_000;
const TEN_DOLLARS = { amount: 1_000, currency: 'USD' };

/**
 * Withdrawal requests over HTTP against the real database (M7, Z1): each rule refused, one in flight
 * whatever the race, and a change of number racing them. The payouts' outcomes: withdrawals.test.ts.
 */
describe('withdrawal rules', () => {
  let bed: PaymentsBed;
  beforeAll(async () => {
    bed = await startPaymentsBed();
  });
  afterAll(() => bed?.close());
  afterEach(() => clock.reset());

  it('refuses each rule of M7 with its code, storing nothing', async () => {
    const none = await partnerWithAvailable(bed.t.db, 0);
    const stranger = await partnerWithAvailable(bed.t.db, 0);
    await bed.t.db.execute(sql`DELETE FROM partnerships WHERE user_id = ${stranger.user.id}`);
    const refusal = async (member: typeof none, body = TEN_DOLLARS) => {
      const res = await postWithdrawal(bed, member, body);
      return [res.statusCode, res.json().code];
    };
    expect(await refusal(stranger)).toEqual([403, 'partnership_required']);
    expect(await refusal(none)).toEqual([400, 'withdrawal_account_required']);
    await provenNumber(bed.t.db, none.user.id, MAGIC_PAYERS.payoutSuccess.msisdn);
    expect(await refusal(none, { amount: 999, currency: 'USD' })).toEqual([400, 'withdrawal_minimum']);
    expect(await refusal(none)).toEqual([400, 'insufficient_balance']);
    // A refund took back more than was pending (P18): nothing is withdrawn until it is covered.
    const owing = await partnerWithAvailable(bed.t.db, 10_000);
    await provenNumber(bed.t.db, owing.user.id, '243812345675');
    await postAlone(bed.t.db, {
      key: `commission:${randomUUID()}:reversed`,
      kind: 'reversal_test',
      source: { kind: 'commission', id: randomUUID() },
      description: 'A commission taken back after its release was withdrawn',
      lines: [
        { account: memberAccount(owing.user.id, 'aff_pending'), amount: 500, currency: 'USD' },
        { account: 'platform:commission_expense', amount: -500, currency: 'USD' },
      ],
    });
    expect(await refusal(owing)).toEqual([400, 'insufficient_balance']);
    const cooled = await partnerWithAvailable(bed.t.db, 10_000);
    await provenNumber(bed.t.db, cooled.user.id, MAGIC_PAYERS.payoutSuccess.msisdn, 72 * HOUR);
    const res = await postWithdrawal(bed, cooled, TEN_DOLLARS);
    expect([res.statusCode, res.json().code]).toEqual([403, 'withdrawal_cooldown']);
    expect(new Date(res.json().until).getTime()).toBeGreaterThan(Date.now() + 71 * HOUR);
    const rich = await partnerWithAvailable(bed.t.db, 300_000);
    await provenNumber(bed.t.db, rich.user.id, '243812345678');
    expect(await refusal(rich, { amount: 250_001, currency: 'USD' })).toEqual([400, 'operator_limit']);
    expect((await postWithdrawal(bed, rich, { amount: 250_001, currency: 'USD' })).json().limit).toBe(
      'daily',
    );
    const stored = await bed.t.db
      .select()
      .from(withdrawals)
      .where(
        sql`${withdrawals.userId} IN (${none.user.id}, ${owing.user.id}, ${cooled.user.id}, ${rich.user.id})`,
      );
    expect(stored).toEqual([]);
  });

  it("Z1: a partner cannot see another partner's withdrawal", async () => {
    const owner = await partnerWithAvailable(bed.t.db, 10_000);
    const other = await partnerWithAvailable(bed.t.db, 0);
    await provenNumber(bed.t.db, owner.user.id, '243812345670');
    const made = (await postWithdrawal(bed, owner, TEN_DOLLARS)).json();
    expect((await getAsMember(bed, other, `/api/withdrawals/${made._id}`)).statusCode).toBe(404);
    expect((await getAsMember(bed, other, `/api/withdrawals/not-an-id`)).statusCode).toBe(404);
    expect((await getAsMember(bed, owner, `/api/withdrawals/${made._id}`)).statusCode).toBe(200);
  });

  it('the database refuses a second withdrawal in flight', async () => {
    const member = await partnerWithAvailable(bed.t.db, 0);
    const row = (key: string) => ({
      userId: member.user.id,
      idempotencyKey: key,
      fingerprint: 'f',
      reference: key.replace(/-/g, '').slice(0, 20).toUpperCase(),
      phone: '243812345671',
      amountMinor: 1_000,
      currency: 'USD' as const,
    });
    await bed.t.db.insert(withdrawals).values(row(randomUUID()));
    await expect(bed.t.db.insert(withdrawals).values(row(randomUUID()))).rejects.toThrow();
    await bed.t.db
      .update(withdrawals)
      .set({ status: 'FAILED' })
      .where(eq(withdrawals.userId, member.user.id));
    await bed.t.db.insert(withdrawals).values(row(randomUUID()));
  });

  it('50 concurrent requests by one partner: exactly one is made, the others are told one is in flight', async () => {
    const member = await partnerWithAvailable(bed.t.db, 10_000);
    await provenNumber(bed.t.db, member.user.id, '243812345672');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => postWithdrawal(bed, member, TEN_DOLLARS)),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(new Set(answers.filter((res) => res.statusCode !== 201).map((res) => res.json().code))).toEqual(
      new Set(['withdrawal_in_flight']),
    );
    expect(await balancesOf(bed.t.db, member.user.id)).toEqual({ available: 9_000, inFlight: 1_000 });
  });

  it('M7: withdrawals racing a change of number: none goes to the new number, none after the change', async () => {
    const member = await partnerWithAvailable(bed.t.db, 10_000);
    await provenNumber(bed.t.db, member.user.id, '243812345673');
    const change = bed.t.app.inject({
      method: 'PUT',
      url: '/api/partnership/withdrawal-account',
      headers: { cookie: member.cookie },
      payload: { phone: '0812345674', password: member.password },
    });
    const asked = Array.from({ length: 10 }, () => postWithdrawal(bed, member, TEN_DOLLARS));
    const [changed, ...answers] = await Promise.all([change, ...asked]);
    expect(changed.statusCode).toBe(200);
    const made = answers.filter((res) => res.statusCode === 201).map((res) => res.json());
    expect(made.length).toBeLessThanOrEqual(1);
    for (const withdrawal of made) expect(withdrawal.phone).toBe('243812345673');
    const refused = answers.filter((res) => res.statusCode !== 201).map((res) => res.json().code);
    for (const code of refused)
      expect(['withdrawal_in_flight', 'withdrawal_account_required']).toContain(code);
    // After the change, the new number is unproven: nothing more goes out.
    expect((await postWithdrawal(bed, member, TEN_DOLLARS)).json().code).toMatch(
      /withdrawal_in_flight|withdrawal_account_required/,
    );
  });
});
