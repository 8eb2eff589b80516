import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import { MONTH, PLANS, QUARTER, WEEK, callsOf, stubBillingApi } from './billing-fixtures.ts';
import { PremiumListPage } from './premium-list-page.tsx';
import { PremiumPage } from './premium-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('PremiumListPage', () => {
  it('shows each plan, cheapest first, with both prices, what it gives, and the most chosen marked', async () => {
    const fetch = stubBillingApi({ 'GET /api/subscriptions': () => PLANS });
    renderPage('/premium', <PremiumListPage />, { me: buildMe() });
    const cards = await screen.findAllByRole('listitem', {}, { timeout: 5000 });
    const plans = cards.filter((card) => within(card).queryByRole('heading'));
    expect(plans.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Premium week',
      'Premium month',
      'Premium quarter',
    ]);
    expect(callsOf(fetch)).toEqual(['GET /api/subscriptions?sort=-cost&limit=96']);

    const [week, month, quarter] = plans as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(week).getByText('CDF 5,500')).toBeTruthy();
    expect(within(week).getByText('or $1.99')).toBeTruthy();
    expect(within(week).getByText('7 days of Premium, paid once: nothing renews by itself')).toBeTruthy();
    expect(
      within(week).getByText(
        'Write first to members up to 32 popularity points above you (10 without Premium)',
      ),
    ).toBeTruthy();
    expect(within(month).getByText('Chosen by 55% of members who buy Premium')).toBeTruthy();
    expect(
      within(week).getByText('Members who look for another age or gender stay out of reach'),
    ).toBeTruthy();
    expect(within(quarter).getByText('Write first to any member, however popular')).toBeTruthy();
    expect(
      within(month).getByText('Write first even to members who look for another age or gender'),
    ).toBeTruthy();

    expect(within(month).getByText('Most chosen')).toBeTruthy();
    expect(within(week).queryByText('Most chosen')).toBeNull();
    expect(within(quarter).queryByText('Most chosen')).toBeNull();
  });

  it('says nothing of what others chose while too few have bought for the server to count it', async () => {
    const unknown = { subscriptions: PLANS.subscriptions.map((plan) => ({ ...plan, popular: 0 })), count: 3 };
    stubBillingApi({ 'GET /api/subscriptions': () => unknown });
    renderPage('/premium', <PremiumListPage />, { me: buildMe() });
    expect(await screen.findByText('Premium month')).toBeTruthy();
    expect(screen.queryByText('Most chosen')).toBeNull();
    expect(screen.queryByText(/Chosen by/)).toBeNull();
  });

  it('leads each Subscribe to the plan’s wizard, carrying the profile the member was writing to', async () => {
    stubBillingApi({ 'GET /api/subscriptions': () => PLANS });
    renderPage('/premium', <PremiumListPage />, { me: buildMe(), url: '/premium?profile=u-9' });
    const subscribe = await screen.findByRole('link', { name: 'Buy Premium month' });
    expect(subscribe.getAttribute('href')).toBe(`/premium/subscribe/${MONTH._id}?profile=u-9`);
    expect(screen.getByRole('link', { name: 'Buy Premium week' }).getAttribute('href')).toBe(
      `/premium/subscribe/${WEEK._id}?profile=u-9`,
    );
  });

  it('leaves out a plan no longer sold', async () => {
    stubBillingApi({
      'GET /api/subscriptions': () => ({ subscriptions: [{ ...QUARTER, expired: true }, WEEK], count: 2 }),
    });
    renderPage('/premium', <PremiumListPage />, { me: buildMe() });
    expect(await screen.findByText('Premium week')).toBeTruthy();
    expect(screen.queryByText('Premium quarter')).toBeNull();
  });

  it('offers to try again when the plans cannot load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, { statusCode: 403, code: 'forbidden', message: 'No' })),
    );
    renderPage('/premium', <PremiumListPage />, { me: buildMe() });
    expect(await screen.findByText('The plans could not load.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('PremiumPage', () => {
  it('says what Premium gives, what stays free, and leads to the plans', () => {
    renderPage('/premium/premium', <PremiumPage />, { me: buildMe() });
    expect(
      screen.getByText('Like profiles: if they like you back, you match and chat for free'),
    ).toBeTruthy();
    expect(screen.getByText('Reply to anyone who wrote to you')).toBeTruthy();
    expect(screen.getByText('Write first to members up to 10 popularity points above you')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/premium');
  });
});
