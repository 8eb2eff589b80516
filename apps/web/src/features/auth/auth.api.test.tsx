import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import { useLogoutMutation } from './auth.api.ts';
import { renderAuthPage } from './render-auth-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function LogoutButton({ tokens = { 'web-token': 'push-1' } }: { tokens?: { 'web-token'?: string } }) {
  const logout = useLogoutMutation();
  return <button onClick={() => logout.mutate(tokens)}>Log out</button>;
}

describe('useLogoutMutation', () => {
  it('ends the session, forgets every cached answer, the member becomes a visitor, and goes to login', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const { router, queryClient } = renderAuthPage('/account', <LogoutButton />);
    queryClient.setQueryData(ME_QUERY_KEY, { _id: 'u1' });
    queryClient.setQueryData(['conversations'], { conversations: [] });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetch).toHaveBeenCalledWith('/api/users/logout', expect.objectContaining({ method: 'PUT' }));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ 'web-token': 'push-1' });
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryData(['conversations'])).toBeUndefined();
  });

  it("names this device's web push endpoint (web-token) and ends the browser's subscription", async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const endpoint = 'https://push.example.test/send/sub-1';
    localStorage.setItem('motema.push.device', JSON.stringify({ endpoint, userId: 'u1' }));
    const unsubscribe = vi.fn(async () => true);
    const registration = { pushManager: { getSubscription: async () => ({ unsubscribe }) } };
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { getRegistration: async () => registration },
      configurable: true,
    });
    // The settings' logout button sends no token of its own.
    const { router, queryClient } = renderAuthPage('/account', <LogoutButton tokens={{}} />);
    queryClient.setQueryData(ME_QUERY_KEY, { _id: 'u1' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ 'web-token': endpoint });
    await waitFor(() => expect(unsubscribe).toHaveBeenCalled());
    expect(localStorage.getItem('motema.push.device')).toBeNull();
    Object.defineProperty(navigator, 'serviceWorker', { value: undefined, configurable: true });
  });
});
