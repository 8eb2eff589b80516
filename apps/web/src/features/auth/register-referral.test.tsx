import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { referralPath } from '@motema/shared/partnership';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render-page.tsx';
import { RegisterPage } from './register-page.tsx';
import { renderAuthPage } from './render-auth-page.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

async function fillAndSend() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'amani_23');
  await user.type(screen.getByLabelText('E-mail'), 'amani@example.com');
  await user.type(screen.getByLabelText('Password'), 'river-of-kinshasa');
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1996-04-12' } });
  await user.click(screen.getByLabelText(/I accept the/));
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
}

const stubRegister = () => {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    jsonResponse(202, { email: 'amani@example.com' }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
};
const sent = (fetch: ReturnType<typeof stubRegister>) =>
  JSON.parse(String(fetch.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;

describe('Registration through a referral link', () => {
  it('says discreetly who invited, and sends the code with the account', async () => {
    const fetch = stubRegister();
    renderAuthPage('/register', <RegisterPage />, referralPath('K7P2QX'));
    expect(screen.getByText('Invited by code K7P2QX')).toBeTruthy();
    await fillAndSend();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sent(fetch).referral).toBe('K7P2QX');
  });

  it('keeps the code on the device when the newcomer leaves the page and comes back without it', async () => {
    renderAuthPage('/register', <RegisterPage />, '/register?ref=k7p2qx');
    cleanup();
    const fetch = stubRegister();
    const { router } = renderAuthPage('/register', <RegisterPage />);
    expect(screen.getByText('Invited by code K7P2QX')).toBeTruthy();
    await fillAndSend();
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp'));
    expect(sent(fetch).referral).toBe('K7P2QX');
    // The account exists: the code is forgotten, a later sign-up on this device is nobody's child.
    cleanup();
    renderAuthPage('/register', <RegisterPage />);
    expect(screen.queryByText(/Invited by code/)).toBeNull();
  });

  it('neither shows nor sends a malformed code', async () => {
    const fetch = stubRegister();
    renderAuthPage('/register', <RegisterPage />, '/register?ref=not-a-code');
    expect(screen.queryByText(/Invited by code/)).toBeNull();
    await fillAndSend();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sent(fetch)).not.toHaveProperty('referral');
  });
});
