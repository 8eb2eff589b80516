import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteAccountPage } from './delete-account-page.tsx';
import { renderSettingsPage } from './render-settings-page.tsx';
import { jsonResponse } from '../../test/render-page.tsx';
import { isConfirmationWord } from './confirmation-word.ts';
import { buildPass, callsOf, stubBillingApi } from '../billing/billing-fixtures.ts';
import { balance, NOT_PARTNER, partner } from '../partnership/partnership-fixtures.ts';

/** A member with no pass to run and no partnership. */
const nothingPaid = {
  'GET /api/user-subscriptions': () => ({ subscriptions: [], count: 0 }),
  'GET /api/partnership': () => NOT_PARTNER,
};

afterEach(() => vi.unstubAllGlobals());

describe('DeleteAccountPage', () => {
  it('says what is lost, and asks the password and the confirmation word before sending', async () => {
    const fetch = stubBillingApi(nothingPaid);
    const user = userEvent.setup();
    renderSettingsPage('/settings/access/delete', <DeleteAccountPage />);
    expect(screen.getByText('This cannot be undone')).toBeTruthy();
    expect(screen.getByText('your conversations and messages')).toBeTruthy();
    await user.type(screen.getByLabelText(/Type DELETE to confirm/), 'delet');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getAllByText('Type DELETE to confirm').length).toBeGreaterThan(1);
    expect(callsOf(fetch).filter((call) => !call.startsWith('GET'))).toEqual([]);
  });

  it('deletes with the password, forgets the member and goes to the start page', async () => {
    const fetch = stubBillingApi({ ...nothingPaid, 'DELETE /api/users': () => jsonResponse(204) });
    const user = userEvent.setup();
    const { router, queryClient } = renderSettingsPage('/settings/access/delete', <DeleteAccountPage />);
    await user.type(screen.getByLabelText(/Your password/, { selector: 'input' }), 'my secret');
    await user.type(screen.getByLabelText(/Type DELETE to confirm/), 'delete');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const deleted = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(deleted?.[0]).toBe('/api/users');
    expect(JSON.parse(String(deleted?.[1]?.body))).toEqual({ password: 'my secret' });
    expect(queryClient.getQueryData(['users', 'profile'])).toBeNull();
    // Nothing paid or earned: no word of money.
    expect(screen.queryByText('Money you would lose')).toBeNull();
  });

  it('says which paid Premium days and which partnership money would be lost with the account', async () => {
    const fetch = stubBillingApi({
      'GET /api/user-subscriptions': () => ({
        subscriptions: [buildPass({ endsAt: '2099-01-31T10:00:00.000Z' })],
        count: 1,
      }),
      'GET /api/partnership': () =>
        partner({ balances: [balance({ currency: 'USD', available: 1_250, pending: 350, inFlight: 0 })] }),
    });
    renderSettingsPage('/settings/access/delete', <DeleteAccountPage />);
    expect(await screen.findByText('Money you would lose')).toBeTruthy();
    expect(
      screen.getByText(
        'Your Premium runs until January 31, 2099: the days left are lost with the account and not refunded.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('$12.50 you can withdraw now from your partnership balance.')).toBeTruthy();
    expect(screen.getByText('$3.50 of commission still on hold.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Withdraw your balance first' }).getAttribute('href')).toBe(
      '/premium/withdrawal',
    );
    expect(callsOf(fetch).some((call) => call.startsWith('DELETE'))).toBe(false);
  });
});

describe('isConfirmationWord', () => {
  it('ignores case, accents and spaces, never accepts nothing', () => {
    expect(isConfirmationWord(' delete ', 'DELETE')).toBe(true);
    expect(isConfirmationWord('sterge', 'ȘTERGE')).toBe(true);
    expect(isConfirmationWord('supprime', 'SUPPRIMER')).toBe(false);
    expect(isConfirmationWord('', '')).toBe(false);
  });
});
