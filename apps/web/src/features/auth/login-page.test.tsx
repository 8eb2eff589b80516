import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageAfterOnboarding } from '../../lib/page-after-onboarding.ts';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import { LoginPage } from './login-page.tsx';
import { renderAuthPage } from './render-auth-page.tsx';
import { jsonResponse } from '../../test/render-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function logIn(identifier: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username, e-mail or phone'), identifier);
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.keyboard('{Enter}');
}

describe('LoginPage', () => {
  it('checks the fields before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAuthPage('/login', <LoginPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('carries the identifier typed to the forgotten password page', async () => {
    renderAuthPage('/login', <LoginPage />);
    const forgot = screen.getByRole('link', { name: 'Forgot your password?' });
    expect(forgot.getAttribute('href')).toBe('/reset-password');
    await userEvent.setup().type(screen.getByLabelText('Username, e-mail or phone'), ' amani@example.com');
    expect(forgot.getAttribute('href')).toBe('/reset-password?identifier=amani%40example.com');
  });

  it('carries the page the member was going to (from) to the forgotten password page', async () => {
    renderAuthPage('/login', <LoginPage />, '/login?from=%2Fpost%2Fp1');
    const forgot = screen.getByRole('link', { name: 'Forgot your password?' });
    expect(forgot.getAttribute('href')).toBe('/reset-password?from=%2Fpost%2Fp1');
    await userEvent.setup().type(screen.getByLabelText('Username, e-mail or phone'), 'amani');
    expect(forgot.getAttribute('href')).toBe('/reset-password?identifier=amani&from=%2Fpost%2Fp1');
  });

  it('shows the 401 message of the spec and stays on the page', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(401, {
        statusCode: 401,
        code: 'invalid_credentials',
        message: 'Invalid identifier or password',
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const { router } = renderAuthPage('/login', <LoginPage />);
    await logIn('amani', 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid identifier or password');
    expect(fetch).toHaveBeenCalledWith('/api/auth/login', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      identifier: 'amani',
      password: 'wrong password',
    });
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['amani@example.com', 'amani', '+243 812 345 678'])(
    'links a not-yet-confirmed member who typed %j to the confirmation screen of the e-mail the server names',
    async (identifier) => {
      vi.stubGlobal('fetch', async () =>
        jsonResponse(403, {
          statusCode: 403,
          code: 'account_not_active',
          message: 'not active',
          email: 'amani@example.com',
        }),
      );
      const { router } = renderAuthPage('/login', <LoginPage />);
      await logIn(identifier, 'correct horse');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(
        'Your account is not active. Please check your email for more information',
      );
      await userEvent.setup().click(screen.getByRole('link', { name: 'Enter my confirmation code' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/otp'));
      expect(router.state.location.search).toBe('?email=amani%40example.com');
    },
  );

  it('on success keeps the member in the cache and goes back to `from`', async () => {
    const me = { _id: 'u1', username: 'amani', firstName: 'Amani', sex: 'female', match: { sex: ['male'] } };
    vi.stubGlobal('fetch', async () => jsonResponse(200, me));
    const { router, queryClient } = renderAuthPage('/login', <LoginPage />, '/login?from=%2Fotp%3Fx%3D1');
    await logIn('amani', 'correct horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp'));
    expect(router.state.location.search).toBe('?x=1');
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(me);
  });

  it('keeps `from` for a member who still has to onboard: it opens once onboarding is done', async () => {
    const me = { _id: 'u1', username: 'amani', firstName: null, sex: null, match: { sex: [] } };
    vi.stubGlobal('fetch', async () => jsonResponse(200, me));
    const { router } = renderAuthPage('/login', <LoginPage />, '/login?from=%2Fzones%3Finvite%3Dabc');
    await logIn('amani', 'correct horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/zones'));
    expect(pageAfterOnboarding()).toBe('/zones?invite=abc');
    expect(pageAfterOnboarding()).toBe('/home');
  });

  it('passes `from` on to the sign-up', () => {
    renderAuthPage('/login', <LoginPage />, '/login?from=%2Fzones%3Finvite%3Dabc');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/register?from=%2Fzones%3Finvite%3Dabc',
    );
  });
});
