import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { JournalsAnswerSchema, PartnershipAnswerSchema, WithdrawalSchema } from '@motema/shared/partnership';
import { journalEntries } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { ledgerIsBalanced } from '../../money/ledger/ledger.service.ts';
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
    // The request took it out of the balance; paid out, the balance moves no further.
    expect(
      journals
        .slice(0, 2)
        .map(({ kind, amount, moved, withdrawal }) => ({ kind, amount, moved, withdrawal })),
    ).toEqual([
      { kind: 'withdrawal_paid', amount: 0, moved: 1_000, withdrawal: { _id: made._id } },
      { kind: 'withdrawal_reserved', amount: -1_000, moved: 1_000, withdrawal: { _id: made._id } },
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
    // Asked (out of the balance), then failed (back in it): the two lines cancel out.
    expect(journals.slice(0, 2).map(({ kind, amount, moved }) => ({ kind, amount, moved }))).toEqual([
      { kind: 'withdrawal_released', amount: 1_000, moved: 1_000 },
      { kind: 'withdrawal_reserved', amount: -1_000, moved: 1_000 },
    ]);
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
});
