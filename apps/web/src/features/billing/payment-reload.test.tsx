/**
 * The wizard reloaded while Pay was under way (a slow start on 3G; the phone's mobile money app
 * reloading the browser): the start's answer never reached the page. The page asks again with the
 * same Idempotency-Key, so the server answers with that payment (P2) and the member sees what became
 * of it, never an empty form inviting a second payment.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Payment } from '@motema/shared/billing';
import { buildPayment, PLANS, stubBillingApi, withStatus } from './billing-fixtures.ts';
import { member as user, renderWizard as render, startsOf, wizardEachTest } from './wizard-fixtures.tsx';

wizardEachTest();

/** Types the number, taps Pay, and the page goes (a reload) once the start is on its way. */
async function payThenReload(fetch: ReturnType<typeof stubBillingApi>) {
  const member = user();
  const first = render();
  await member.type(await screen.findByLabelText(/Mobile money number/), '081 234 5678');
  await member.click(screen.getByRole('button', { name: /^Pay CDF\s14,000$/ }));
  await waitFor(() => expect(startsOf(fetch)).toHaveLength(1));
  first.unmount();
}

describe('the wizard reloaded while Pay was under way', () => {
  it('asks again with the same key and shows that payment, paid meanwhile, not the form', async () => {
    const paid = withStatus('SUCCESS');
    let reloaded = false;
    const fetch = stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'GET /api/payments': () => ({ payments: [], count: 0 }),
      // The first start is still on its way when the page reloads; asked again, the server replays it.
      'POST /api/payments/init/flex': () => (reloaded ? paid : new Promise<Payment>(() => undefined)),
      [`GET /api/payments/verify/${paid.reference}`]: () => paid,
    });
    await payThenReload(fetch);
    reloaded = true;

    render();
    expect((await screen.findAllByText('Payment received')).length).toBeGreaterThan(0);
    const [tapped, again] = startsOf(fetch);
    expect(again).toEqual(tapped);
    expect(screen.queryByRole('button', { name: /^Pay CDF\s14,000$/ })).toBeNull();
  });

  it('says the payment is being picked up while the start is asked again, not the form with a spinning Pay', async () => {
    const paid = withStatus('SUCCESS');
    let answer: (payment: Payment) => void = () => undefined;
    const fetch = stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'GET /api/payments': () => ({ payments: [], count: 0 }),
      // Slow both times (3G): the second answer comes when the test gives it.
      'POST /api/payments/init/flex': () =>
        new Promise<Payment>((resolve) => {
          answer = resolve;
        }),
      [`GET /api/payments/verify/${paid.reference}`]: () => paid,
    });
    await payThenReload(fetch);

    render();
    expect(await screen.findByText('Picking up the payment you started…')).toBeTruthy();
    await waitFor(() => expect(startsOf(fetch)).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /^Pay CDF\s14,000$/ })).toBeNull();
    expect(screen.queryByLabelText(/Mobile money number/)).toBeNull();
    act(() => answer(paid));
    expect((await screen.findAllByText('Payment received')).length).toBeGreaterThan(0);
  });

  it('starts nothing by itself once the start was answered', async () => {
    const pending = withStatus('PENDING');
    const fetch = stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'GET /api/payments': () => ({ payments: [], count: 0 }),
      'POST /api/payments/init/flex': () => pending,
      // Still waiting: the approval step stays on screen until the test reloads (an outcome answered
      // by the first poll raced the check of that step).
      [`GET /api/payments/verify/${pending.reference}`]: () => pending,
    });
    const member = user();
    const first = render();
    await member.type(await screen.findByLabelText(/Mobile money number/), '081 234 5678');
    await member.click(screen.getByRole('button', { name: /^Pay CDF\s14,000$/ }));
    expect(await screen.findByRole('heading', { name: 'Approve on your phone' })).toBeTruthy();
    first.unmount();

    render();
    expect(await screen.findByRole('button', { name: /^Pay CDF\s14,000$/ })).toBeTruthy();
    expect(startsOf(fetch)).toHaveLength(1);
  });

  it('says the connection is lost while the phone is offline, not that it waits for the approval', async () => {
    const pending = buildPayment({ reference: 'WAITREF1' });
    stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      [`GET /api/payments/verify/${pending.reference}`]: () => pending,
    });
    render(`?reference=${pending.reference}`);
    expect(await screen.findByText('Waiting for your approval…')).toBeTruthy();
    try {
      act(() => onlineManager.setOnline(false));
      expect(await screen.findByText('Connection lost. We keep checking…')).toBeTruthy();
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(await screen.findByText('Waiting for your approval…')).toBeTruthy();
  });
});
