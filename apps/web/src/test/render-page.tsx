import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Me } from '@motema/shared/users';
import { ME_QUERY_KEY } from '../lib/query-client.ts';
import { theme } from '../ui/theme.ts';

/** A connected member for the tests, with `change` applied. */
export function buildMe(change: Partial<Me> = {}): Me {
  return {
    _id: 'u1',
    username: 'amani',
    email: 'amani@example.com',
    phone: null,
    firstName: 'Amani',
    lastName: 'Mbala',
    name: 'Amani Mbala',
    dateOfBirth: '1996-04-12',
    age: 30,
    sex: 'female',
    relationship: null,
    orientation: null,
    about: '',
    language: 'en',
    avatar: null,
    popularity: 0,
    locationShared: false,
    match: { sex: ['male'], ageMin: 25, ageMax: 40, distance: 50, verifiedOnly: false },
    role: 'member',
    verified: false,
    verificationRequired: false,
    discreet: false,
    connected: true,
    lastActivity: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...change,
  };
}

/** Where the pages under test may go on to; each renders its path as a heading. */
const LANDINGS = [
  '/',
  '/home',
  '/login',
  '/otp',
  '/password',
  '/reset-password',
  '/settings/profile',
  '/settings/match',
  '/settings/photo',
  '/settings/access',
  '/zones',
  '/zone/:id',
];

/**
 * Test helper: renders one page at `path` (opened at `url`) with Mantine, a fresh query client and a
 * memory router that also knows the landing pages. `me` seeds the member (null: a visitor); without
 * it the profile is not in the cache.
 */
export function renderPage(path: string, page: ReactElement, options: { url?: string; me?: Me | null } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (options.me !== undefined) queryClient.setQueryData(ME_QUERY_KEY, options.me);
  const landing = (to: string) => ({ path: to, element: <h1>{to}</h1> });
  const router = createMemoryRouter(
    [{ path, element: page }, ...LANDINGS.filter((to) => to !== path).map(landing)],
    { initialEntries: [options.url ?? path] },
  );
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}

/** A `fetch` stub answer: `status` with a JSON body, or nothing for 204. */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
