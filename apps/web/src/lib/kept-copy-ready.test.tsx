import { hashKey } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoot } from '../app-root.tsx';
import { cards } from '../features/discovery/discovery-fixtures.ts';
import { discoveryKeys } from '../features/discovery/discovery-keys.ts';
import { routes } from '../router.tsx';
import { buildMe } from '../test/render-page.tsx';
import { keptCopyCanGo } from './kept-copy-ready.ts';
import { openStore, writeKept } from './member-cache-store.ts';
import { keptCopyPath } from './prerendered-page.ts';
import { queryClient, rememberMe } from './query-client.ts';

/**
 * main.tsx's takeover of home's kept copy (decision 0024): the copy the service worker drew stays on
 * screen until React can draw home from the kept lists, then React replaces it in one commit, with
 * no skeleton in between, on a network that has not answered yet.
 */
const AMANI = buildMe({ _id: 'amani-1' });
const popularKey = discoveryKeys.list('popular');

/** What the last visit kept of the popular list, in the member's database. */
async function keepPopular() {
  const db = await openStore(AMANI._id, () => undefined);
  await writeKept(
    db!,
    [
      {
        hash: hashKey(popularKey),
        queryKey: popularKey,
        data: { users: cards(1, 3), count: 3 },
        updatedAt: Date.now(),
      },
    ],
    [],
  );
  db!.close();
}

/** The page as the service worker answered it: the app shell with the copy in its root. */
function servedCopy(): HTMLElement {
  document.body.innerHTML =
    '<div id="root" data-kept-copy="/home"><main><ul aria-label="Popular">' +
    '<li><a href="/profile/member-1" data-copy>Member1</a></li></ul></main></div>';
  return document.getElementById('root')!;
}

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  queryClient.clear();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe("home's kept copy taken over by the app", () => {
  it('stays until React draws home from the kept lists, in one commit, with no skeleton between', async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    // The network does not answer: what React draws comes from the device.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    rememberMe(AMANI);
    await keepPopular();
    const container = servedCopy();
    expect(keptCopyPath(container)).toBe('/home');

    // What the screen showed, each time the root changed.
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      const popular = container.querySelector('ul[aria-label="Popular"]');
      const copy = container.querySelector('[data-copy]') !== null;
      const links = popular ? popular.querySelectorAll('a[href^="/profile/"]').length : 0;
      const busy = container.querySelector('[aria-busy="true"]') !== null && !popular;
      shown.push(copy ? 'copy' : links > 0 ? `home (${links} members)` : busy ? 'skeleton' : 'blank');
    });
    observer.observe(container, { childList: true, subtree: true });

    const router = createMemoryRouter(routes, { initialEntries: ['/home'] });
    await keptCopyCanGo(router, queryClient);
    expect(shown, 'untouched while the code and the kept lists load').toEqual([]);
    act(() => {
      root = createRoot(container);
      root.render(<AppRoot router={router} />);
    });
    await waitFor(() => expect(shown.at(-1)).toBe('home (3 members)'));
    observer.disconnect();
    expect(
      shown.filter((state) => state !== 'home (3 members)'),
      'nothing between the copy and home',
    ).toEqual([]);
    expect(container.hasAttribute('data-kept-copy'), 'the root as React left it').toBe(true);
  });
});
