import { describe, expect, it } from 'vitest';
import { PaymentSchema } from '@motema/shared/billing';
import { PAYMENT_STATES, type PaymentRow } from '../../../db/schema/billing-payments.ts';
import { maskPhone, presentPayment } from './payments.presenter.ts';

const row = (overrides: Partial<PaymentRow>): PaymentRow => ({
  id: '6f1c2b1e-1b2c-4c3d-8e4f-5a6b7c8d9e0f',
  reference: 'ABCDEFGHIJ0123456789',
  userId: '7f1c2b1e-1b2c-4c3d-8e4f-5a6b7c8d9e0f',
  planId: '8f1c2b1e-1b2c-4c3d-8e4f-5a6b7c8d9e0f',
  method: 'mobile_money',
  amountMinor: 1_400_000,
  currency: 'CDF',
  payerPhone: '243812345678',
  providerRef: 'X7kP2mQ9aB1c243812345678',
  callbackTokenHash: 'f'.repeat(64),
  status: 'PENDING',
  reason: null,
  redirectUrl: null,
  lastCheckedAt: null,
  nextCheckAt: null,
  checkAttempts: 0,
  checkLeaseUntil: null,
  settledAt: null,
  createdAt: new Date('2026-11-24T07:00:00Z'),
  updatedAt: new Date('2026-11-24T07:00:00Z'),
  ...overrides,
});

describe('a payment as its owner sees it (PAYMENTS.md A1.8, P13)', () => {
  it('shows each internal state as PENDING, FAILED or SUCCESS with its reason', () => {
    const shown = Object.fromEntries(
      PAYMENT_STATES.map((status) => {
        const payment = presentPayment(
          row({ status, reason: status === 'FAILED' ? 'insufficient_funds' : null }),
        );
        return [status, `${payment.transaction.status} ${payment.reason}`];
      }),
    );
    expect(shown).toEqual({
      CREATED: 'PENDING null',
      PENDING: 'PENDING null',
      INIT_UNKNOWN: 'PENDING checking',
      REVIEW: 'PENDING in_review',
      SUCCESS: 'SUCCESS null',
      FAILED: 'FAILED insufficient_funds',
      CANCELLED: 'FAILED canceled',
      EXPIRED: 'FAILED expired',
      REFUND_PENDING: 'FAILED refunded',
      REFUNDED: 'FAILED refunded',
    });
  });

  it('never shows the order number, the whole phone or the callback token hash, and fits PaymentSchema', () => {
    const payment = presentPayment(row({}));
    expect(PaymentSchema.parse(payment)).toEqual(payment);
    const text = JSON.stringify(payment);
    for (const secret of ['X7kP2mQ9aB1c', '243812345678', 'ffff']) expect(text).not.toContain(secret);
    expect(payment.phone).toBe(maskPhone('243812345678'));
    expect(payment.phone).toBe('243••••••678');
  });

  it('offers the card page only while the card payment is pending', () => {
    const card = { method: 'card' as const, payerPhone: null, redirectUrl: 'https://pay.example/checkout/1' };
    expect(presentPayment(row({ ...card })).redirectUrl).toBe(card.redirectUrl);
    expect(presentPayment(row({ ...card, status: 'SUCCESS' })).redirectUrl).toBeNull();
    expect(presentPayment(row({ ...card })).phone).toBeNull();
  });
});
