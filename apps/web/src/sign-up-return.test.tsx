import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@motema/shared/users';
import { onboard } from './test/onboard.ts';
import { buildMe, jsonResponse } from './test/render-page.tsx';
import { queryClient } from './lib/query-client.ts';
import { routes } from './router.tsx';
import { theme } from './ui/theme.ts';

/**
 * A friend opens a members' link (a zone's invite) without an account: the guard sends them to the
 * start page with `?from=`; they sign up, confirm the e-mail by the mail's link (another tab of the
 * same device), onboard, and land on the page they were going to.
 */

const NEWCOMER = buildMe({
  _id: 'u9',
  username: 'zola_k',
  email: 'zola@example.com',
  firstName: null,
  lastName: null,
  name: 'zola_k',
  sex: null,
  match: { sex: [], ageMin: 18, ageMax: 99, distance: 50, verifiedOnly: false },
});

/** The server as the app sees it: a visitor until the e-mail is confirmed, then the newcomer. */
function stubServer() {
  let me: Me | null = null;
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const { pathname } = new URL(input, 'http://localhost');
    const route = `${init?.method ?? 'GET'} ${pathname}`;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
    switch (route) {
      case 'GET /api/users/profile':
        return me ? jsonResponse(200, me) : jsonResponse(401, { statusCode: 401, code: 'unauthorized' });
      case 'POST /api/auth/register':
        return jsonResponse(202, { email: NEWCOMER.email });
      case 'POST /api/auth/confirm':
        me = NEWCOMER;
        return jsonResponse(200, me);
      case 'PUT /api/users/profile':
        me = { ...me!, ...(body as Partial<Me>) };
        return jsonResponse(200, me);
      case 'PUT /api/users/match':
        me = { ...me!, match: { ...me!.match, ...(body as Partial<Me['match']>) } };
        return jsonResponse(200, me);
      case 'GET /api/photos':
        return jsonResponse(200, { photos: [], count: 0 });
      default:
        return jsonResponse(404, { statusCode: 404, code: 'not_found' });
    }
  });
  vi.stubGlobal('fetch', fetch);
}

/** A tab of the app at `url` (the app's own query client, as the route loaders read it). */
function openTab(url: string) {
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const at = () => router.state.location.pathname + router.state.location.search;
  return { at, close: view.unmount };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  queryClient.clear();
});

async function signUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Username'), 'zola_k');
  await user.type(screen.getByLabelText('E-mail'), 'zola@example.com');
  await user.type(screen.getByLabelText('Password'), 'river-of-kinshasa');
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1996-04-12' } });
  await user.click(screen.getByLabelText(/I accept the/));
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
}

describe('the page a visitor was going to, through sign-up', () => {
  it('opens once onboarding is done, the mail’s link confirming in another tab', async () => {
    stubServer();
    const user = userEvent.setup();
    const invite = '/zones?invite=k7P2qx';
    const first = openTab(invite);
    await waitFor(() => expect(first.at()).toBe(`/?from=${encodeURIComponent(invite)}`));
    await user.click((await screen.findAllByRole('link', { name: 'Join Motema' }))[0]!);
    await waitFor(() => expect(first.at()).toBe(`/register?from=${encodeURIComponent(invite)}`));
    await signUp(user);
    await waitFor(() => expect(first.at()).toBe('/otp?email=zola%40example.com'));
    first.close();

    const mailLink = openTab('/otp?token=t0k3n');
    await onboard(user, mailLink.at);
    await waitFor(() => expect(mailLink.at()).toBe(invite));
  }, 20_000);

  it('never leads off the site (lib/page-after-onboarding.test.ts tries more)', async () => {
    stubServer();
    const user = userEvent.setup();
    const tab = openTab(`/register?from=${encodeURIComponent('//evil.example')}`);
    await signUp(user);
    await waitFor(() => expect(tab.at()).toBe('/otp?email=zola%40example.com'));
    tab.close();
    const mailLink = openTab('/otp?token=t0k3n');
    await onboard(user, mailLink.at);
    await waitFor(() => expect(mailLink.at()).toBe('/home'));
  }, 20_000);
});
