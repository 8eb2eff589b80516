import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { renderNotices } from '../safety/render-notices.tsx';
import {
  freshPartner,
  NOT_PARTNER,
  account,
  balance,
  callsOf,
  journal,
  cdfOnlyPartner,
  partner,
  stubApi,
  withdrawal,
} from './partnership-fixtures.ts';
import { PartnershipPage } from './partnership-page.tsx';

const NOW = new Date('2026-11-24T10:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  renderNotices();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'share');
});

const CHILDREN = {
  users: [
    {
      _id: 'u-7',
      username: 'bisou',
      name: 'Bisou',
      joinedAt: '2026-11-02T10:00:00.000Z',
      revenue: [{ amount: 280, currency: 'USD' }],
    },
  ],
  count: 1,
};

/** The page for a member whose overview is `overview`, with children and journals answered. */
function render(overview: unknown, extra: Record<string, (url: URL) => unknown> = {}) {
  const fetch = stubApi({
    'GET /api/partnership': () => overview,
    'GET /api/users': () => CHILDREN,
    'GET /api/journals': () => ({ journals: [journal()], count: 1 }),
    ...extra,
  });
  renderPage('/premium/partnership', <PartnershipPage />, { me: buildMe() });
  return fetch;
}

describe('PartnershipPage', () => {
  it('tells a member who has not joined what the programme is, and joins them', async () => {
    let joined = false;
    const fetch = render(NOT_PARTNER, {
      'GET /api/partnership': () => (joined ? partner() : NOT_PARTNER),
      'POST /api/partnership': () => ((joined = true), partner()),
    });
    expect(await screen.findByText('Earn with the people you bring')).toBeTruthy();
    expect(
      screen.getByText('Withdraw from $10 or CDF 28,000 to your own mobile-money number, once it is proven'),
    ).toBeTruthy();
    expect(screen.queryByText('Your balances')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Join the programme' }));
    expect(await screen.findByText('Your balances')).toBeTruthy();
    expect(
      await screen.findByText('Welcome to the partnership programme. Share your link to start.'),
    ).toBeTruthy();
    expect(callsOf(fetch)).toContain('POST /api/partnership');
  });

  it("shows a partner's balances per currency, formatted as money, and the programme's terms", async () => {
    render(
      partner({
        balances: [
          balance(),
          balance({
            currency: 'CDF',
            available: 2_800_000,
            pending: 0,
            inFlight: 1_400_000,
            revenue: 4_200_000,
            minimum: 2_800_000,
          }),
        ],
      }),
    );
    const usd = await screen.findByLabelText('USD');
    expect(within(usd).getByText('$12.50')).toBeTruthy();
    expect(within(usd).getByText('$3.50')).toBeTruthy();
    expect(within(usd).getByText('$46')).toBeTruthy();
    const cdf = screen.getByLabelText('CDF');
    expect(within(cdf).getByText('CDF 28,000')).toBeTruthy();
    expect(within(cdf).getByText('CDF 14,000')).toBeTruthy();
    expect(
      screen.getByText(
        'You earn 10% of what the people you brought pay. Each share is held 14 days before you can withdraw it.',
      ),
    ).toBeTruthy();
  });

  it.each([
    ['USD only', partner({ balances: [balance(), freshPartner().balances[1]!] }), ['USD']],
    ['CDF only', cdfOnlyPartner(), ['CDF']],
    ['nothing yet (the first currency)', freshPartner(), ['USD']],
  ])(
    'shows a card for each currency the partner holds or moved money in: %s',
    async (_case, overview, shown) => {
      render(overview);
      const section = await screen.findByRole('region', { name: 'Your balances' });
      const cards = within(section)
        .getAllByLabelText(/^(USD|CDF)$/)
        .map((card) => card.getAttribute('aria-label'));
      expect(cards).toEqual(shown);
    },
  );

  it('gives the referral link and code, and shares them through the phone’s share sheet', async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    render(partner());
    const link = `${location.origin}/register?ref=K7P2QX`;
    expect(((await screen.findByLabelText('Your invitation link')) as HTMLInputElement).value).toBe(link);
    expect(screen.getByText('K7P2QX')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: link }));
  });

  it('copies the link and says so where the phone has no share sheet', async () => {
    render(partner());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}/register?ref=K7P2QX`);
  });

  it('lists the child accounts with what each earned, and searches them', async () => {
    const fetch = render(partner());
    const section = await screen.findByRole('region', { name: '2 people joined through you' });
    expect(await within(section).findByText('Bisou')).toBeTruthy();
    expect(within(section).getByText('Joined on November 2, 2026')).toBeTruthy();
    expect(within(section).getByText('$2.80')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(section).getByRole('searchbox'), 'bis{Enter}');
    await waitFor(() => expect(callsOf(fetch)).toContain('GET /api/users?parent-id=u1&search=bis&limit=20'));
  });

  it('shows the latest journals with the way to all of them', async () => {
    const fetch = render(partner());
    const latest = await screen.findByRole('region', { name: 'Latest journals' });
    expect(await within(latest).findByText('Share earned')).toBeTruthy();
    expect(within(latest).getByText('+$1.40')).toBeTruthy();
    expect(within(latest).getByText('From Bisou · MTM7K2Q9XA')).toBeTruthy();
    expect(within(latest).getByRole('link', { name: 'See all journals' }).getAttribute('href')).toBe(
      '/premium/journals',
    );
    expect(callsOf(fetch)).toContain('GET /api/journals?limit=3');
  });

  it('offers the withdrawal to a partner with a proven number and enough available', async () => {
    render(partner());
    const section = await screen.findByRole('region', { name: 'Withdrawals' });
    expect(within(section).getByText('+243812345678')).toBeTruthy();
    expect(within(section).getByText('Proven')).toBeTruthy();
    expect(within(section).getByText('Proven on November 1, 2026')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Request a withdrawal' }).getAttribute('href')).toBe(
      '/premium/withdrawal',
    );
    expect(within(section).getByRole('link', { name: 'Change the number' }).getAttribute('href')).toBe(
      '/premium/withdrawal/account',
    );
  });

  it.each([
    [
      'below the minimum',
      partner({ balances: [balance({ available: 999 })] }),
      'You can withdraw once $10 or more is available.',
    ],
    [
      'below the minimum, in the only currency held',
      cdfOnlyPartner(),
      'You can withdraw once CDF 28,000 or more is available.',
    ],
    [
      'below the minimum, in each currency held',
      partner({
        balances: [
          balance({ available: 999 }),
          balance({ currency: 'CDF', available: 1_500_000, minimum: 2_800_000 }),
        ],
      }),
      'You can withdraw once the amount available in one currency reaches its smallest withdrawal: $10 or CDF 28,000.',
    ],
    [
      'with nothing yet, in each currency a partner may earn and withdraw in',
      partner({ balances: freshPartner().balances }),
      'You can withdraw once the amount available in one currency reaches its smallest withdrawal: $10 or CDF 28,000.',
    ],
    ['without a number', partner({ withdrawalAccount: null }), 'Add a withdrawal number to withdraw.'],
    [
      'with a number being proven',
      partner({ withdrawalAccount: account({ status: 'proving', provenAt: null, withdrawableFrom: null }) }),
      'Your withdrawal number is not proven yet.',
    ],
    [
      'with a number that failed its proof',
      partner({ withdrawalAccount: account({ status: 'failed', provenAt: null, withdrawableFrom: null }) }),
      'Your withdrawal number is not proven yet.',
    ],
    [
      'during the cooldown',
      partner({ withdrawalAccount: account({ withdrawableFrom: '2026-11-30T10:00:00.000Z' }) }),
      'Withdrawals to your new number open on November 30, 2026.',
    ],
    [
      'with a withdrawal under way',
      partner({ withdrawal: withdrawal() }),
      'A withdrawal is already under way.',
    ],
  ])('disables the withdrawal %s, saying why', async (_case, overview, reason) => {
    render(overview);
    const section = await screen.findByRole('region', { name: 'Withdrawals' });
    const button = within(section).getByRole('button', { name: 'Request a withdrawal' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(within(section).getByText(reason)).toBeTruthy();
    expect(within(section).queryByRole('link', { name: 'Request a withdrawal' })).toBeNull();
  });

  it('shows each status of the withdrawal number', async () => {
    render(
      partner({ withdrawalAccount: account({ status: 'proving', provenAt: null, withdrawableFrom: null }) }),
    );
    const section = await screen.findByRole('region', { name: 'Withdrawals' });
    expect(within(section).getByText('Being proven')).toBeTruthy();
  });
});
