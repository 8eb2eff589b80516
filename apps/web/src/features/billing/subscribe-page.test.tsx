import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/render-page.tsx';
import { MONTH, PLANS, buildPayment, stubBillingApi, withStatus } from './billing-fixtures.ts';
import { rememberedPayerPhone } from './payment-method.ts';
import { rememberPaywallReturn } from './paywall-return.ts';
import { PENDING_WATCH_MS, VERIFY_EVERY_MS } from './use-payment-status.ts';
import {
  answersInTurn,
  member as user,
  renderWizard as render,
  startsOf,
  verifies,
  wait,
  wizardEachTest,
  type Init,
} from './wizard-fixtures.tsx';

wizardEachTest();

describe('the subscribe wizard, mobile money', () => {
  it('asks for the number, starts the payment once, shows the live status, then the success and the way back', async () => {
    rememberPaywallReturn('u-9', '/messages/c-1');
    const pending = buildPayment();
    const fetch = stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'POST /api/payments/init/flex': () => pending,
      [`GET /api/payments/verify/${pending.reference}`]: answersInTurn(pending, withStatus('SUCCESS')),
    });
    const member = user();
    const view = render('?profile=u-9');
    expect(await screen.findByText('Step 1 of 3: Your number')).toBeTruthy();
    await member.type(screen.getByLabelText(/Mobile money number/), '081 234 5678');
    await member.click(screen.getByRole('button', { name: /^Pay CDF\s14,000$/ }));

    expect(await screen.findByRole('heading', { name: 'Approve on your phone' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 3: Payment')).toBeTruthy();
    expect(
      screen.getByText(
        'We sent a payment request of CDF 14,000 to 243•••••••678. Enter your mobile money PIN on that phone to approve it.',
      ),
    ).toBeTruthy();
    const starts = startsOf(fetch);
    expect(starts).toHaveLength(1);
    expect(starts[0]!.body).toEqual({
      subscription: MONTH._id,
      method: 'mobile_money',
      currency: 'CDF',
      phone: '243812345678',
    });
    expect(starts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    // The reference is in the address: a reload lands on the live status, not on a second payment.
    expect(view.router.state.location.search).toBe(`?reference=${pending.reference}&profile=u-9`);

    await waitFor(() => expect(verifies(fetch)).toHaveLength(1));
    await wait(VERIFY_EVERY_MS);
    expect(await screen.findByText('Step 3 of 3: Result')).toBeTruthy();
    expect(screen.getAllByText('Payment received').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back to the conversation' }).getAttribute('href')).toBe(
      '/messages/c-1',
    );

    // Settled: no more polling.
    const asked = verifies(fetch).length;
    await wait(3 * VERIFY_EVERY_MS);
    expect(verifies(fetch)).toHaveLength(asked);
  });

  it('leads back to the conversation with the member written to even when this tab kept no thread', async () => {
    // The paywall met for another member, or nothing kept (another tab, storage refused): the way
    // back still opens or starts the conversation with u-9, as their profile's "Send a message" does.
    rememberPaywallReturn('u-7', '/messages/c-7');
    const paid = withStatus('SUCCESS');
    stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      [`GET /api/payments/verify/${paid.reference}`]: () => paid,
    });
    render(`?reference=${paid.reference}&profile=u-9`);
    const back = await screen.findByRole('link', { name: 'Back to the conversation' });
    expect(back.getAttribute('href')).toBe('/conversations?user=u-9');
  });

  it('refuses a number that is not a Congolese mobile one, with a clear message and no payment', async () => {
    const fetch = stubBillingApi({ 'GET /api/subscriptions': () => PLANS });
    const member = user();
    render();
    await member.type(await screen.findByLabelText(/Mobile money number/), '+33 6 12 34 56 78');
    await member.click(screen.getByRole('button', { name: /^Pay CDF\s14,000$/ }));
    expect(
      await screen.findByText(
        'Enter a Congolese mobile number, for example 081 234 5678 (or +243 81 234 5678).',
      ),
    ).toBeTruthy();
    expect(startsOf(fetch)).toEqual([]);
  });

  it('sends the same Idempotency-Key when the member tries the same payment again, a new one for another', async () => {
    let fail = true;
    const fetch = stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'POST /api/payments/init/flex': () =>
        fail
          ? jsonResponse(429, { statusCode: 429, code: 'rate_limited', message: 'Too many' })
          : buildPayment({ transaction: { amount: 499, currency: 'USD', status: 'PENDING' } }),
      [`GET /api/payments/verify/${buildPayment().reference}`]: () => buildPayment(),
    });
    const member = user();
    render();
    await member.type(await screen.findByLabelText(/Mobile money number/), '0812345678');
    await member.click(screen.getByRole('button', { name: /^Pay CDF\s14,000$/ }));
    expect(await screen.findByText('Too many attempts. Please wait and try again.')).toBeTruthy();
    await member.click(screen.getByRole('button', { name: /^Pay CDF\s14,000$/ }));
    await waitFor(() => expect(startsOf(fetch)).toHaveLength(2));

    fail = false;
    await member.click(screen.getByRole('radio', { name: 'Dollars (USD)' }));
    await member.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    await waitFor(() => expect(startsOf(fetch)).toHaveLength(3));
    const [first, again, other] = startsOf(fetch) as [Init, Init, Init];
    expect(again.key).toBe(first.key);
    expect(other.key).not.toBe(first.key);
    expect(other.body).toMatchObject({ currency: 'USD', phone: '243812345678' });
  });

  it('says why a declined payment failed, and a new try starts a new payment', async () => {
    const pending = buildPayment();
    const fetch = stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'POST /api/payments/init/flex': () => pending,
      [`GET /api/payments/verify/${pending.reference}`]: () => withStatus('FAILED', { reason: 'declined' }),
    });
    const member = user();
    render();
    await member.type(await screen.findByLabelText(/Mobile money number/), '812345678');
    await member.click(screen.getByRole('button', { name: /^Pay CDF\s14,000$/ }));
    expect(
      await screen.findByText('The payment was declined on the phone. Nothing was charged.'),
    ).toBeTruthy();
    expect(screen.getAllByText('Payment failed').length).toBeGreaterThan(0);

    await member.click(screen.getByRole('button', { name: 'Try again' }));
    await member.click(await screen.findByRole('button', { name: /^Pay CDF\s14,000$/ }));
    await waitFor(() => expect(startsOf(fetch)).toHaveLength(2));
    const [first, second] = startsOf(fetch) as [Init, Init];
    expect(second.key).not.toBe(first.key);
  });

  it('keeps the number typed for "Try again" after a cancelled payment, across a reload of the page', async () => {
    const pending = buildPayment();
    let cancelled = false;
    const fetch = stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'POST /api/payments/init/flex': () => pending,
      [`GET /api/payments/verify/${pending.reference}`]: () =>
        cancelled ? withStatus('FAILED', { reason: 'member_cancelled' }) : pending,
    });
    const member = user();
    const first = render();
    await member.type(await screen.findByLabelText(/Mobile money number/), '081 234 5678');
    await member.click(screen.getByRole('button', { name: /^Pay CDF\s14,000$/ }));
    expect(await screen.findByRole('heading', { name: 'Approve on your phone' })).toBeTruthy();
    // The member leaves for the phone's mobile money app and cancels; the browser reloads the wizard.
    first.unmount();
    cancelled = true;
    render(`?reference=${pending.reference}`);
    await member.click(await screen.findByRole('button', { name: 'Try again' }));
    const number = await screen.findByLabelText(/Mobile money number/);
    expect((number as HTMLInputElement).value).toBe('081 234 5678');
    await member.click(screen.getByRole('button', { name: /^Pay CDF\s14,000$/ }));
    await waitFor(() => expect(startsOf(fetch)).toHaveLength(2));
    expect(startsOf(fetch)[1]!.body).toMatchObject({ phone: '243812345678' });
    // Another member signed in on this tab is not offered it.
    expect(rememberedPayerPhone('u-other')).toBeNull();
  });

  it('stops watching a payment still pending after a few minutes, says it will be credited if charged, and can check again', async () => {
    const pending = buildPayment();
    const fetch = stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      [`GET /api/payments/verify/${pending.reference}`]: () => pending,
    });
    render(`?reference=${pending.reference}`);
    expect(await screen.findByText('Waiting for your approval…')).toBeTruthy();
    await wait(PENDING_WATCH_MS);
    expect(
      await screen.findByText(/If you were charged, Premium will be credited automatically/),
    ).toBeTruthy();
    const asked = verifies(fetch).length;
    expect(asked).toBeGreaterThanOrEqual(PENDING_WATCH_MS / VERIFY_EVERY_MS - 2);
    await wait(10 * VERIFY_EVERY_MS);
    expect(verifies(fetch).length).toBeLessThanOrEqual(asked + 1);

    await user().click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(verifies(fetch).length).toBeGreaterThan(asked + 1));
  });
});
