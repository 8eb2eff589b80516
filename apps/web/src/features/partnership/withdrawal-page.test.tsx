import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDEMPOTENCY_KEY_HEADER } from '@motema/shared/billing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import { renderNotices } from '../safety/render-notices.tsx';
import { WITHDRAWAL_CHECK_EVERY_MS } from './partnership.api.ts';
import {
  balance,
  callsOf,
  freshPartner,
  NOT_PARTNER,
  cdfOnlyPartner,
  partner,
  refusal,
  stubApi,
  withdrawal,
} from './partnership-fixtures.ts';
import { WithdrawalPage } from './withdrawal-page.tsx';

beforeEach(() => {
  // Real time flows (the requests answer), and the test moves the clock on when it waits for a check.
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-24T10:00:00.000Z') });
  renderNotices();
});
afterEach(() => {
  // Unmounted before fetch is given back: a check due later must not reach for a real server.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const member = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const render = () => renderPage('/premium/withdrawal', <WithdrawalPage />, { me: buildMe() });

/** The withdrawal requests the server received: each body and its Idempotency-Key. */
const requestsOf = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/api/withdrawals'))
    .map(([, init]) => ({
      body: JSON.parse(String(init!.body)) as unknown,
      key: (init!.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER],
    }));

describe('WithdrawalPage', () => {
  it('offers the available amount to the proven number, then follows the withdrawal until it is paid', async () => {
    let checks = 0;
    const fetch = stubApi({
      'GET /api/partnership': () => partner(),
      'POST /api/withdrawals': () => jsonResponse(201, withdrawal()),
      'GET /api/withdrawals/w-1': () => withdrawal({ status: (checks += 1) < 2 ? 'PENDING' : 'SUCCESS' }),
    });
    render();
    const amount = (await screen.findByLabelText('Amount (USD)')) as HTMLInputElement;
    expect(amount.value).toBe('12.50');
    expect(screen.getByText('Available: $12.50. Smallest withdrawal: $10.')).toBeTruthy();
    expect(screen.getByText('Sent to +243812345678, your proven number.')).toBeTruthy();
    await member().click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Sending $12.50')).toBeTruthy();
    expect(requestsOf(fetch)).toEqual([
      { body: { amount: 1250, currency: 'USD' }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    await wait(WITHDRAWAL_CHECK_EVERY_MS);
    expect(await screen.findByText('Withdrawal sent')).toBeTruthy();
    expect(screen.getByText('$12.50 was paid to +243812345678.')).toBeTruthy();
    // Settled: no more checks.
    const asked = callsOf(fetch).filter((call) => call === 'GET /api/withdrawals/w-1').length;
    await wait(3 * WITHDRAWAL_CHECK_EVERY_MS);
    expect(callsOf(fetch).filter((call) => call === 'GET /api/withdrawals/w-1')).toHaveLength(asked);
  });

  it('says a failed withdrawal is back in the balance, and lets the member try again', async () => {
    stubApi({
      'GET /api/partnership': () => partner(),
      'POST /api/withdrawals': () => jsonResponse(201, withdrawal()),
      'GET /api/withdrawals/w-1': () => withdrawal({ status: 'FAILED' }),
    });
    render();
    await member().click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The withdrawal failed')).toBeTruthy();
    expect(
      screen.getByText(
        '$12.50 could not be paid to +243812345678. It is back in your available balance: you can try again.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('follows the withdrawal already under way instead of offering another', async () => {
    const fetch = stubApi({
      'GET /api/partnership': () => partner({ withdrawal: withdrawal() }),
      'GET /api/withdrawals/w-1': () => withdrawal(),
    });
    render();
    expect(await screen.findByText('Sending $12.50')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    await waitFor(() => expect(callsOf(fetch)).toContain('GET /api/withdrawals/w-1'));
  });

  it.each([
    ['SUCCESS', 'Withdrawal sent', '$12.50 was paid to +243812345678.'],
    [
      'FAILED',
      'The withdrawal failed',
      '$12.50 could not be paid to +243812345678. It is back in your available balance: you can try again.',
    ],
  ] as const)(
    'says the outcome (%s) of a withdrawal found under way when the page opened, once the overview no longer holds it',
    async (status, title, text) => {
      let checks = 0;
      let settled = false;
      stubApi({
        // Once settled, the overview has no withdrawal in flight and another available amount.
        'GET /api/partnership': () =>
          settled
            ? partner({ balances: [balance({ available: status === 'FAILED' ? 1_250 : 0 })] })
            : partner({ withdrawal: withdrawal(), balances: [balance({ available: 0, inFlight: 1_250 })] }),
        'GET /api/withdrawals/w-1': () => {
          checks += 1;
          settled = checks >= 2;
          return withdrawal({ status: settled ? status : 'PENDING' });
        },
      });
      render();
      expect(await screen.findByText('Sending $12.50')).toBeTruthy();
      await wait(WITHDRAWAL_CHECK_EVERY_MS);
      expect(await screen.findByText(title)).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
      // The overview refreshed behind it: the outcome stays until the member moves on.
      await wait(2 * WITHDRAWAL_CHECK_EVERY_MS);
      expect(screen.getByText(title)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    },
  );

  it('sends the same Idempotency-Key when the same request is sent again, a new one for another amount', async () => {
    const fetch = stubApi({
      'GET /api/partnership': () => partner({ balances: [balance({ available: 3_000 })] }),
      'POST /api/withdrawals': () => refusal(409, 'withdrawal_in_flight'),
    });
    render();
    const user = member();
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(requestsOf(fetch)).toHaveLength(2));
    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '10');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(requestsOf(fetch)).toHaveLength(3));
    const [first, again, other] = requestsOf(fetch);
    expect(again!.key).toBe(first!.key);
    expect(other!.key).not.toBe(first!.key);
    expect(first!.body).toEqual({ amount: 3000, currency: 'USD' });
    expect(other!.body).toEqual({ amount: 1000, currency: 'USD' });
  });

  it('refuses an amount below the minimum or above the available one before asking the server', async () => {
    const fetch = stubApi({ 'GET /api/partnership': () => partner() });
    render();
    const user = member();
    const amount = await screen.findByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '9.99');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The smallest withdrawal is $10.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '13');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('This is more than your available balance.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, 'ten');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Enter an amount, such as 10 or 12.50')).toBeTruthy();
    expect(requestsOf(fetch)).toEqual([]);
  });

  it.each([
    [refusal(400, 'withdrawal_minimum'), 'The smallest withdrawal is $10.'],
    [refusal(400, 'insufficient_balance'), 'This is more than your available balance.'],
    [
      refusal(409, 'withdrawal_in_flight'),
      'A withdrawal is already under way. Wait for its result before asking for another.',
    ],
    [refusal(400, 'withdrawal_account_required'), 'Add a withdrawal number and prove it first.'],
    [
      refusal(403, 'withdrawal_cooldown', { until: '2026-11-30T10:00:00.000Z' }),
      'Withdrawals to your new number open on November 30, 2026.',
    ],
    [
      refusal(400, 'operator_limit', { limit: 'daily' }),
      'This is more than the operator allows in a day. Try a smaller amount, or tomorrow.',
    ],
    [
      refusal(400, 'operator_limit', { limit: 'monthly' }),
      'This is more than the operator allows in a month. Try a smaller amount, or next month.',
    ],
    [refusal(403, 'partnership_required'), 'Join the partnership programme first.'],
  ])('says the refusal %#, translated', async (answer, text) => {
    stubApi({
      'GET /api/partnership': () => partner(),
      'POST /api/withdrawals': () => answer.clone(),
    });
    render();
    await member().click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.queryByText('Sending $12.50')).toBeNull();
  });

  it('states the minimum in the currency the member holds, with the way back', async () => {
    stubApi({
      'GET /api/partnership': () => cdfOnlyPartner(),
    });
    render();
    expect(await screen.findByText('You can withdraw once CDF 28,000 or more is available.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the partnership' })).toBeTruthy();
  });

  it('states the minimum in each currency to a partner with nothing yet', async () => {
    stubApi({ 'GET /api/partnership': () => partner({ balances: freshPartner().balances }) });
    render();
    expect(
      await screen.findByText(
        'You can withdraw once the amount available in one currency reaches its smallest withdrawal: $10 or CDF 28,000.',
      ),
    ).toBeTruthy();
  });

  it('offers each currency with something to withdraw', async () => {
    stubApi({
      'GET /api/partnership': () =>
        partner({
          balances: [balance(), balance({ currency: 'CDF', available: 2_800_000, minimum: 2_800_000 })],
        }),
    });
    render();
    await member().click(await screen.findByText('CDF'));
    expect(((await screen.findByLabelText('Amount (CDF)')) as HTMLInputElement).value).toBe('28000');
    expect(screen.getByText('Available: CDF 28,000. Smallest withdrawal: CDF 28,000.')).toBeTruthy();
  });

  it('sends a member who has not joined to the partnership page, where they join', async () => {
    stubApi({ 'GET /api/partnership': () => NOT_PARTNER });
    render();
    expect(await screen.findByText('Join the partnership programme first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Partnership programme' }).getAttribute('href')).toBe(
      '/premium/partnership',
    );
  });
});
