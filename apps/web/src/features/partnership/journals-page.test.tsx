import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOURNALS_PAGE_SIZE, type Journal } from '@motema/shared/partnership';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { callsOf, journal, stubApi } from './partnership-fixtures.ts';
import { JournalsPage } from './journals-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const render = () => renderPage('/premium/journals', <JournalsPage />, { me: buildMe() });

describe('JournalsPage', () => {
  it('lists the journals page after page: date, kind, signed amount and where each comes from', async () => {
    const first = Array.from({ length: JOURNALS_PAGE_SIZE }, (_, i) => journal({ _id: `j-${i}` }));
    const last = [
      journal({
        _id: 'j-paid',
        kind: 'withdrawal_paid',
        amount: 0,
        moved: 1_250,
        child: null,
        payment: null,
        withdrawal: { _id: 'w-1' },
        createdAt: '2026-11-01T08:15:00.000Z',
      }),
      journal({ _id: 'j-back', kind: 'commission_reversed', amount: -140 }),
    ];
    const fetch = stubApi({
      'GET /api/journals': (url) =>
        url.searchParams.get('skip') === String(JOURNALS_PAGE_SIZE)
          ? { journals: last, count: JOURNALS_PAGE_SIZE + 2 }
          : { journals: first, count: JOURNALS_PAGE_SIZE + 2 },
    });
    render();
    expect(await screen.findAllByText('Share earned')).toHaveLength(JOURNALS_PAGE_SIZE);
    expect(screen.getAllByText('+$1.40')).toHaveLength(JOURNALS_PAGE_SIZE);
    expect(screen.getAllByText('From Bisou · MTM7K2Q9XA')).toHaveLength(JOURNALS_PAGE_SIZE);
    expect(screen.getAllByText('Nov 20, 2026, 9:30 AM').length).toBeGreaterThan(0);
    expect(callsOf(fetch)).toEqual([`GET /api/journals?limit=${JOURNALS_PAGE_SIZE}`]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more' }));
    const paid = (await screen.findByText('Withdrawal paid')).closest('li')!;
    // Paid out: already out of the balance since it was asked, so neither a credit nor a debit.
    expect(within(paid as HTMLElement).getByText('$12.50')).toBeTruthy();
    expect(within(paid as HTMLElement).getByText('Your withdrawal')).toBeTruthy();
    expect(within(paid as HTMLElement).getByText('Nov 1, 2026, 8:15 AM')).toBeTruthy();
    const reversed = screen.getByText('Share taken back (refund)').closest('li')!;
    expect(within(reversed as HTMLElement).getByText('−$1.40')).toBeTruthy();
    expect(callsOf(fetch)).toContain(
      `GET /api/journals?skip=${JOURNALS_PAGE_SIZE}&limit=${JOURNALS_PAGE_SIZE}`,
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('signs and colours each line by what it did to the balance: a withdrawal asked is a debit, paid is neither, failed is a credit', async () => {
    const line = (kind: Journal['kind'], amount: number, _id: string) =>
      journal({ _id, kind, amount, moved: 1_250, child: null, payment: null, withdrawal: { _id: 'w-1' } });
    stubApi({
      'GET /api/journals': () => ({
        journals: [
          line('withdrawal_released', 1_250, 'j-3'),
          line('withdrawal_reserved', -1_250, 'j-2'),
          line('withdrawal_paid', 0, 'j-1'),
          line('release', 0, 'j-0'),
        ],
        count: 4,
      }),
    });
    render();
    const amountOf = async (kind: string) =>
      within((await screen.findByText(kind)).closest('li') as HTMLElement).getByTestId('journal-amount');
    const asked = await amountOf('Withdrawal asked');
    expect([asked.textContent, asked.dataset.effect]).toEqual(['−$12.50', 'debit']);
    const returned = await amountOf('Failed withdrawal returned');
    expect([returned.textContent, returned.dataset.effect]).toEqual(['+$12.50', 'credit']);
    const paid = await amountOf('Withdrawal paid');
    expect([paid.textContent, paid.dataset.effect]).toEqual(['$12.50', 'move']);
    const released = await amountOf('Share now available');
    expect([released.textContent, released.dataset.effect]).toEqual(['$12.50', 'move']);
  });

  it('says what will show there when there is no journal yet', async () => {
    stubApi({ 'GET /api/journals': () => ({ journals: [], count: 0 }) });
    render();
    expect(await screen.findByText('No journal yet: each share you earn will show here.')).toBeTruthy();
  });
});
