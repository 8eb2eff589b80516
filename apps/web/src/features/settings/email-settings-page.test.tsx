import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailSettingsPage } from './email-settings-page.tsx';
import { renderSettingsPage } from './render-settings-page.tsx';
import { buildMe, jsonResponse } from '../../test/render-page.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The calls that asked or confirmed a change (the screen also asks for the change under way). */
const posts = (fetch: { mock: { calls: [string, RequestInit?][] } }) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('EmailSettingsPage', () => {
  it('asks the password, sends a code to the new address, then confirms it', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/users/email/pending') return jsonResponse(204);
      if (url === '/api/users/email') return jsonResponse(202, {});
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      return code === '123456'
        ? jsonResponse(200, buildMe({ email: 'new@example.com' }))
        : jsonResponse(400, { statusCode: 400, code: 'code_invalid', message: 'x' });
    });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const { router, queryClient } = renderSettingsPage('/settings/access/email', <EmailSettingsPage />);

    expect(await screen.findByText('Current e-mail: amani@example.com')).toBeTruthy();
    await user.type(screen.getByLabelText(/New e-mail/), 'New@Example.com');
    await user.type(screen.getByLabelText(/Current password/, { selector: 'input' }), 'my secret');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetch)[0]?.[1]?.body))).toEqual({
      email: 'new@example.com',
      password: 'my secret',
    });

    expect(await screen.findByText(/We sent a 6-digit code to new@example.com/)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Code' })).toBeTruthy();
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('654321');
    expect(await screen.findByText('This code is not valid')).toBeTruthy();

    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/access'));
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/users/email/confirm',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(queryClient.getQueryData<{ email: string }>(['users', 'profile'])?.email).toBe('new@example.com');
  });

  it('sends a new code with the same request, and goes back keeping what was typed', async () => {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url.endsWith('/pending') ? jsonResponse(204) : jsonResponse(202, {}),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderSettingsPage('/settings/access/email', <EmailSettingsPage />);
    await user.type(await screen.findByLabelText(/New e-mail/), 'new@example.com');
    await user.type(screen.getByLabelText(/Current password/, { selector: 'input' }), 'my secret');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(posts(fetch)).toHaveLength(2));
    expect(posts(fetch)[1]?.[1]?.body).toBe(posts(fetch)[0]?.[1]?.body);
    await user.click(screen.getByRole('button', { name: 'Use another e-mail' }));
    expect((screen.getByLabelText(/New e-mail/) as HTMLInputElement).value).toBe('new@example.com');
  });

  it('shows a taken address under the e-mail field', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('/pending')
        ? jsonResponse(204)
        : jsonResponse(400, {
            statusCode: 400,
            code: 'email_taken',
            message: 'x',
            issues: [{ path: 'email', code: 'email_taken', message: 'x' }],
          }),
    );
    const user = userEvent.setup();
    renderSettingsPage('/settings/access/email', <EmailSettingsPage />);
    await user.type(await screen.findByLabelText(/New e-mail/), 'taken@example.com');
    await user.type(screen.getByLabelText(/Current password/, { selector: 'input' }), 'my secret');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('This e-mail is already used by another account')).toBeTruthy();
  });
});
