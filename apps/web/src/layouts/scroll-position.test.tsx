import { act } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Link, Outlet, RouterProvider, ScrollRestoration } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstPageLoaded } from '../lib/router-ready.ts';
import { FirstPageScroll, keepFirstPageScroll, scrollKey } from './scroll-position.tsx';

/** React's flag for a test environment that wraps its updates in act(), set by Testing Library. */
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** The window's scroll position, which jsdom does not keep. */
let y = 0;

const routes = [
  {
    element: (
      <>
        <FirstPageScroll />
        <ScrollRestoration getKey={scrollKey} />
        <Outlet />
      </>
    ),
    children: [
      // Its code loads lazily, as the app's pages do: the router opens the page once it has loaded.
      { path: '/post/:id', lazy: async () => ({ element: <Link to="/profile/k-1">Kofi</Link> }) },
      { path: '/profile/:id', element: <p>Kofi</p> },
    ],
  },
];

/**
 * Opens the post; `key`: its history entry's, when it is reloaded. Drawn as in the browser, not within
 * act(): the router's own updates (a transition) then come after what the page did in its microtasks.
 */
async function open(key?: string) {
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: '/post/p-1', key }] });
  // As main.tsx does, React draws the page once the router has its code.
  await firstPageLoaded(router);
  const actEnvironment = globalThis.IS_REACT_ACT_ENVIRONMENT;
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  const root = createRoot(document.createElement('div'));
  root.render(<RouterProvider router={router} />);
  await new Promise((resolve) => setTimeout(resolve, 50));
  globalThis.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  roots.push(root);
  return router;
}

const roots: Root[] = [];

/** Where React Router keeps the positions it saved, in the tab's storage. */
const SAVED_POSITIONS = 'react-router-scroll-positions';

beforeEach(() => {
  // React Router keeps the positions it saved in its module, which the files of a worker share
  // (test/file-reset.ts), and reads them afresh only from a storage that holds some: without this, a
  // file before this one that left its first page (whose key is the same in every file of a worker,
  // the window's start time) had that page's position, 0, restored over the one kept here.
  sessionStorage.setItem(SAVED_POSITIONS, '{}');
  y = 250;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, top: number) => {
    y = top;
  }) as typeof window.scrollTo);
});

afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  vi.restoreAllMocks();
  sessionStorage.clear();
  window.history.replaceState(null, '');
});

describe('the first page of a load', () => {
  it('stays where the member scrolled it when it was on screen before React took it over', async () => {
    keepFirstPageScroll();
    await open();
    expect(y).toBe(250);
  });

  it('stays there when reloaded, not sent back to where it was before the reload', async () => {
    window.history.replaceState({ key: 'k-1', idx: 0 }, '');
    sessionStorage.setItem(SAVED_POSITIONS, JSON.stringify({ 'k-1': 0 }));
    keepFirstPageScroll();
    await open('k-1');
    expect(y).toBe(250);
  });

  it('opens at its top when React drew it alone, as the following pages do', async () => {
    const router = await open();
    expect(y).toBe(0);
    y = 250;
    await act(() => router.navigate('/profile/k-1'));
    expect(y).toBe(0);
  });
});
