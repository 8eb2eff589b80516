import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteAccountPage } from './delete-account-page.tsx';
import { renderSettingsPage } from './render-settings-page.tsx';
import { jsonResponse } from '../../test/render-page.tsx';
import { isConfirmationWord } from './confirmation-word.ts';

afterEach(() => vi.unstubAllGlobals());

describe('DeleteAccountPage', () => {
  it('says what is lost, and asks the password and the confirmation word before sending', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderSettingsPage('/settings/access/delete', <DeleteAccountPage />);
    expect(screen.getByText('This cannot be undone')).toBeTruthy();
    expect(screen.getByText('your conversations and messages')).toBeTruthy();
    await user.type(screen.getByLabelText(/Type DELETE to confirm/), 'delet');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getAllByText('Type DELETE to confirm').length).toBeGreaterThan(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('deletes with the password, forgets the member and goes to the start page', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(204));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const { router, queryClient } = renderSettingsPage('/settings/access/delete', <DeleteAccountPage />);
    await user.type(screen.getByLabelText(/Your password/, { selector: 'input' }), 'my secret');
    await user.type(screen.getByLabelText(/Type DELETE to confirm/), 'delete');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetch).toHaveBeenCalledWith('/api/users', expect.objectContaining({ method: 'DELETE' }));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ password: 'my secret' });
    expect(queryClient.getQueryData(['users', 'profile'])).toBeNull();
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
