import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Me } from '@motema/shared/users';
import { theme } from '../../ui/theme.ts';
import { usersKeys } from '../users/users.api.ts';

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
    match: { sex: ['male'], ageMin: 25, ageMax: 40, distance: 50 },
    connected: true,
    lastActivity: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...change,
  };
}

// Mantine's autosize Textarea listens to font loading; happy-dom has no `document.fonts`.
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

/**
 * Test helper: renders one settings page at `path` for `me`, with Mantine, a fresh query client and a
 * memory router that also knows where the screen may go on to (those render their path as a heading).
 */
export function renderSettingsPage(path: string, page: ReactElement, me: Me | null = buildMe()) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(usersKeys.me, me);
  const landing = (to: string) => ({ path: to, element: <h1>{to}</h1> });
  const router = createMemoryRouter(
    [
      { path, element: page },
      ...['/', '/home', '/login', '/settings/match', '/settings/access']
        .filter((to) => to !== path)
        .map(landing),
    ],
    { initialEntries: [path] },
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
