// @slow-tier explores a model of payment transitions (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATES, type PaymentState } from '../../../db/schema/billing-payments.ts';
import type { ProviderStatus } from '../../money/providers/payment-provider.ts';
import { afterCheck, afterInit, afterOperator, backoffMs, type Expected } from './payment-transitions.ts';

const expected: Expected = {
  reference: 'REF0000000000000001',
  amount: { minor: 1_400_000, currency: 'CDF' },
};
const paid = (overrides: Partial<{ reference: string; minor: number; currency: 'USD' | 'CDF' }> = {}) =>
  ({
    kind: 'SUCCESS',
    reference: overrides.reference ?? expected.reference,
    paid: { minor: overrides.minor ?? expected.amount.minor, currency: overrides.currency ?? 'CDF' },
  }) satisfies ProviderStatus;

const observation: fc.Arbitrary<ProviderStatus> = fc.oneof(
  fc.constant(paid()),
  fc.constant(paid({ minor: 700_000 })),
  fc.constant(paid({ currency: 'USD' })),
  fc.constant(paid({ reference: 'OTHER' })),
  fc.constant<ProviderStatus>({ kind: 'FAILED', reason: 'Refusé' }),
  fc.constant<ProviderStatus>({ kind: 'CANCELLED' }),
  fc.constant<ProviderStatus>({ kind: 'PENDING' }),
  fc.constant<ProviderStatus>({ kind: 'REFUND_PENDING' }),
  fc.constant<ProviderStatus>({ kind: 'REFUNDED' }),
  fc.constantFrom<ProviderStatus>(
    { kind: 'INDETERMINATE', why: 'not_found' },
    { kind: 'INDETERMINATE', why: 'transport' },
    { kind: 'INDETERMINATE', why: 'unparseable' },
    { kind: 'INDETERMINATE', why: 'unknown_status' },
  ),
);

describe('the payments state machine (PAYMENTS.md A1.8, P8-P10)', () => {
  it('maps the init outcome: accepted PENDING, refused FAILED with why, unknown INIT_UNKNOWN', () => {
    expect(afterInit({ kind: 'ACCEPTED', providerRef: 'X' })).toEqual({ status: 'PENDING', reason: null });
    expect(afterInit({ kind: 'REJECTED', code: '1', message: 'Insufficient funds' })).toEqual({
      status: 'FAILED',
      reason: 'insufficient_funds',
    });
    expect(afterInit({ kind: 'REJECTED', code: '1', message: 'Merchant inconnu' }).reason).toBe(
      'provider_error',
    );
    expect(afterInit({ kind: 'UNKNOWN', error: 'timeout' })).toEqual({
      status: 'INIT_UNKNOWN',
      reason: null,
    });
  });

  it('grants only a success of our reference, amount and currency; any other success is REVIEW (P8)', () => {
    expect(afterCheck('PENDING', paid(), expected)?.status).toBe('SUCCESS');
    for (const lie of [paid({ minor: 700_000 }), paid({ currency: 'USD' }), paid({ reference: 'OTHER' })]) {
      expect(afterCheck('PENDING', lie, expected)).toEqual({ status: 'REVIEW', reason: 'in_review' });
    }
  });

  it('honours a late success after EXPIRED and learns of a pending INIT_UNKNOWN (P12, P6)', () => {
    expect(afterCheck('EXPIRED', paid(), expected)?.status).toBe('SUCCESS');
    expect(afterCheck('EXPIRED', { kind: 'PENDING' }, expected)).toBeNull();
    expect(afterCheck('INIT_UNKNOWN', { kind: 'PENDING' }, expected)?.status).toBe('PENDING');
    expect(afterCheck('PENDING', { kind: 'FAILED', reason: 'x' }, expected)).toEqual({
      status: 'FAILED',
      reason: 'declined',
    });
  });

  it('refunds a success in two steps, and nothing else moves a success (P10, P18)', () => {
    expect(afterCheck('SUCCESS', { kind: 'REFUND_PENDING' }, expected)?.status).toBe('REFUND_PENDING');
    expect(afterCheck('REFUND_PENDING', { kind: 'REFUNDED' }, expected)?.status).toBe('REFUNDED');
    expect(afterCheck('SUCCESS', { kind: 'REFUNDED' }, expected)?.status).toBe('REFUNDED');
    expect(afterCheck('SUCCESS', { kind: 'FAILED', reason: 'x' }, expected)).toBeNull();
  });

  it('never leaves SUCCESS but for a refund state, never leaves a final state, ignores indeterminate answers (property)', () => {
    const rank: Record<PaymentState, number> = {
      CREATED: 0,
      INIT_UNKNOWN: 1,
      PENDING: 1,
      EXPIRED: 2,
      FAILED: 3,
      CANCELLED: 3,
      REVIEW: 3,
      SUCCESS: 3,
      REFUND_PENDING: 4,
      REFUNDED: 5,
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...PAYMENT_STATES),
        fc.array(observation, { maxLength: 12 }),
        (start, seen) => {
          let state = start;
          for (const observed of seen) {
            const next = afterCheck(state, observed, expected);
            if (observed.kind === 'INDETERMINATE') expect(next).toBeNull();
            if (!next) continue;
            expect(next.status).not.toBe(state);
            if (state === 'SUCCESS') expect(['REFUND_PENDING', 'REFUNDED']).toContain(next.status);
            expect(['FAILED', 'CANCELLED', 'REVIEW', 'REFUNDED']).not.toContain(state);
            // Monotonic: a state never goes back to an earlier rank (INIT_UNKNOWN and PENDING share one).
            expect(
              rank[next.status] >= rank[state] || (state === 'INIT_UNKNOWN' && next.status === 'PENDING'),
            ).toBe(true);
            state = next.status;
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("takes an operator's resolution only while the answer is awaited, never over a settlement (issue 25)", () => {
    const resolvable = PAYMENT_STATES.filter((state) => afterOperator(state, 'paid') !== null);
    expect(resolvable).toEqual(['PENDING', 'INIT_UNKNOWN', 'EXPIRED']);
    for (const state of PAYMENT_STATES) {
      expect(afterOperator(state, 'failed') === null).toBe(!resolvable.includes(state));
    }
    expect(afterOperator('INIT_UNKNOWN', 'paid')).toEqual({ status: 'SUCCESS', reason: null });
    expect(afterOperator('EXPIRED', 'failed')).toEqual({ status: 'FAILED', reason: 'declined' });
  });

  it("spaces the sweeper's checks 30 s, 1, 2, 5, 10, 30 min, then hourly", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(backoffMs)).toEqual([
      30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000, 3_600_000,
    ]);
  });
});
