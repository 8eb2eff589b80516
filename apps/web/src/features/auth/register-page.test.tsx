import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from './register-page.tsx';
import { renderAuthPage } from './render-auth-page.tsx';
import { jsonResponse } from '../../test/render-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function fillAndSend() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'amani_23');
  await user.type(screen.getByLabelText('E-mail'), 'Amani@Example.com');
  await user.type(screen.getByLabelText('Password'), 'river-of-kinshasa');
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1996-04-12' } });
  await user.click(screen.getByLabelText(/I accept the/));
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
}

describe('RegisterPage', () => {
  it('sends the form with the interface language, then asks for the code of the mail', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(202, { email: 'amani@example.com' }),
    );
    vi.stubGlobal('fetch', fetch);
    const { router } = renderAuthPage('/register', <RegisterPage />);
    await fillAndSend();
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp'));
    expect(router.state.location.search).toBe('?email=amani%40example.com');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      username: 'amani_23',
      email: 'Amani@Example.com',
      password: 'river-of-kinshasa',
      dateOfBirth: '1996-04-12',
      acceptTerms: true,
      language: 'en',
    });
  });

  it('asks nothing it calls optional: the first name and the sex, required, are left to onboarding', () => {
    renderAuthPage('/register', <RegisterPage />);
    expect(screen.queryByText(/optional/i)).toBeNull();
    expect(screen.queryByLabelText(/First name/)).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('says that letters without accents are expected when the username starts with one', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAuthPage('/register', <RegisterPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'élodie');
    await user.tab();
    expect(await screen.findByText('Username must use letters without accents (a to z)')).toBeTruthy();
    expect(screen.queryByText('Username must start with a letter')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('ticks the terms on the first tap from an under-age date: its error waits for the send, not the blur', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAuthPage('/register', <RegisterPage />);
    const user = userEvent.setup();
    const date = screen.getByLabelText('Date of birth');
    fireEvent.change(date, { target: { value: '2020-01-01' } });
    date.focus();
    await user.click(screen.getByLabelText(/I accept the/));
    expect(screen.queryByText('You must be 18 or older to join Motema')).toBeNull();
    expect((screen.getByLabelText(/I accept the/) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('You must be 18 or older to join Motema')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusals under their fields", async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(400, {
        statusCode: 400,
        code: 'validation_failed',
        message: 'Some fields are not valid',
        issues: [{ path: 'username', code: 'username_taken', message: 'This username is already taken' }],
      }),
    );
    const { router } = renderAuthPage('/register', <RegisterPage />);
    await fillAndSend();
    expect(await screen.findByText('This username is already taken')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('keeps what was typed, but the password, when the newcomer leaves to read the terms and comes back', async () => {
    const fetch = vi.fn(async () => jsonResponse(202, { email: 'amani@example.com' }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderAuthPage('/register', <RegisterPage />);
    await user.type(screen.getByLabelText('Username'), 'amani_23');
    await user.type(screen.getByLabelText('E-mail'), 'amani@example.com');
    await user.type(screen.getByLabelText('Password'), 'river-of-kinshasa');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1996-04-12' } });
    await user.click(screen.getByLabelText(/I accept the/));
    // The terms' link leaves the page: it is gone, then opened again by Back.
    cleanup();

    renderAuthPage('/register', <RegisterPage />);
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('amani_23');
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('amani@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Date of birth').value).toBe('1996-04-12');
    expect(screen.getByLabelText<HTMLInputElement>(/I accept the/).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    const kept = Array.from({ length: sessionStorage.length }, (_, i) =>
      sessionStorage.getItem(sessionStorage.key(i)!),
    );
    expect(kept.join(' ')).toContain('amani_23');
    expect(kept.join(' ')).not.toContain('river-of-kinshasa');

    // Once the account exists, the next sign-up on this tab starts empty.
    await user.type(screen.getByLabelText('Password'), 'river-of-kinshasa');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    cleanup();
    renderAuthPage('/register', <RegisterPage />);
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('');
  });
});
