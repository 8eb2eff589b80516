import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { JournalsAnswerSchema, PartnershipAnswerSchema, WithdrawalSchema } from '@motema/shared/partnership';
import { journalEntries, withdrawals } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { ledgerIsBalanced, memberAccount } from '../../money/ledger/ledger.service.ts';
import { postAlone } from '../../../test/ledger-bed.ts';
import { MAGIC_PAYERS, startPaymentsBed, type PaymentsBed } from '../../../test/payments-bed.ts';
import {
  balancesOf,
  getAsMember,
  partnerWithAvailable,
  postWithdrawal,
  provenNumber,
  withdrawalRow,
} from '../../../test/withdrawals-bed.ts';
import { sweepWithdrawals } from './payout.service.ts';
import { listUnknownPayouts, resolvePayout } from './payouts-operator.service.ts';
import { withdrawalsDepsOf } from './withdrawals-deps-of.ts';

const HOUR = 3_600_000;
const TEN_DOLLARS = { amount: 1_000, currency: 'USD' };

/**
 * Withdrawals over HTTP against the real database and the FlexPay simulator (P19, M7): the
 * reservation, the payout job, the simulator's payout scenarios, and what the member sees.
 */
describe('withdrawals', () => {
  let bed: PaymentsBed;
  const deps = () => withdrawalsDepsOf(bed.t.app.deps, { error: () => {} });
  const advanceSim = (ms: number) => bed.flexpay.sim.control.advanceClock(ms);
  /** The withdrawal as the member sees it (GET checks a payout under way). */
  const seen = async (member: Awaited<ReturnType<typeof partnerWithAvailable>>, id: string) => {
    const res = await getAsMember(bed, member, `/api/withdrawals/${id}`);
    expect(res.statusCode).toBe(200);
    return WithdrawalSchema.parse(res.json());
  };
  const entryKeys = async (id: string) =>
    (
      await bed.t.db
        .select({ key: journalEntries.idempotencyKey })
        .from(journalEntries)
        .where(sql`${journalEntries.sourceKind} = 'payout' AND ${journalEntries.sourceId} = ${id}`)
        .orderBy(journalEntries.createdAt)
    ).map((row) => row.key.split(':')[2]);

  /** Until the payout job has had FlexPay's answer, or given up waiting for it (the simulator holds it back). */
  const payoutAnswered = (id: string) =>
    vi.waitFor(
      async () => {
        const events = await bed.t.db.execute(
          sql`SELECT 1 FROM withdrawal_events WHERE withdrawal_id = ${id} AND kind = 'payout_outcome'`,
        );
        expect(events.rows).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );

  beforeAll(async () => {
    bed = await startPaymentsBed();
  });
  afterAll(() => bed?.close());
  afterEach(() => clock.reset());

  it('reserves, pays out and books it paid once; the same key answers the same withdrawal, another body 422', async () => {
    const member = await partnerWithAvailable(bed.t.db, 10_000);
    await provenNumber(bed.t.db, member.user.id, MAGIC_PAYERS.payoutSuccess.msisdn);
    const key = randomUUID();
    const res = await postWithdrawal(bed, member, TEN_DOLLARS, key);
    expect(res.statusCode).toBe(201);
    const made = WithdrawalSchema.parse(res.json());
    expect(made).toMatchObject({ amount: 1_000, currency: 'USD', status: 'PENDING', phone: '243990000100' });
    expect((await postWithdrawal(bed, member, TEN_DOLLARS, key)).json()).toEqual(made);
    expect((await postWithdrawal(bed, member, { amount: 2_000, currency: 'USD' }, key)).json().code).toBe(
      'idempotency_key_reused',
    );
    expect(await balancesOf(bed.t.db, member.user.id)).toEqual({ available: 9_000, inFlight: 1_000 });
    await vi.waitFor(async () => expect((await withdrawalRow(bed.t.db, made._id)).status).toBe('PENDING'));
    await advanceSim(2_000);
    await vi.waitFor(async () => expect((await seen(member, made._id)).status).toBe('SUCCESS'));
    expect(await balancesOf(bed.t.db, member.user.id)).toEqual({ available: 9_000, inFlight: 0 });
    expect(await entryKeys(made._id)).toEqual(['reserved', 'paid']);
    const fetched = PartnershipAnswerSchema.parse(
      (await getAsMember(bed, member, '/api/partnership')).json(),
    );
    expect(fetched.withdrawal).toBeNull();
    expect(fetched.withdrawalAccount).toMatchObject({ phone: '243990000100', status: 'proven' });
    const { journals } = JournalsAnswerSchema.parse((await getAsMember(bed, member, '/api/journals')).json());
    expect(
      journals.slice(0, 2).map(({ kind, amount, withdrawal }) => ({ kind, amount, withdrawal })),
    ).toEqual([
      { kind: 'withdrawal_paid', amount: -1_000, withdrawal: { _id: made._id } },
      { kind: 'withdrawal_reserved', amount: 1_000, withdrawal: { _id: made._id } },
    ]);
    expect(await ledgerIsBalanced(bed.t.db)).toBe(true);
  });

  it('a payout to an ordinary number waits on /dev/payments until approved there', async () => {
    const member = await partnerWithAvailable(bed.t.db, 10_000);
    await provenNumber(bed.t.db, member.user.id, '243812345679');
    const made = (await postWithdrawal(bed, member, TEN_DOLLARS)).json();
    await vi.waitFor(async () => expect((await withdrawalRow(bed.t.db, made._id)).status).toBe('PENDING'));
    const listed = await bed.t.app.inject({ method: 'GET', url: '/api/dev/payments' });
    const payout = listed
      .json()
      .payments.find(
        (tx: { kind: string; phone: string }) => tx.kind === 'payout' && tx.phone === '243812345679',
      );
    expect(payout.status).toBe('2');
    await advanceSim(HOUR);
    expect((await seen(member, made._id)).status).toBe('PENDING');
    const approved = await bed.t.app.inject({
      method: 'POST',
      url: `/api/dev/payments/${payout.orderNumber}/approve`,
    });
    expect(approved.statusCode).toBe(200);
    clock.advance(10_000);
    await vi.waitFor(async () => expect((await seen(member, made._id)).status).toBe('SUCCESS'), {
      timeout: 10_000,
    });
  });

  it('a payout that fails releases the reservation', async () => {
    const member = await partnerWithAvailable(bed.t.db, 10_000);
    await provenNumber(bed.t.db, member.user.id, MAGIC_PAYERS.payoutFailure.msisdn);
    const made = (await postWithdrawal(bed, member, TEN_DOLLARS)).json();
    await vi.waitFor(async () => expect((await withdrawalRow(bed.t.db, made._id)).status).toBe('PENDING'));
    await advanceSim(2_000);
    await vi.waitFor(async () => expect((await seen(member, made._id)).status).toBe('FAILED'));
    expect(await balancesOf(bed.t.db, member.user.id)).toEqual({ available: 10_000, inFlight: 0 });
    expect(await entryKeys(made._id)).toEqual(['reserved', 'released']);
    const { journals } = JournalsAnswerSchema.parse((await getAsMember(bed, member, '/api/journals')).json());
    expect(journals[0]).toMatchObject({ kind: 'withdrawal_released', amount: 1_000 });
    // The account can still be deleted: the record of the withdrawal outlives it.
    await bed.t.db.execute(sql`DELETE FROM users WHERE id = ${member.user.id}`);
    expect((await withdrawalRow(bed.t.db, made._id)).status).toBe('FAILED');
  });

  it('P19: a payout timeout then success debits once (the callback tells the order number, a check proves it)', async () => {
    const member = await partnerWithAvailable(bed.t.db, 10_000);
    await provenNumber(bed.t.db, member.user.id, MAGIC_PAYERS.payoutTimeoutThenSuccess.msisdn);
    const made = (await postWithdrawal(bed, member, TEN_DOLLARS)).json();
    await payoutAnswered(made._id);
    expect((await withdrawalRow(bed.t.db, made._id)).status).toBe('UNKNOWN');
    expect((await seen(member, made._id)).status).toBe('PENDING');
    await advanceSim(2_000);
    await vi.waitFor(async () => expect((await withdrawalRow(bed.t.db, made._id)).status).toBe('SUCCESS'), {
      timeout: 10_000,
    });
    await sweepWithdrawals(deps());
    expect(await entryKeys(made._id)).toEqual(['reserved', 'paid']);
    expect(await balancesOf(bed.t.db, member.user.id)).toEqual({ available: 9_000, inFlight: 0 });
  });

  it('P19: a payout timeout then failure releases only after a definitive check', async () => {
    const member = await partnerWithAvailable(bed.t.db, 10_000);
    await provenNumber(bed.t.db, member.user.id, MAGIC_PAYERS.payoutTimeoutThenFailure.msisdn);
    const made = (await postWithdrawal(bed, member, TEN_DOLLARS)).json();
    await payoutAnswered(made._id);
    // Timed out: nothing released, however often it is looked at or swept.
    clock.advance(HOUR);
    await sweepWithdrawals(deps());
    expect((await seen(member, made._id)).status).toBe('PENDING');
    expect(await balancesOf(bed.t.db, member.user.id)).toEqual({ available: 9_000, inFlight: 1_000 });
    await advanceSim(2_000);
    await vi.waitFor(async () => expect((await withdrawalRow(bed.t.db, made._id)).status).toBe('FAILED'), {
      timeout: 10_000,
    });
    expect(await entryKeys(made._id)).toEqual(['reserved', 'released']);
    expect(await balancesOf(bed.t.db, member.user.id)).toEqual({ available: 10_000, inFlight: 0 });
  });

  it('P19: an unknown payout is never released on its own', async () => {
    const member = await partnerWithAvailable(bed.t.db, 10_000);
    await provenNumber(bed.t.db, member.user.id, MAGIC_PAYERS.payoutUnknown.msisdn);
    const made = (await postWithdrawal(bed, member, TEN_DOLLARS)).json();
    await payoutAnswered(made._id);
    for (let i = 0; i < 3; i++) {
      await advanceSim(HOUR);
      clock.advance(20 * HOUR);
      await sweepWithdrawals(deps());
      expect((await seen(member, made._id)).status).toBe('PENDING');
    }
    expect((await withdrawalRow(bed.t.db, made._id)).status).toBe('UNKNOWN');
    expect(await entryKeys(made._id)).toEqual(['reserved']);
    expect(await balancesOf(bed.t.db, member.user.id)).toEqual({ available: 9_000, inFlight: 1_000 });
    // And it is the one in flight: no other withdrawal until an operator decides.
    expect((await postWithdrawal(bed, member, TEN_DOLLARS)).json().code).toBe('withdrawal_in_flight');
    const { reference } = await withdrawalRow(bed.t.db, made._id);
    expect((await listUnknownPayouts(bed.t.db)).map((row) => row.reference)).toContain(reference);
    await resolvePayout(bed.t.db, reference, 'failed');
    expect((await seen(member, made._id)).status).toBe('FAILED');
    expect(await entryKeys(made._id)).toEqual(['reserved', 'released']);
    await expect(resolvePayout(bed.t.db, reference, 'paid')).rejects.toThrow('only an UNKNOWN one');
  });

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
