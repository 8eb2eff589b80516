import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18next from 'i18next';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@motema/shared/users';
import { buildMe } from './test/render-page.tsx';
import {
  memberCacheDatabase,
  queryClient,
  rememberedMe,
  rememberMe,
  rememberProfileChanges,
} from './lib/query-client.ts';
import { routes } from './router.tsx';
import { theme } from './ui/theme.ts';

/**
 * The whole route table at `url`, for a visitor (me = null) or a member, with the real guard; the
 * app's own query client when the route loaders must see what the screens fetched.
 */
function openAt(
  url: string,
  me: Me | null,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      me
        ? new Response(JSON.stringify(me), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ statusCode: 401, code: 'unauthorized', message: 'x' }), {
            status: 401,
          }),
    ),
  );
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  rememberProfileChanges(client);
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const at = (router: ReturnType<typeof openAt>) =>
  router.state.location.pathname + router.state.location.search;

describe('unknown paths', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it.each([
    ['/settings/nothing-here', '/settings?from=%2Fsettings%2Fnothing-here'],
    ['/premium/nothing/here', '/premium?from=%2Fpremium%2Fnothing%2Fhere'],
  ])('for a member, %s goes to %s', async (url, expected) => {
    const router = openAt(url, buildMe());
    await waitFor(() => expect(at(router)).toBe(expected));
  });

  it('for a member, any other unknown path goes to start, which sends the member home', async () => {
    const router = openAt('/no/such/page', buildMe());
    await waitFor(() => expect(at(router)).toBe('/home'));
  });

  it('for a visitor, an unknown path goes to start with from', async () => {
    const router = openAt('/no/such/page', null);
    await waitFor(() => expect(at(router)).toBe('/?from=%2Fno%2Fsuch%2Fpage'));
  });
});

describe("the member's language", () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await i18next.changeLanguage('en');
  });

  it('follows the member to a new device', async () => {
    expect(i18next.language).toBe('en');
    openAt('/home', buildMe({ language: 'fr' }));
    await waitFor(() => expect(i18next.language).toBe('fr'));
    expect(localStorage.getItem('motema.language')).toBe('fr');
  });

  it('is kept in the cookie even when it is the one shown, so the next visit starts in it', async () => {
    document.cookie = 'motema_language=; Max-Age=0; Path=/';
    openAt('/home', buildMe({ language: 'en' }));
    await waitFor(() => expect(document.cookie).toContain('motema_language=en'));
    expect(i18next.language).toBe('en');
  });
});

describe('a member remembered on this device', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('enters the member area at once, before the profile answers', async () => {
    rememberMe(buildMe());
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await waitFor(() => expect(at(router)).toBe('/home'));
  });

  it('whose session ended goes to login once the 401 comes (SPEC section 8), and is forgotten', async () => {
    rememberMe(buildMe());
    // The browser's address, which the app reads as the browser router's (here a memory router's).
    history.replaceState(null, '', '/home');
    const router = openAt('/home', null);
    await waitFor(() => expect(at(router)).toBe('/login?from=%2Fhome'));
    expect(rememberedMe()).toBeNull();
  });
});

describe('what a member reads is kept on the device', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('from the first visit on a device that has not seen the member, once the profile answers', async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    const me = buildMe({ _id: 'first-visit-member' });
    expect(rememberedMe()).toBeNull();
    openAt('/conversations', me, queryClient);
    await waitFor(async () => {
      const names = (await indexedDB.databases()).map((database) => database.name);
      expect(names).toContain(memberCacheDatabase(me._id));
    });
  });
});
