import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { renderNotices } from '../safety/render-notices.tsx';
import { account, callsOf, NOT_PARTNER, partner, refusal, stubApi } from './partnership-fixtures.ts';
import { WithdrawalAccountPage } from './withdrawal-account-page.tsx';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00.000Z'), toFake: ['Date'] });
  renderNotices();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const PROVING = account({ status: 'proving', provenAt: null, withdrawableFrom: null });
const FAILED = account({ status: 'failed', provenAt: null, withdrawableFrom: null });

const render = () => renderPage('/premium/withdrawal/account', <WithdrawalAccountPage />, { me: buildMe() });
const bodyOf = (fetch: ReturnType<typeof stubApi>, method: string) =>
  JSON.parse(String(fetch.mock.calls.find(([, init]) => init?.method === method)![1]!.body)) as unknown;

describe('WithdrawalAccountPage', () => {
  it('takes a number written any usual way with the password, then asks to approve the small payment', async () => {
    let saved = false;
    const fetch = stubApi({
      'GET /api/partnership': () => partner({ withdrawalAccount: saved ? PROVING : null }),
      'PUT /api/partnership/withdrawal-account': () => ((saved = true), PROVING),
    });
    render();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile-money number'), '081 234 5678');
    await user.type(screen.getByLabelText('Your password'), 'river-of-kinshasa');
    await user.click(screen.getByRole('button', { name: 'Save and prove' }));
    expect(await screen.findByText('Approve the small payment on your phone')).toBeTruthy();
    expect(
      screen.getByText(
        'We asked +243812345678 for a payment of $1. Approve it on the phone, then tap Verify. It is credited back to you.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Being proven')).toBeTruthy();
    expect(bodyOf(fetch, 'PUT')).toEqual({ phone: '243812345678', password: 'river-of-kinshasa' });
  });

  it('refuses a number that is not a Congolese mobile one, and a missing password, without asking the server', async () => {
    const fetch = stubApi({ 'GET /api/partnership': () => partner({ withdrawalAccount: null }) });
    render();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile-money number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save and prove' }));
    expect(await screen.findByText('Enter a Congolese mobile number, such as 081 234 5678')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(callsOf(fetch).filter((call) => call.startsWith('PUT'))).toEqual([]);
  });

  it('says a wrong password under the password, the number unchanged', async () => {
    stubApi({
      'GET /api/partnership': () => partner({ withdrawalAccount: null }),
      'PUT /api/partnership/withdrawal-account': () =>
        refusal(400, 'wrong_password', {
          issues: [{ path: 'password', code: 'wrong_password', message: 'The password is not correct' }],
        }),
    });
    render();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile-money number'), '+243 81 234 5678');
    await user.type(screen.getByLabelText('Your password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Save and prove' }));
    expect(await screen.findByText('The password is not correct')).toBeTruthy();
    expect(screen.queryByText('Approve the small payment on your phone')).toBeNull();
  });

  it('verifies the proof when the member says they approved it', async () => {
    let verified = false;
    const fetch = stubApi({
      'GET /api/partnership': () => partner({ withdrawalAccount: verified ? account() : PROVING }),
      'POST /api/partnership/withdrawal-account/verify': () => ((verified = true), account()),
    });
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Proven')).toBeTruthy();
    expect(screen.getByText('Proven on November 1, 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(callsOf(fetch)).toContain('POST /api/partnership/withdrawal-account/verify');
  });

  it('says when the payment is not approved yet', async () => {
    stubApi({
      'GET /api/partnership': () => partner({ withdrawalAccount: PROVING }),
      'POST /api/partnership/withdrawal-account/verify': () => PROVING,
    });
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Not approved yet. Approve the payment on your phone, then verify again.'),
    ).toBeTruthy();
  });

  it('offers a retry when the proof failed', async () => {
    let retried = false;
    const fetch = stubApi({
      'GET /api/partnership': () => partner({ withdrawalAccount: retried ? PROVING : FAILED }),
      'POST /api/partnership/withdrawal-account/retry': () => ((retried = true), PROVING),
    });
    render();
    expect(await screen.findByText('The number was not proven')).toBeTruthy();
    expect(screen.getByText('Not proven')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Approve the small payment on your phone')).toBeTruthy();
    expect(callsOf(fetch)).toContain('POST /api/partnership/withdrawal-account/retry');
  });

  it('shows a proven number, since when, and from when withdrawals go to it during the cooldown', async () => {
    stubApi({
      'GET /api/partnership': () =>
        partner({
          withdrawalAccount: account({
            provenAt: '2026-11-23T10:00:00.000Z',
            withdrawableFrom: '2026-11-26T10:00:00.000Z',
          }),
        }),
    });
    render();
    expect(await screen.findByText('+243812345678')).toBeTruthy();
    expect(screen.getByText('Proven on November 23, 2026')).toBeTruthy();
    expect(screen.getByText('Withdrawals to this number open on November 26, 2026.')).toBeTruthy();
  });

  it('tells no cooldown for a first number proven after the page read the time (seen at 360x740)', async () => {
    const provenLater = '2026-11-24T10:05:00.000Z';
    stubApi({
      'GET /api/partnership': () =>
        partner({ withdrawalAccount: account({ provenAt: provenLater, withdrawableFrom: provenLater }) }),
    });
    render();
    expect(await screen.findByText('Proven on November 24, 2026')).toBeTruthy();
    expect(screen.queryByText(/Withdrawals to this number open on/)).toBeNull();
  });

  it('changes the number with the password, the current one filled in', async () => {
    const fetch = stubApi({
      'GET /api/partnership': () => partner(),
      'PUT /api/partnership/withdrawal-account': () => PROVING,
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change the number' }));
    const phone = screen.getByLabelText('Mobile-money number') as HTMLInputElement;
    expect(phone.value).toBe('+243812345678');
    await user.clear(phone);
    await user.type(phone, '0991112233');
    await user.type(screen.getByLabelText('Your password'), 'river-of-kinshasa');
    await user.click(screen.getByRole('button', { name: 'Save and prove' }));
    await waitFor(() =>
      expect(bodyOf(fetch, 'PUT')).toEqual({ phone: '243991112233', password: 'river-of-kinshasa' }),
    );
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
