import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../../ui/theme.ts';

/**
 * Test helper: renders one auth page at `url` with Mantine, a fresh query client and a memory router
 * that also knows the pages the screen may go on to (they render their path as a heading).
 */
export function renderAuthPage(path: string, page: ReactElement, url = path) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const landing = (to: string) => ({ path: to, element: <h1>{to}</h1> });
  const router = createMemoryRouter(
    [
      { path, element: page },
      ...['/home', '/login', '/otp', '/password', '/reset-password', '/settings/profile']
        .filter((to) => to !== path)
        .map(landing),
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}

/** A `fetch` stub answering with `status` and a JSON body (or nothing for 204). */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
