import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectOneRow } from '../../test/dialog-row.ts';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { renderNotices } from '../safety/render-notices.tsx';
import {
  MONTH,
  PLANS,
  QUARTER,
  WEEK,
  buildPass,
  type buildPayment,
  callsOf,
  stubBillingApi,
  withStatus,
} from './billing-fixtures.ts';
import { SubscriptionsPage } from './subscriptions-page.tsx';

const NOW = new Date('2026-11-24T10:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  renderNotices();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const passes = (...rows: ReturnType<typeof buildPass>[]) => ({ subscriptions: rows, count: rows.length });
const payments = (...rows: ReturnType<typeof buildPayment>[]) => ({ payments: rows, count: rows.length });

const render = (url = '/premium/subscriptions') =>
  renderPage('/premium/subscriptions', <SubscriptionsPage />, { me: buildMe(), url });

describe('SubscriptionsPage', () => {
  it('shows the plans to buy, carrying the profile, to a member without a pass', async () => {
    const fetch = stubBillingApi({
      'GET /api/user-subscriptions': () => passes(),
      'GET /api/payments': () => payments(),
      'GET /api/subscriptions': () => PLANS,
    });
    render('/premium/subscriptions?profile=u-9');
    expect(await screen.findByText(/To write to this member, choose a plan/)).toBeTruthy();
    const subscribe = await screen.findByRole('link', { name: 'Buy Premium month' });
    expect(subscribe.getAttribute('href')).toBe(`/premium/subscribe/${MONTH._id}?profile=u-9`);
    expect(screen.getByText('No payment yet.')).toBeTruthy();
    // SPEC section 7: the passes oldest first.
    expect(callsOf(fetch)).toContain('GET /api/user-subscriptions?sort=%2BcreatedAt&limit=96');
  });

  it('shows each pass: its price, what it gives, the time left, and when Premium ends', async () => {
    const ended = buildPass({
      _id: 'pass-0',
      subscription: WEEK,
      startsAt: '2026-10-01T10:00:00.000Z',
      endsAt: '2026-10-08T10:00:00.000Z',
    });
    stubBillingApi({
      'GET /api/user-subscriptions': () => passes(buildPass(), ended),
      'GET /api/payments': () => payments(),
      'GET /api/subscriptions': () => PLANS,
    });
    render();
    expect(await screen.findByText('Premium is active until December 20, 2026')).toBeTruthy();
    const [running, over] = screen
      .getAllByRole('listitem')
      .filter((item) => within(item).queryByRole('heading'));
    expect(within(running!).getByText('Active')).toBeTruthy();
    expect(within(running!).getByText('Price: CDF 14,000 or $4.99')).toBeTruthy();
    expect(within(running!).getByText('26 days left · until December 20, 2026')).toBeTruthy();
    expect(
      within(running!).getByText(
        'Write first to members up to 64 popularity points above you (10 without Premium)',
      ),
    ).toBeTruthy();
    expect(within(over!).getByText('Ended')).toBeTruthy();
    expect(within(over!).getByText('Ended on October 8, 2026')).toBeTruthy();
    expect(within(over!).queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it('after an upgrade, shows the better pass running and the weaker one lengthened by its days', async () => {
    // The week began two days ago; the month bought now starts at once, and the week's 5 days left
    // come after it (decision 0026, amended): the week ends 37 days after it began.
    const week = buildPass({
      _id: 'pass-week',
      subscription: WEEK,
      createdAt: '2026-11-22T10:00:00.000Z',
      startsAt: '2026-11-22T10:00:00.000Z',
      endsAt: '2026-12-29T10:00:00.000Z',
    });
    const month = buildPass({
      _id: 'pass-month',
      createdAt: NOW.toISOString(),
      startsAt: NOW.toISOString(),
      endsAt: '2026-12-24T10:00:00.000Z',
    });
    stubBillingApi({
      'GET /api/user-subscriptions': () => passes(month, week),
      'GET /api/payments': () => payments(),
      'GET /api/subscriptions': () => PLANS,
    });
    render();
    expect(await screen.findByText('Premium is active until December 29, 2026')).toBeTruthy();
    const [running, paused] = screen
      .getAllByRole('listitem')
      .filter((item) => within(item).queryByRole('heading'));
    expect(within(running!).getByText('Active')).toBeTruthy();
    expect(within(running!).getByText('30 days left · until December 24, 2026')).toBeTruthy();
    expect(within(paused!).getByText('On hold')).toBeTruthy();
    // Its own 5 days, once the month ends: not the 35 days to its lengthened end.
    expect(
      within(paused!).getByText('5 days left · resumes on December 24, 2026, runs until December 29, 2026'),
    ).toBeTruthy();
    expect(
      within(paused!).getByText(
        'On hold while your pass of a better plan runs: its days left resume after it.',
      ),
    ).toBeTruthy();
  });

  it('shows a month on hold after a quarter bought the same day: its 30 days, after the quarter', async () => {
    // The tester's case: the month bought, then the quarter, which starts at once; the month's 30 days
    // come after the quarter's 90 (decision 0026, amended), so its end moved 90 days later.
    const month = buildPass({
      _id: 'pass-month',
      createdAt: NOW.toISOString(),
      startsAt: NOW.toISOString(),
      endsAt: '2027-03-24T10:00:00.000Z',
    });
    const quarter = buildPass({
      _id: 'pass-quarter',
      subscription: QUARTER,
      createdAt: NOW.toISOString(),
      startsAt: NOW.toISOString(),
      endsAt: '2027-02-22T10:00:00.000Z',
    });
    stubBillingApi({
      'GET /api/user-subscriptions': () => passes(month, quarter),
      'GET /api/payments': () => payments(),
      'GET /api/subscriptions': () => PLANS,
    });
    render();
    expect(await screen.findByText('Premium is active until March 24, 2027')).toBeTruthy();
    const [held, running] = screen
      .getAllByRole('listitem')
      .filter((item) => within(item).queryByRole('heading'));
    expect(within(held!).getByText('On hold')).toBeTruthy();
    expect(
      within(held!).getByText('30 days left · resumes on February 22, 2027, runs until March 24, 2027'),
    ).toBeTruthy();
    expect(within(running!).getByText('Active')).toBeTruthy();
    expect(within(running!).getByText('90 days left · until February 22, 2027')).toBeTruthy();
  });

  it('says what cancelling does before the member confirms, then keeps the pass running to its end', async () => {
    // The server's answers: the same pass, cancelled once the member confirmed.
    let pass = buildPass();
    const fetch = stubBillingApi({
      'GET /api/user-subscriptions': () => passes(pass),
      'GET /api/payments': () => payments(),
      'POST /api/user-subscriptions/pass-1/cancel': () => (pass = { ...pass, canceledAt: NOW.toISOString() }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Cancel Premium month' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this pass?' });
    expect(
      within(dialog).getByText(
        'Premium stays active until December 20, 2026: you keep every day you paid for.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/Nothing is refunded, and nothing will be charged/)).toBeTruthy();
    expect(callsOf(fetch)).not.toContain('POST /api/user-subscriptions/pass-1/cancel');
    expectOneRow(dialog, 'Keep it', 'Cancel the pass');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel the pass' }));
    expect(await screen.findByText('Cancelled. Premium stays until December 20, 2026.')).toBeTruthy();
    expect(callsOf(fetch)).toContain('POST /api/user-subscriptions/pass-1/cancel');
    await waitFor(() =>
      expect(screen.getByText('Cancelled: it runs until December 20, 2026, then ends.')).toBeTruthy(),
    );
    expect(screen.queryByRole('button', { name: 'Cancel Premium month' })).toBeNull();
  });

  it('keeps the pass when the member changes their mind', async () => {
    const fetch = stubBillingApi({
      'GET /api/user-subscriptions': () => passes(buildPass()),
      'GET /api/payments': () => payments(),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Cancel Premium month' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this pass?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(fetch).filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('lists the payments with their amount, plan, method, outcome and reason, page after page', async () => {
    const page = Array.from({ length: 96 }, (_, i) =>
      withStatus('SUCCESS', { _id: `p-${i}`, reference: `R${i}` }),
    );
    const fetch = stubBillingApi({
      'GET /api/user-subscriptions': () => passes(),
      'GET /api/subscriptions': () => PLANS,
      'GET /api/payments': (url) =>
        url.searchParams.get('skip') === '96'
          ? {
              payments: [withStatus('FAILED', { _id: 'last', reason: 'declined', subscription: WEEK._id })],
              count: 97,
            }
          : { payments: page, count: 97 },
    });
    const user = userEvent.setup();
    render();
    const history = await screen.findByRole('region', { name: 'My payments' });
    expect((await within(history).findAllByText('Paid')).length).toBe(96);
    expect(within(history).getAllByText('Premium month · Mobile Money · 243•••••••678').length).toBe(96);
    await user.click(within(history).getByRole('button', { name: 'Show more' }));
    expect(await within(history).findByText('Failed')).toBeTruthy();
    expect(
      within(history).getByText('The payment was declined on the phone. Nothing was charged.'),
    ).toBeTruthy();
    expect(within(history).getByText('Premium week · Mobile Money · 243•••••••678')).toBeTruthy();
    expect(callsOf(fetch)).toContain('GET /api/payments?skip=96&limit=96');
    expect(within(history).queryByRole('button', { name: 'Show more' })).toBeNull();
  }, 20_000);

  it('offers a pending payment’s cancel in My payments; once cancelled it says so, and that a late approval is credited', async () => {
    let cancelled = false;
    const fetch = stubBillingApi({
      'GET /api/user-subscriptions': () => passes(),
      'GET /api/subscriptions': () => PLANS,
      'GET /api/payments': () =>
        payments(
          cancelled ? withStatus('FAILED', { reason: 'member_cancelled' }) : withStatus('PENDING'),
          withStatus('PENDING', { _id: 'p-review', reference: 'REVIEW1', reason: 'in_review' }),
        ),
      'POST /api/payments/pay-1/cancel': () => {
        cancelled = true;
        return withStatus('FAILED', { reason: 'member_cancelled' });
      },
    });
    const user = userEvent.setup();
    render();
    const history = await screen.findByRole('region', { name: 'My payments' });
    // One cancel: a payment in our team's review is not the member's to cancel.
    const cancel = await within(history).findAllByRole('button', { name: 'Cancel this payment' });
    expect(cancel).toHaveLength(1);
    await user.click(cancel[0]!);
    expect(await within(history).findByText('Cancelled')).toBeTruthy();
    expect(
      within(history).getByText(
        'You cancelled this payment. Should it be approved all the same, your pass will be credited.',
      ),
    ).toBeTruthy();
    expect(callsOf(fetch)).toContain('POST /api/payments/pay-1/cancel');
    expect(within(history).queryByRole('button', { name: 'Cancel this payment' })).toBeNull();
  });

  it('gives the support address in the pass cancel dialog', async () => {
    stubBillingApi({
      'GET /api/subscriptions': () => PLANS,
      'GET /api/user-subscriptions': () => passes(buildPass()),
      'GET /api/payments': () => payments(),
    });
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel Premium month' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this pass?' });
    expect(within(dialog).getByRole('link', { name: 'support@motema.app' }).getAttribute('href')).toBe(
      'mailto:support@motema.app',
    );
  });
});
