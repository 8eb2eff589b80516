import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse } from '../../test/render-page.tsx';
import { EmailSettingsPage } from './email-settings-page.tsx';
import { PhoneSettingsPage } from './phone-settings-page.tsx';
import { renderSettingsPage } from './render-settings-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
type Answer = [status: number, body?: unknown];

/** A `fetch` stub answering `'METHOD /api/path'` from `routes` (404 otherwise); the calls are on the mock. */
function stubFetch(routes: Record<string, Answer | (() => Answer)>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${url}`];
    const [status, body] = typeof route === 'function' ? route() : (route ?? [404, { code: 'not_found' }]);
    return jsonResponse(status, body);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('an e-mail or phone change after a reload', () => {
  it('shows the code step of the e-mail change under way, and when a new code may be asked', async () => {
    const fetch = stubFetch({
      'GET /api/users/email/pending': [
        200,
        { email: 'new@example.com', expiresAt: inMs(9 * 60_000), resendAt: inMs(45_000) },
      ],
      'POST /api/users/email/confirm': [200, buildMe({ email: 'new@example.com' })],
    });
    const user = userEvent.setup();
    const { router } = renderSettingsPage('/settings/access/email', <EmailSettingsPage />);
    expect(await screen.findByText(/We sent a 6-digit code to new@example.com/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/You can ask for a new code in 0:4\d\./);
    expect(screen.getByRole('button', { name: 'Send a new code' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/access'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/users/email/confirm',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('asks the password again for a new code, the address kept', async () => {
    stubFetch({
      'GET /api/users/email/pending': [
        200,
        { email: 'new@example.com', expiresAt: inMs(5 * 60_000), resendAt: inMs(-1000) },
      ],
    });
    renderSettingsPage('/settings/access/email', <EmailSettingsPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect((screen.getByLabelText(/New e-mail/) as HTMLInputElement).value).toBe('new@example.com');
    expect(screen.getByLabelText(/Current password/, { selector: 'input' })).toBeTruthy();
  });

  it('keeps saying a refusal to send a code too soon, with when to ask again', async () => {
    stubFetch({
      'GET /api/users/email/pending': [204],
      'POST /api/users/email': [
        429,
        { statusCode: 429, code: 'code_resend_too_soon', message: 'x', until: inMs(50_000) },
      ],
    });
    const user = userEvent.setup();
    renderSettingsPage('/settings/access/email', <EmailSettingsPage />);
    await user.type(await screen.findByLabelText(/New e-mail/), 'new@example.com');
    await user.type(screen.getByLabelText(/Current password/, { selector: 'input' }), 'my secret');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /A code was sent a moment ago\. You can ask for a new one in 0:[45]\d\./,
    );
    // Still there after the 2 s a notice lasts.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(screen.getByRole('alert').textContent).toContain('You can ask for a new one in 0:4');
  });

  it('shows the code step of the phone change under way; another number goes back to the form', async () => {
    stubFetch({
      'GET /api/users/phone/pending': [
        200,
        { phone: '+243812345678', expiresAt: inMs(9 * 60_000), resendAt: inMs(30_000) },
      ],
    });
    renderSettingsPage('/settings/access/phone', <PhoneSettingsPage />);
    expect(await screen.findByText(/We sent a 6-digit code to \+243 812 345 678/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/You can ask for a new code in 0:[23]\d\./);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use another number' }));
    expect(screen.getByRole('button', { name: 'Send me a code' })).toBeTruthy();
    expect(screen.queryByText(/We sent a 6-digit code/)).toBeNull();
  });

  it('asks the password again for a new code, the number and its country kept', async () => {
    stubFetch({
      'GET /api/users/phone/pending': [
        200,
        { phone: '+221771234567', expiresAt: inMs(5 * 60_000), resendAt: inMs(-1000) },
      ],
    });
    renderSettingsPage('/settings/access/phone', <PhoneSettingsPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('SN');
    expect((screen.getByLabelText(/^Phone number/) as HTMLInputElement).value).toBe('77 123 45 67');
    expect((screen.getByLabelText(/Current password/, { selector: 'input' }) as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('shows the first step once the change under way expired', async () => {
    stubFetch({
      'GET /api/users/phone/pending': [
        200,
        { phone: '+243812345678', expiresAt: inMs(-1000), resendAt: inMs(-541_000) },
      ],
    });
    renderSettingsPage('/settings/access/phone', <PhoneSettingsPage />);
    expect(await screen.findByRole('button', { name: 'Send me a code' })).toBeTruthy();
    expect(screen.queryByText(/We sent a 6-digit code/)).toBeNull();
  });
});
