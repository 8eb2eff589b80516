// happy-dom loads no file; the entry script here is only read (it names the build).
// @vitest-environment-options { "settings": { "handleDisabledFileLoadingAsSuccess": true } }
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserList } from '@motema/shared/discovery';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberMe } from '../../lib/query-client.ts';
import { keptHomeCopyEachTest } from '../../test/memory-caches.ts';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import { cards, stubApi, stubIntersectionObserver } from './discovery-fixtures.ts';
import { KEPT_GRID_MEMBERS, KEPT_ROW_MEMBERS } from './discovery-kept.ts';
import { HomePage } from './home-page.tsx';

/**
 * Home keeps a copy of what it drew for the service worker (decision 0024): once its lists are
 * drawn and the page is idle, again when a refresh changed them; never a skeleton or an error.
 */
const AMANI = buildMe({ _id: 'amani-1' });
const kept = keptHomeCopyEachTest();

/** Home drawn as in the app: in #root at /home, under a build's entry script. */
function openHome() {
  history.replaceState(null, '', '/home');
  document.head.innerHTML = '<script type="module" src="/assets/index-B1.js"></script>';
  rememberMe(AMANI);
  const view = renderPage('/home', <HomePage />, { me: AMANI });
  view.container.id = 'root';
  return view;
}

/** Brings every list of home near the screen: they are asked for then. */
async function bringNear(observer: ReturnType<typeof stubIntersectionObserver>) {
  await waitFor(() => expect(observer.observed('300px').length).toBeGreaterThan(0));
  for (const element of observer.observed('300px')) act(() => observer.set(element, true));
}

const popularLinks = () =>
  within(screen.getByRole('list', { name: 'Popular' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

/** Lets idle callbacks (a timer here) and the writes they start run. */
const idle = () => act(() => new Promise((resolve) => setTimeout(resolve, 400)));

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  history.replaceState(null, '', '/');
});

describe("home's copy", () => {
  it('is kept once the lists are drawn, with their links, for the member', async () => {
    const observer = stubIntersectionObserver();
    stubApi({ popular: { users: cards(1, 3), count: 3 } });
    openHome();
    await bringNear(observer);
    await waitFor(() =>
      expect(popularLinks()).toEqual(['/profile/member-1', '/profile/member-2', '/profile/member-3']),
    );
    await waitFor(() => expect(kept()?.html).toContain('href="/profile/member-3"'));
    expect(kept()).toMatchObject({ member: AMANI._id, build: '/assets/index-B1.js' });
    expect(kept()!.html, 'no skeleton').not.toContain('aria-busy');
  });

  it('holds the members the kept lists hold: the first of each row and of the grid', async () => {
    const observer = stubIntersectionObserver();
    stubApi({ popular: { users: cards(1, 20), count: 20 }, users: { users: cards(100, 30), count: 30 } });
    openHome();
    await bringNear(observer);
    await waitFor(() => expect(popularLinks()).toHaveLength(20));
    await waitFor(() => expect(kept()?.html).toContain('href="/profile/member-1"'));
    const copy = new DOMParser().parseFromString(kept()!.html, 'text/html');
    const profiles = (from: number, count: number) =>
      cards(from, count).map((card) => `/profile/${card._id}`);
    const hrefs = (links: Element[]) => links.map((link) => link.getAttribute('href'));
    const links = [...copy.querySelectorAll('a[href^="/profile/"]')];
    expect(hrefs(links.filter((link) => link.closest('ul[aria-label="Popular"]')))).toEqual(
      profiles(1, KEPT_ROW_MEMBERS),
    );
    expect(hrefs(links.filter((link) => !link.closest('ul'))), 'the grid').toEqual(
      profiles(100, KEPT_GRID_MEMBERS),
    );
  });

  it('is kept again when a refresh changed the lists', async () => {
    const observer = stubIntersectionObserver();
    let popular: UserList = { users: cards(1, 3), count: 3 };
    stubApi({ popular: () => popular });
    const view = openHome();
    await bringNear(observer);
    await waitFor(() => expect(kept()?.html).toContain('href="/profile/member-3"'));

    // A refresh brings another member: the copy follows.
    popular = { users: cards(7, 1), count: 1 };
    await act(() => view.queryClient.invalidateQueries({ queryKey: ['discovery'] }));
    await waitFor(() => expect(popularLinks()).toEqual(['/profile/member-7']));
    await waitFor(() => expect(kept()?.html).toContain('href="/profile/member-7"'));
    expect(kept()!.html).not.toContain('href="/profile/member-1"');
  });

  it('is not kept while a list asked for is loading, nor when one failed', async () => {
    const observer = stubIntersectionObserver();
    let answer: (list: UserList) => void = () => undefined;
    const api = stubApi({ popular: () => new Promise<UserList>((resolve) => (answer = resolve)) });
    // The last list fails (a 4xx: not retried).
    const refused = vi.fn(() => jsonResponse(403, { statusCode: 403, code: 'forbidden', message: 'x' }));
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      new URL(input, 'http://localhost').searchParams.get('filter') === 'last' ? refused() : api(input, init),
    );
    openHome();
    await bringNear(observer);
    await screen.findByText('Popular');
    await waitFor(() => expect(refused).toHaveBeenCalled());
    await idle();
    await idle();
    expect(kept(), 'a skeleton, an error').toBeNull();
    act(() => answer({ users: cards(1, 2), count: 2 }));
    await waitFor(() => expect(popularLinks()).toHaveLength(2));
    await idle();
    expect(kept(), 'an error still').toBeNull();
  });
});
