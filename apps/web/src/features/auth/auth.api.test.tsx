import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import { useLogoutMutation } from './auth.api.ts';
import { renderAuthPage } from './render-auth-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function LogoutButton() {
  const logout = useLogoutMutation();
  return <button onClick={() => logout.mutate({ 'web-token': 'push-1' })}>Log out</button>;
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
});
