import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import { OtpPage } from './otp-page.tsx';
import { renderAuthPage } from './render-auth-page.tsx';
import { jsonResponse } from '../../test/render-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const me = { _id: 'u1', username: 'amani', firstName: null, sex: null, match: { sex: [] } };
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));

describe('OtpPage', () => {
  it('confirms the link of the mail by itself, once, and logs the member in', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, me));
    vi.stubGlobal('fetch', fetch);
    const token = 'a'.repeat(43);
    const { router, queryClient } = renderAuthPage('/otp', <OtpPage />, `/otp?token=${token}&email=a%40b.co`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/confirm');
    expect(bodyOf(fetch.mock.calls[0])).toEqual({ token });
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(me);
  });

  it('says so when the link fails, without blaming a code nobody typed', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(400, { statusCode: 400, code: 'code_invalid', message: 'invalid' }),
    );
    renderAuthPage('/otp', <OtpPage />, `/otp?token=${'b'.repeat(43)}&email=amani%40example.com`);
    expect(
      await screen.findByText(
        'The link could not confirm your e-mail. Enter the code from the mail instead.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('This code is not valid')).toBeNull();
    expect(screen.getByText('amani@example.com')).toBeTruthy();
  });

  it('says a link opened twice confirmed the account already, and leads to the login with the e-mail typed', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(409, { statusCode: 409, code: 'account_already_confirmed', message: 'confirmed' }),
    );
    const { router } = renderAuthPage(
      '/otp',
      <OtpPage />,
      `/otp?token=${'c'.repeat(43)}&email=amani%40example.com`,
    );
    expect(await screen.findByText('Your account is already confirmed. You can log in.')).toBeTruthy();
    expect(screen.queryByText(/could not confirm/)).toBeNull();
    expect(screen.queryByLabelText('Confirmation code')).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?identifier=amani%40example.com');
  });

  it('sends the typed code with the e-mail from the link, and says when the code expired', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(400, { statusCode: 400, code: 'code_expired', message: 'expired' }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAuthPage('/otp', <OtpPage />, '/otp?email=amani%40example.com');
    expect(screen.getByText(/We sent a 6-digit code to amani@example\.com/)).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    expect(await screen.findByText('This code has expired. We sent you a new one.')).toBeTruthy();
    expect(bodyOf(fetch.mock.calls[0])).toEqual({ email: 'amani@example.com', code: '123456' });
    // A new code was just sent: asking for another one waits.
    expect(screen.getByRole('button', { name: /Send a new code in \d+ s/ }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('shows the e-mail known from the link as text, with a way to change it, not a field to fill again', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, me));
    vi.stubGlobal('fetch', fetch);
    renderAuthPage('/otp', <OtpPage />, '/otp?email=amani%40example.com');
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).toBeNull();
    expect(screen.getByText('amani@example.com')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change the e-mail' }));
    const field = screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement;
    expect(field.value).toBe('amani@example.com');
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, 'amani@example.org');
    await user.type(screen.getByLabelText('Confirmation code'), '654321');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(bodyOf(fetch.mock.calls[0])).toEqual({ email: 'amani@example.org', code: '654321' });
  });

  it('asks for the e-mail in a field when the link gives none', () => {
    renderAuthPage('/otp', <OtpPage />, '/otp');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeTruthy();
  });

  it('sends the code by itself once its sixth digit is typed, once', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, me));
    vi.stubGlobal('fetch', fetch);
    const { router } = renderAuthPage('/otp', <OtpPage />, '/otp?email=amani%40example.com');
    await userEvent.setup().type(screen.getByLabelText('Confirmation code'), '654321');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(bodyOf(fetch.mock.calls[0])).toEqual({ email: 'amani@example.com', code: '654321' });
  });

  it('shows too many wrong tries (429) under the code field', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(429, { statusCode: 429, code: 'code_too_many_tries', message: 'too many' }),
    );
    renderAuthPage('/otp', <OtpPage />, '/otp?email=amani%40example.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    expect(await screen.findByText('Too many wrong tries. Ask for a new code.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an incomplete code before sending', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAuthPage('/otp', <OtpPage />, '/otp?email=amani%40example.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Confirmation code'), '123');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code must have 6 digits')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
