import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../../db/schema.ts';
import { paymentIn, planOf } from '../../../test/billing-factories.ts';
import { createMember } from '../../../test/factories.ts';
import { eventKinds, paymentRow, startPaymentsBed, type PaymentsBed } from '../../../test/payments-bed.ts';
import { receiveCallback } from './payment-callback.service.ts';
import { callbackTokenHash } from './payment-secrets.ts';
import { paymentsDepsOf } from './payments.routes.ts';

// A callback's record and the status check it asks for commit together, or not at all.

let bed: PaymentsBed;
beforeAll(async () => {
  bed = await startPaymentsBed();
});
afterAll(() => bed?.close());

/** A pending payment without FlexPay's order number, and the token of its callback URL. */
async function pendingWithToken() {
  const member = await createMember({ db: bed.t.db });
  const payment = await paymentIn(bed.t.db, 'PENDING', member.user.id, await planOf(bed.t.db, 'month'));
  const token = randomUUID();
  await bed.t.db
    .update(payments)
    .set({ callbackTokenHash: callbackTokenHash(token), providerRef: null })
    .where(eq(payments.id, payment.id));
  return { payment, token };
}

describe("a provider's callback", () => {
  it('whose check cannot be enqueued stores nothing and fails, so that the provider calls back again', async () => {
    const { payment, token } = await pendingWithToken();
    const deps = paymentsDepsOf(bed.t.app.deps, () => {});
    const queueDown = {
      ...deps,
      jobs: {
        ...deps.jobs,
        sendIn: () => Promise.reject(new Error('the queue is down')),
        send: () => Promise.reject(new Error('the queue is down')),
      },
    };
    const callback = {
      token,
      body: '{"orderNumber":"ORDER-1"}',
      fields: { orderNumber: 'ORDER-1', reference: payment.reference },
    };
    await expect(receiveCallback(queueDown, callback)).rejects.toThrow('the queue is down');
    expect(await eventKinds(bed, payment.id)).not.toContain('callback');
    expect((await paymentRow(bed, payment.id)).providerRef).toBeNull();

    // With the queue up, the same callback is recorded, with the order number it brings.
    expect(await receiveCallback(deps, callback)).toBe(true);
    expect(await eventKinds(bed, payment.id)).toContain('callback');
    expect((await paymentRow(bed, payment.id)).providerRef).toBe('ORDER-1');
  });
});
