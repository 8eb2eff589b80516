import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../lib/query-client.ts';
import { buildMe } from '../test/render-page.tsx';
import { theme } from '../ui/theme.ts';
import { HomeLayout } from './home-layout.tsx';
import { layoutParts as parts, viewport } from './home-layout-fixtures.ts';

vi.mock('../lib/socket.ts', () => ({ SocketProvider: ({ children }: { children: unknown }) => children }));

/** Home in the layout for a member, as the server paints it and as the browser takes it over. */
function homePage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(ME_QUERY_KEY, buildMe());
  const router = createMemoryRouter(
    [
      {
        path: '/home',
        element: <HomeLayout parts={parts} />,
        children: [{ index: true, element: <p>Home</p> }],
      },
    ],
    { initialEntries: ['/home'] },
  );
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => {})));
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

it('takes over on a wide screen the phone layout the server painted as it is, then shows the side bar', async () => {
  // The server knows no screen: it paints the phone's tab bar.
  viewport(360);
  const container = document.createElement('div');
  container.innerHTML = renderToString(homePage());
  document.body.append(container);
  expect(container.querySelector('.mantine-AppShell-footer')).not.toBeNull();

  viewport(1280);
  const mismatches: unknown[] = [];
  const root = await act(async () =>
    hydrateRoot(container, homePage(), { onRecoverableError: (error) => mismatches.push(error) }),
  );
  expect(mismatches).toEqual([]);
  const navigations = screen.getAllByRole('navigation', { name: 'Main navigation' });
  expect(navigations.map((nav) => nav.className.match(/AppShell-(navbar|footer)/)?.[1])).toEqual(['navbar']);
  act(() => root.unmount());
});
