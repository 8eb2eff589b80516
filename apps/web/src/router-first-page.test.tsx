import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './router.tsx';
import { theme } from './ui/theme.ts';

/**
 * The first page of a visit rendered before its code arrived (main.tsx renders at once where the
 * server painted nothing): the router has not loaded the page's lazy route yet.
 */
describe('the first page while its code loads', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the page skeleton, not a blank page, and React Router has nothing to warn of', async () => {
    const warn = vi.spyOn(console, 'warn');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ statusCode: 401, code: 'unauthorized' }), { status: 401 }),
      ),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/login'] });
    const { container } = render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(router.state.initialized, 'the page is still loading').toBe(false);
    expect(container.querySelector('[aria-busy="true"]'), 'the skeleton').not.toBeNull();
    await waitFor(() => expect(router.state.initialized).toBe(true));
    await screen.findByRole('heading', { level: 1 });
    const warnings = warn.mock.calls.map((call) => call.join(' ')).join('\n');
    expect(warnings).not.toContain('HydrateFallback');
    warn.mockRestore();
  });
});
