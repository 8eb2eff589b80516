import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordPage } from './password-page.tsx';
import { renderAuthPage } from './render-auth-page.tsx';
import { jsonResponse } from '../../test/render-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('forgotten password', () => {
  it('sends the code, checks it, and hands identifier and code to /password in history state only', async () => {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url.endsWith('/verify') ? jsonResponse(200, { valid: true }) : new Response(null, { status: 202 }),
    );
    vi.stubGlobal('fetch', fetch);
    const { router } = renderAuthPage('/reset-password', <ResetPasswordPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username, e-mail or phone'), ' amani ');
    await user.click(screen.getByLabelText('SMS'));
    await user.keyboard('{Enter}');

    expect(
      await screen.findByText(/If an account matches “amani”, we sent a 6-digit code by SMS/),
    ).toBeTruthy();
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      identifier: 'amani',
      channel: 'phone',
    });
    await user.type(screen.getByLabelText('Code'), '246810');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/password'));
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toEqual({ identifier: 'amani', code: '246810' });
    expect(JSON.parse(String(fetch.mock.calls[1]?.[1]?.body))).toEqual({
      identifier: 'amani',
      code: '246810',
    });
  });

  it('starts from the identifier typed on the login page, and ends there with it', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('/reset') ? new Response(null, { status: 204 }) : new Response(null, { status: 202 }),
    );
    renderAuthPage('/reset-password', <ResetPasswordPage />, '/reset-password?identifier=amani');
    expect(screen.getByLabelText<HTMLInputElement>('Username, e-mail or phone').value).toBe('amani');

    const { router } = renderAuthPage('/password', <PasswordPage />);
    await router.navigate('/password', { state: { identifier: 'amani', code: '246810' } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'new-river-2');
    await user.type(screen.getByLabelText('Confirm the password'), 'new-river-2{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?identifier=amani');
  });

  it("keeps the page the member was going to (login's from) through every step, back to login", async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('/verify')
        ? jsonResponse(200, { valid: true })
        : url.endsWith('/reset')
          ? new Response(null, { status: 204 })
          : new Response(null, { status: 202 }),
    );
    const from = '?identifier=amani&from=%2Fzones%3Finvite%3Dabc';
    const reset = renderAuthPage('/reset-password', <ResetPasswordPage />, `/reset-password${from}`);
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe(`/login${from}`);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username, e-mail or phone'), '{Enter}');
    await user.type(await screen.findByLabelText('Code'), '246810');
    await waitFor(() => expect(reset.router.state.location.pathname).toBe('/password'));
    expect(reset.router.state.location.search).toBe('?from=%2Fzones%3Finvite%3Dabc');

    const { router } = renderAuthPage(
      '/password',
      <PasswordPage />,
      '/password?from=%2Fzones%3Finvite%3Dabc',
    );
    await router.navigate('/password?from=%2Fzones%3Finvite%3Dabc', {
      state: { identifier: 'amani', code: '246810' },
    });
    await user.type(await screen.findByLabelText('New password'), 'new-river-2');
    await user.type(screen.getByLabelText('Confirm the password'), 'new-river-2{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(from);
  });

  it('checks the code at its sixth digit, as the sign-up code does, with no tap on Continue', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('/verify') ? jsonResponse(200, { valid: true }) : new Response(null, { status: 202 }),
    );
    const { router } = renderAuthPage('/reset-password', <ResetPasswordPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username, e-mail or phone'), 'amani{Enter}');
    await user.type(await screen.findByLabelText('Code'), '246810');
    await waitFor(() => expect(router.state.location.pathname).toBe('/password'));
  });

  it('shows a wrong code under the code field', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('/verify')
        ? jsonResponse(400, { statusCode: 400, code: 'code_invalid', message: 'invalid' })
        : new Response(null, { status: 202 }),
    );
    renderAuthPage('/reset-password', <ResetPasswordPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username, e-mail or phone'), 'amani{Enter}');
    await user.type(await screen.findByLabelText('Code'), '000000');
    expect(await screen.findByText('This code is not valid')).toBeTruthy();
  });

  it('shows too many wrong tries (429) under the code field too', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('/verify')
        ? jsonResponse(429, { statusCode: 429, code: 'code_too_many_tries', message: 'too many' })
        : new Response(null, { status: 202 }),
    );
    renderAuthPage('/reset-password', <ResetPasswordPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username, e-mail or phone'), 'amani{Enter}');
    await user.type(await screen.findByLabelText('Code'), '000000');
    expect(await screen.findByText('Too many wrong tries. Ask for a new code.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('/password without the state of step 2 goes back to /reset-password', async () => {
    const { router } = renderAuthPage('/password', <PasswordPage />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
  });

  it('/password refuses different passwords before sending', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { router } = renderAuthPage('/password', <PasswordPage />);
    await router.navigate('/password', { state: { identifier: 'amani', code: '246810' } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'new-river-2');
    await user.type(screen.getByLabelText('Confirm the password'), 'new-river-3{Enter}');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
