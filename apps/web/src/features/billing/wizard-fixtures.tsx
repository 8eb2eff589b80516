/** Test helpers of the subscribe wizard: the page at a plan, a member, the clock, the calls made. */
import { act, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDEMPOTENCY_KEY_HEADER, type Payment } from '@motema/shared/billing';
import { afterEach, beforeEach, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { renderNotices } from '../safety/render-notices.tsx';
import { MONTH, callsOf, type stubBillingApi } from './billing-fixtures.ts';
import { SubscribePage } from './subscribe-page.tsx';

/** Each test of a file calling this starts with fresh storage and notices, and a clock it can move. */
export function wizardEachTest() {
  beforeEach(() => {
    // Real time flows (the pages' requests answer), and the test moves the clock on when it waits for a poll.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.clear();
    sessionStorage.clear();
    renderNotices();
  });
  afterEach(() => {
    // Unmounted before fetch is given back: a poll due later must not reach for a real server.
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** The wizard of the month plan, `query` after its address. */
export const renderWizard = (query = '') =>
  renderPage('/premium/subscribe/:id', <SubscribePage />, {
    me: buildMe(),
    url: `/premium/subscribe/${MONTH._id}${query}`,
  });
export const member = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
/** Moves the clock on by `ms`, running what falls due. */
export const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

export type Init = { body: Record<string, unknown>; key: string | undefined };

/** The payment starts the server received: each body and its Idempotency-Key. */
export function startsOf(fetch: ReturnType<typeof stubBillingApi>): Init[] {
  return fetch.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).includes('/payments/init/flex'))
    .map(([, init]) => ({
      body: JSON.parse(String(init!.body)) as Record<string, unknown>,
      key: (init!.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER],
    }));
}

/** The verify calls made, in order. */
export const verifies = (fetch: ReturnType<typeof stubBillingApi>) =>
  callsOf(fetch).filter((call) => call.startsWith('GET /api/payments/verify/'));

/** A verify that answers `answers` in turn, then the last one again. */
export function answersInTurn(...answers: Payment[]) {
  let index = 0;
  return () => answers[Math.min(index++, answers.length - 1)];
}
