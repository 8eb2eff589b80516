import type { Payment, Subscription, UserSubscription } from '@motema/shared/billing';
import { vi } from 'vitest';
import { jsonResponse } from '../../test/render-page.tsx';

/** The catalogue the server seeds (migration 0010): a week, a month and a quarter. */
export const WEEK: Subscription = {
  _id: '5a0d3c1e-7b21-4c59-9f0e-000000000007',
  key: 'week',
  cost: { USD: 199, CDF: 550000 },
  days: 7,
  popularity: 25,
  preferences: false,
  popular: 30,
  expired: false,
};
export const MONTH: Subscription = {
  ...WEEK,
  _id: '5a0d3c1e-7b21-4c59-9f0e-000000000030',
  key: 'month',
  cost: { USD: 499, CDF: 1400000 },
  days: 30,
  popularity: 60,
  preferences: true,
  popular: 55,
};
export const QUARTER: Subscription = {
  ...WEEK,
  _id: '5a0d3c1e-7b21-4c59-9f0e-000000000090',
  key: 'quarter',
  cost: { USD: 1199, CDF: 3400000 },
  days: 90,
  popularity: 100,
  preferences: true,
  popular: 15,
};
/** As GET /subscriptions answers them: dearest first. */
export const PLANS = { subscriptions: [QUARTER, MONTH, WEEK], count: 3 };

export function buildPass(change: Partial<UserSubscription> = {}): UserSubscription {
  return {
    _id: 'pass-1',
    subscription: MONTH,
    createdAt: '2026-11-20T10:00:00.000Z',
    startsAt: '2026-11-20T10:00:00.000Z',
    endsAt: '2026-12-20T10:00:00.000Z',
    canceledAt: null,
    revokedAt: null,
    ...change,
  };
}

export function buildPayment(change: Partial<Payment> = {}): Payment {
  return {
    _id: 'pay-1',
    reference: 'MTM7K2Q9XA',
    method: 'mobile_money',
    subscription: MONTH._id,
    transaction: { amount: 1400000, currency: 'CDF', status: 'PENDING' },
    reason: null,
    phone: '243•••••••678',
    redirectUrl: null,
    createdAt: '2026-11-24T08:00:00.000Z',
    ...change,
  };
}

export const withStatus = (status: Payment['transaction']['status'], change: Partial<Payment> = {}) =>
  buildPayment({ ...change, transaction: { amount: 1400000, currency: 'CDF', status } });

type Handler = (url: URL, init: RequestInit | undefined) => unknown;

/** `fetch` answering `"METHOD /api/path"` handlers (a plain value is sent as JSON 200); 404 otherwise. */
export function stubBillingApi(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const handler = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (!handler) return jsonResponse(404, { statusCode: 404, code: 'not_found', message: 'Not found' });
    const answer = await handler(url, init);
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The calls made, as "METHOD /path?query". */
export const callsOf = (fetch: ReturnType<typeof stubBillingApi>) =>
  fetch.mock.calls.map(([input, init]) => {
    const url = new URL(input, 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
