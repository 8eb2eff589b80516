import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
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
 * A newcomer on a phone goes back through the onboarding's steps, by the browser's Back (the
 * Android back gesture) or the header's arrow, to correct a step, and on again.
 */

const NEWCOMER = buildMe({
  _id: 'u7',
  firstName: null,
  lastName: null,
  sex: null,
  match: { sex: [], ageMin: 18, ageMax: 99, distance: 50, verifiedOnly: false },
});

function stubServer() {
  let me: Me = NEWCOMER;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const { pathname } = new URL(input, 'http://localhost');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
      switch (`${init?.method ?? 'GET'} ${pathname}`) {
        case 'GET /api/users/profile':
          return jsonResponse(200, me);
        case 'PUT /api/users/profile':
          me = { ...me, ...(body as Partial<Me>) };
          return jsonResponse(200, me);
        case 'PUT /api/users/match':
          me = { ...me, match: { ...me.match, ...(body as Partial<Me['match']>) } };
          return jsonResponse(200, me);
        case 'GET /api/photos':
          return jsonResponse(200, { photos: [], count: 0 });
        default:
          return jsonResponse(404, { statusCode: 404, code: 'not_found' });
      }
    }),
  );
}

function openApp(before: string[] = []) {
  const router = createMemoryRouter(routes, {
    initialEntries: [...before, '/home'],
    initialIndex: before.length,
  });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, at: () => router.state.location.pathname };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  queryClient.clear();
});

describe('going back through the onboarding', () => {
  it('brings the previous step back, as saved, by the browser’s Back and the header’s arrow', async () => {
    stubServer();
    const user = userEvent.setup();
    const { router, at } = openApp();
    await waitFor(() => expect(at()).toBe('/settings/profile'));
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await user.type(await screen.findByLabelText(/^First name/), 'Zola');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(at()).toBe('/settings/match'));

    // The browser's Back: step 1 again, with what was saved, its counter saying so.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(at()).toBe('/settings/profile'));
    expect((await screen.findByLabelText<HTMLInputElement>(/^First name/)).value).toBe('Zola');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Female' }).checked).toBe(true);
    screen.getByText('Step 1 of 3');
    await user.clear(screen.getByLabelText(/^First name/));
    await user.type(screen.getByLabelText(/^First name/), 'Zoé');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(at()).toBe('/settings/match'));
    await screen.findByText('Step 2 of 3');

    // The header's arrow on step 2, then on again.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(at()).toBe('/settings/profile'));
    expect((await screen.findByLabelText<HTMLInputElement>(/^First name/)).value).toBe('Zoé');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(at()).toBe('/settings/match'));
    await user.click(await screen.findByRole('checkbox', { name: 'Men' }));
    await user.click(screen.getByRole('button', { name: 'Start meeting people' }));
    await waitFor(() => expect(at()).toBe('/settings/photo'));

    // From the photo, back to the match preferences, as saved; on again to the photo.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(at()).toBe('/settings/match'));
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Men' })).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Start meeting people' }));
    await waitFor(() => expect(at()).toBe('/settings/photo'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(at()).toBe('/settings/match'));
    // Back to the profile from there: Continue leads through the steps again, not past the photo.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(at()).toBe('/settings/profile'));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(at()).toBe('/settings/match'));
  }, 30_000);

  // Back from home (the Android back gesture) used to open the match preferences, then the profile.
  it('leaves no step in the history once it is done: Back from home goes to the page before it', async () => {
    stubServer();
    const user = userEvent.setup();
    const { router, at } = openApp(['/about']);
    await onboard(user, at);
    await waitFor(() => expect(at()).toBe('/home'));
    expect(router.state.historyAction).toBe('REPLACE');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(at()).toBe('/about'));
    await act(() => router.navigate(1));
    await waitFor(() => expect(at()).toBe('/home'));
  }, 30_000);

  /** A newcomer opens the app, then the match preferences, and is sent to the profile both times. */
  async function sentBackFromMatch() {
    stubServer();
    const app = openApp();
    await waitFor(() => expect(app.at()).toBe('/settings/profile'));
    await act(() => app.router.navigate('/settings/match'));
    await waitFor(() => expect(app.at()).toBe('/settings/profile'));
    return app;
  }

  it('still sends a newcomer to the step due, not past it', async () => {
    await sentBackFromMatch();
  });

  // A second page past the step due, opened before the guard's first redirect was drawn, is sent back
  // too (a loaded CI's test did it: it stayed on the match preferences, a blank page).
  it('sends a newcomer back again when a page past the step is opened before the first redirect is drawn', async () => {
    // Both steps' code loaded, as on a member's second visit to them: the redirects land at once.
    const { router, at } = await sentBackFromMatch();
    await screen.findByLabelText(/^First name/);

    let opened = false;
    const stop = router.subscribe((state) => {
      if (opened || state.location.pathname !== '/settings/profile') return;
      opened = true;
      void router.navigate('/settings/match');
    });
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(opened).toBe(true));
    stop();
    await waitFor(() => expect(at()).toBe('/settings/profile'));
    await screen.findByLabelText(/^First name/);
  });
});
