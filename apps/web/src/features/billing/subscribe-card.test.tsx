import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render-page.tsx';
import { MONTH, PLANS, buildPass, buildPayment, stubBillingApi, withStatus } from './billing-fixtures.ts';
import { cardPage } from './card-page.ts';
import { rememberPaywallReturn } from './paywall-return.ts';
import { VERIFY_EVERY_MS } from './use-payment-status.ts';
import {
  answersInTurn,
  member as user,
  renderWizard as render,
  startsOf,
  wait,
  wizardEachTest,
} from './wizard-fixtures.tsx';

wizardEachTest();

describe('the subscribe wizard, card', () => {
  it('remembers the card on this device, sends the browser to the provider’s page, and checks on the way back', async () => {
    const open = vi.spyOn(cardPage, 'open').mockImplementation(() => undefined);
    const pending = buildPayment({
      method: 'card',
      phone: null,
      redirectUrl: 'http://127.0.0.1:4010/checkout/O42',
    });
    const fetch = stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'POST /api/payments/init/flex': () => pending,
      [`GET /api/payments/verify/${pending.reference}`]: () => pending,
    });
    const member = user();
    const view = render('?profile=u-9');
    await member.click(await screen.findByRole('radio', { name: 'Card' }));
    expect(screen.getByText('Step 1 of 4: Ready to pay')).toBeTruthy();
    expect(screen.getByText(/Motema never sees your card number/)).toBeTruthy();
    expect(screen.queryByLabelText(/Mobile money number/)).toBeNull();
    await member.click(screen.getByRole('button', { name: /^Pay CDF\s14,000 by card$/ }));

    await waitFor(() => expect(open).toHaveBeenCalledWith('http://127.0.0.1:4010/checkout/O42'));
    expect(startsOf(fetch)[0]!.body).toEqual({ subscription: MONTH._id, method: 'card', currency: 'CDF' });
    expect(view.router.state.location.search).toBe(`?reference=${pending.reference}&profile=u-9`);
    expect(localStorage.getItem('motema.paymentMethod')).toBe('card');
    view.unmount();

    // Back from the provider's page, on a new page load: the same address, the card still chosen.
    rememberPaywallReturn('u-9', '/messages/c-1');
    stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      [`GET /api/payments/verify/${pending.reference}`]: answersInTurn(
        pending,
        withStatus('SUCCESS', { method: 'card', phone: null }),
      ),
    });
    render(`?reference=${pending.reference}`);
    expect(await screen.findByRole('heading', { name: 'Checking your card payment' })).toBeTruthy();
    expect(screen.getByText('Step 3 of 4: Payment')).toBeTruthy();
    await wait(VERIFY_EVERY_MS);
    expect(await screen.findByRole('link', { name: 'Back to the conversation' })).toBeTruthy();
  });

  it('says a card page left before paying was cancelled, as a warning', async () => {
    const reference = 'MTMCARD01';
    stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      [`GET /api/payments/verify/${reference}`]: () =>
        withStatus('FAILED', { reference, method: 'card', phone: null, reason: 'canceled' }),
    });
    render(`?reference=${reference}`);
    expect(
      await screen.findByText('The payment was cancelled before it was made. Nothing was charged.'),
    ).toBeTruthy();
    expect(screen.getAllByText('Payment cancelled').length).toBeGreaterThan(0);
  });
});

describe('the subscribe wizard, what a start or a success says', () => {
  it('says until when the new pass runs, or from when a pass bought while a better one runs starts', async () => {
    const reference = 'MTMPAID01';
    const running = buildPass({ endsAt: '2030-01-15T10:00:00.000Z', startsAt: '2020-01-01T00:00:00.000Z' });
    let passes = [running];
    stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'GET /api/user-subscriptions': () => ({ subscriptions: passes, count: passes.length }),
      [`GET /api/payments/verify/${reference}`]: () => withStatus('SUCCESS', { reference }),
    });
    const view = render(`?reference=${reference}`);
    // A first pass, or one of a better plan than the running one (decision 0026, amended): at once.
    expect(
      await screen.findByText('Thank you! Your new pass is active now, until January 15, 2030.'),
    ).toBeTruthy();
    view.unmount();

    passes = [
      buildPass({ _id: 'pass-2', startsAt: running.endsAt, endsAt: '2030-02-14T10:00:00.000Z' }),
      running,
    ];
    render(`?reference=${reference}`);
    expect(
      await screen.findByText(
        'Thank you! Your new pass starts on January 15, 2030, when your current one ends.',
      ),
    ).toBeTruthy();
  });

  it('says a payment of the plan is still open, and on Keep waiting shows its live status instead of starting another', async () => {
    const open = buildPayment({ reference: 'MTMOPEN01' });
    const fetch = stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'POST /api/payments/init/flex': () =>
        jsonResponse(409, { statusCode: 409, code: 'payment_in_progress', message: 'In progress' }),
      'GET /api/payments': () => ({
        payments: [withStatus('FAILED', { reference: 'OLD' }), open],
        count: 2,
      }),
      'GET /api/payments/verify/MTMOPEN01': () => open,
    });
    const member = user();
    const view = render();
    await member.type(await screen.findByLabelText(/Mobile money number/), '0812345678');
    await member.click(screen.getByRole('button', { name: /^Pay CDF\s14,000$/ }));
    await member.click(await screen.findByRole('button', { name: 'Keep waiting' }));
    expect(await screen.findByRole('heading', { name: 'Approve on your phone' })).toBeTruthy();
    expect(view.router.state.location.search).toBe('?reference=MTMOPEN01');
    expect(startsOf(fetch)).toHaveLength(1);
  });
});
