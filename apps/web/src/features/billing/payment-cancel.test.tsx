import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/render-page.tsx';
import { PLANS, buildPayment, callsOf, stubBillingApi, withStatus } from './billing-fixtures.ts';
import { member as user, renderWizard as render, startsOf, wizardEachTest } from './wizard-fixtures.tsx';

wizardEachTest();

const inProgress = () =>
  jsonResponse(409, {
    statusCode: 409,
    code: 'payment_in_progress',
    message: 'A payment of this plan is still open',
  });

describe('a payment already waiting, and the cancel of a pending payment', () => {
  it('says which payment waits and on which number; Cancel it, and the new payment starts', async () => {
    const waiting = buildPayment({ _id: 'pay-old', reference: 'OLDREF1' });
    const fresh = buildPayment({ _id: 'pay-new', reference: 'NEWREF1', phone: '243•••••••679' });
    let open = true;
    const fetch = stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'GET /api/payments': () => ({ payments: [waiting], count: 1 }),
      'POST /api/payments/init/flex': () => (open ? inProgress() : fresh),
      'POST /api/payments/pay-old/cancel': () => {
        open = false;
        return withStatus('FAILED', { _id: 'pay-old', reference: 'OLDREF1', reason: 'member_cancelled' });
      },
      [`GET /api/payments/verify/${fresh.reference}`]: () => fresh,
    });
    const member = user();
    render();
    await member.type(await screen.findByLabelText(/Mobile money number/), '0812345679');
    await member.click(screen.getByRole('button', { name: /^Pay CDF\s14,000$/ }));

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('A payment is already waiting')).toBeTruthy();
    expect(
      within(notice).getByText('A payment of CDF 14,000 is already waiting for approval on 243•••••••678.'),
    ).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'Keep waiting' })).toBeTruthy();
    await member.click(within(notice).getByRole('button', { name: 'Cancel this payment' }));

    expect(await screen.findByRole('heading', { name: 'Approve on your phone' })).toBeTruthy();
    expect(screen.getByText(/to 243•••••••679\./)).toBeTruthy();
    expect(callsOf(fetch)).toContain('POST /api/payments/pay-old/cancel');
    // The same attempt again: the refused start stored nothing under its key.
    expect(startsOf(fetch)).toHaveLength(2);
  });

  it('opened again while a payment of the plan waits (a reload while Pay was under way), shows that payment at once', async () => {
    const waiting = buildPayment({ _id: 'pay-old', reference: 'OLDREF3' });
    const fetch = stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'GET /api/payments': () => ({ payments: [waiting], count: 1 }),
      [`GET /api/payments/verify/${waiting.reference}`]: () => waiting,
    });
    const member = user();
    render();
    const notice = await screen.findByRole('alert');
    expect(
      within(notice).getByText('A payment of CDF 14,000 is already waiting for approval on 243•••••••678.'),
    ).toBeTruthy();
    await member.click(within(notice).getByRole('button', { name: 'Keep waiting' }));
    expect(await screen.findByRole('heading', { name: 'Approve on your phone' })).toBeTruthy();
    expect(startsOf(fetch)).toHaveLength(0);
  });

  it('Keep waiting shows the payment that waits, its live status and its own cancel', async () => {
    const waiting = buildPayment({ _id: 'pay-old', reference: 'OLDREF2' });
    const fetch = stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'GET /api/payments': () => ({ payments: [waiting], count: 1 }),
      'POST /api/payments/init/flex': () => inProgress(),
      [`GET /api/payments/verify/${waiting.reference}`]: () => waiting,
      'POST /api/payments/pay-old/cancel': () =>
        withStatus('FAILED', { _id: 'pay-old', reference: 'OLDREF2', reason: 'member_cancelled' }),
    });
    const member = user();
    render();
    await member.type(await screen.findByLabelText(/Mobile money number/), '0812345679');
    await member.click(screen.getByRole('button', { name: /^Pay CDF\s14,000$/ }));
    await member.click(await screen.findByRole('button', { name: 'Keep waiting' }));
    expect(await screen.findByText(/to 243•••••••678\./)).toBeTruthy();

    await member.click(screen.getByRole('button', { name: 'Cancel this payment' }));
    expect(
      await screen.findByText(
        'You cancelled this payment. Should it be approved all the same, your pass will be credited.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByText('Payment cancelled').length).toBeGreaterThan(0);
    expect(callsOf(fetch)).toContain('POST /api/payments/pay-old/cancel');
  });

  it('says a declined card was declined by the card, and Try again keeps the currency tried', async () => {
    const declined = buildPayment({
      method: 'card',
      phone: null,
      reason: 'declined',
      transaction: { amount: 499, currency: 'USD', status: 'FAILED' },
    });
    stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      [`GET /api/payments/verify/${declined.reference}`]: () => declined,
    });
    const member = user();
    render(`?reference=${declined.reference}`);
    expect(await screen.findByText('The card payment was declined. Nothing was charged.')).toBeTruthy();
    await member.click(screen.getByRole('button', { name: 'Try again' }));
    const usd = await screen.findByRole('radio', { name: 'Dollars (USD)' });
    await waitFor(() => expect((usd as HTMLInputElement).checked).toBe(true));
  });
});
