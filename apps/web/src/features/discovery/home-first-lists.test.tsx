import { act, screen, waitFor, within } from '@testing-library/react';
import { MEMBER_SHELL_ATTRIBUTE } from '@motema/shared/member-shells';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { buildCard, listRequests, stubApi, stubIntersectionObserver } from './discovery-fixtures.ts';
import { askHomeListsEarly, HOME_FIRST_LISTS } from './home-first-lists.ts';
import { HomePage } from './home-page.tsx';
import { NEAR_MARGIN } from '../../lib/use-on-screen.ts';

// One flow in order: askHomeListsEarly asks once per page, as in the browser.
let observer: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  observer = stubIntersectionObserver();
  history.replaceState(null, '', '/home');
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const sectionOf = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('section')!;
const card = (n: number) => buildCard(n);

describe("home's first lists", () => {
  it('are not asked for by a visitor, nor on another page', () => {
    const fetch = stubApi({});
    askHomeListsEarly(); // no member shell, no member remembered
    history.replaceState(null, '', '/swap');
    document.body.innerHTML = `<div id="root" ${MEMBER_SHELL_ATTRIBUTE}></div>`;
    askHomeListsEarly();
    expect(listRequests(fetch)).toHaveLength(0);
  });

  it("are asked for with home's code, for the member shell, and home takes those answers", async () => {
    const fetch = stubApi({
      near: { users: [card(1)], count: 1 },
      connected: { users: [card(2)], count: 1 },
      'rated-each': { users: [card(3)], count: 1 },
      'visited-me': { users: [card(4)], count: 1 },
    });
    document.body.innerHTML = `<div id="root" ${MEMBER_SHELL_ATTRIBUTE}></div>`;
    askHomeListsEarly();
    // Before home renders: each first row's list, once.
    for (const filter of HOME_FIRST_LISTS) expect(listRequests(fetch, filter), filter).toHaveLength(1);
    askHomeListsEarly(); // the member area's background prefetch runs the loader again
    expect(listRequests(fetch)).toHaveLength(HOME_FIRST_LISTS.length);

    renderPage('/home', <HomePage />, { me: buildMe({ locationShared: true }) });
    await waitFor(() => expect(observer.observed(NEAR_MARGIN).length).toBeGreaterThan(0));
    act(() => {
      for (const name of ['Near you', 'Online now', 'Your matches', 'Visited your profile'])
        observer.set(sectionOf(name), true);
    });
    for (const [name, n] of [
      ['Near you', 1],
      ['Online now', 2],
      ['Your matches', 3],
      ['Visited your profile', 4],
    ] as const)
      expect(await within(sectionOf(name)).findByText(new RegExp(`Member${n}`)), name).toBeTruthy();
    // Drawn from the early answers: not one list asked for twice.
    for (const filter of HOME_FIRST_LISTS) expect(listRequests(fetch, filter), filter).toHaveLength(1);
  });
});
