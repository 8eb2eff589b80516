import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordSettingsPage } from './password-settings-page.tsx';
import { renderSettingsPage } from './render-settings-page.tsx';
import { jsonResponse } from '../../test/render-page.tsx';

afterEach(() => vi.unstubAllGlobals());

async function fill(current: string, next: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Current password/, { selector: 'input' }), current);
  await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), next);
  await user.type(screen.getByLabelText(/Confirm the new password/, { selector: 'input' }), confirmation);
  await user.click(screen.getByRole('button', { name: 'Change the password' }));
}

describe('PasswordSettingsPage', () => {
  it('says the other devices will be logged out, and checks the confirmation before sending', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderSettingsPage('/settings/password', <PasswordSettingsPage />);
    expect(screen.getByText(/other phones and computers will be logged out/)).toBeTruthy();
    await fill('old secret', 'new secret', 'other secret');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a wrong current password under its field', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(400, {
        statusCode: 400,
        code: 'wrong_password',
        message: 'x',
        issues: [{ path: 'currentPassword', code: 'wrong_password', message: 'x' }],
      }),
    );
    renderSettingsPage('/settings/password', <PasswordSettingsPage />);
    await fill('not it', 'new secret', 'new secret');
    const field = screen.getByLabelText(/Current password/, { selector: 'input' });
    expect(await screen.findByText('The password is not correct')).toBeTruthy();
    const errorId = field.getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)?.textContent).toBe('The password is not correct');
    // The field to fix has the focus, not the page (the button was disabled while sending).
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('sends the three fields and empties the form once changed', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(204));
    vi.stubGlobal('fetch', fetch);
    renderSettingsPage('/settings/password', <PasswordSettingsPage />);
    await fill('old secret', 'new secret', 'new secret');
    expect(fetch).toHaveBeenCalledWith('/api/users/password', expect.objectContaining({ method: 'PUT' }));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      currentPassword: 'old secret',
      password: 'new secret',
      confirmation: 'new secret',
    });
    await vi.waitFor(() =>
      expect(
        (screen.getByLabelText(/Current password/, { selector: 'input' }) as HTMLInputElement).value,
      ).toBe(''),
    );
  });
});
