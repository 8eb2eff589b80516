import { act, screen, waitFor, within } from '@testing-library/react';
import { userListSize } from '@motema/shared/discovery';
import { CLOCK_REFRESH_MS } from '@motema/shared/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { buildCard, cards, listRequests, stubApi, stubIntersectionObserver } from './discovery-fixtures.ts';
import { HomePage } from './home-page.tsx';
import { NEAR_MARGIN } from '../../lib/use-on-screen.ts';

let observer: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  observer = stubIntersectionObserver();
});
afterEach(() => vi.unstubAllGlobals());

const heading = (name: string) => screen.queryByRole('heading', { name, level: 2 });
const sectionOf = (name: string) => heading(name)!.closest('section')!;

/** Brings every list near the screen, as scrolling down the page does: each is then asked for. */
async function scrollAllNear() {
  await waitFor(() => expect(observer.observed(NEAR_MARGIN).length).toBeGreaterThan(0));
  act(() => {
    for (const element of observer.observed(NEAR_MARGIN)) observer.set(element, true);
  });
}

describe('HomePage', () => {
  it('shows skeletons of the rows and the grid while the lists load', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderPage('/home', <HomePage />, { me: buildMe() });

    for (const name of ['Online now', 'Your matches', 'Visited your profile', 'Popular', 'People for you']) {
      expect(sectionOf(name).querySelector('[aria-busy="true"]'), name).toBeTruthy();
    }
    // Near waits for a shared position: it asks for it instead of loading.
    expect(within(sectionOf('Near you')).getByRole('button', { name: 'Share my position' })).toBeTruthy();
  });

  it('asks only for the lists near the screen, the others once they come near', async () => {
    const fetch = stubApi({ popular: { users: [buildCard(2)], count: 1 } });
    renderPage('/home', <HomePage />, { me: buildMe() });
    await waitFor(() => expect(observer.observed(NEAR_MARGIN).length).toBeGreaterThan(0));
    act(() => observer.set(sectionOf('Online now'), true));
    await waitFor(() => expect(listRequests(fetch, 'connected')).toHaveLength(1));
    expect(listRequests(fetch, 'popular')).toHaveLength(0);
    expect(listRequests(fetch, 'users')).toHaveLength(0);
    // Below the first screen, the row keeps its skeleton until it comes near.
    expect(sectionOf('Popular').querySelector('[aria-busy="true"]')).toBeTruthy();

    act(() => observer.set(sectionOf('Popular'), true));
    await within(sectionOf('Popular')).findByRole('link');
    expect(listRequests(fetch, 'popular')).toHaveLength(1);
    // Going out of view again does not ask again.
    act(() => observer.set(sectionOf('Popular'), false));
    expect(listRequests(fetch, 'popular')).toHaveLength(1);
  });

  it('says what to do when lists are empty and hides the rows that have nothing to say', async () => {
    const fetch = stubApi({});
    renderPage('/home', <HomePage />, { me: buildMe() });
    await scrollAllNear();

    expect(await screen.findByText('No one to show yet')).toBeTruthy();
    expect(await screen.findByText(/No one else is online right now/)).toBeTruthy();
    expect(screen.getByText(/When you and someone both like each other/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start swiping' }).getAttribute('href')).toBe('/swap');
    expect(screen.getByRole('link', { name: 'Adjust my match preferences' }).getAttribute('href')).toBe(
      '/settings/match',
    );
    for (const hidden of [
      'Visited your profile',
      'Liked you',
      'Popular',
      'New on Motema',
      'Profiles you rated',
    ])
      expect(heading(hidden), hidden).toBeNull();
    // No position shared yet: the near list is not asked for.
    expect(listRequests(fetch, 'near')).toEqual([]);
    expect(listRequests(fetch, 'popular')[0]?.get('limit')).toBe(String(userListSize('popular')));
  });

  it('shows a shared member with no one near the way to widen the distance', async () => {
    stubApi({});
    renderPage('/home', <HomePage />, { me: buildMe({ locationShared: true }) });
    await scrollAllNear();
    expect(
      await screen.findByText('No one within 50 km for now. A wider distance shows more people.'),
    ).toBeTruthy();
  });

  it('shows compact cards with first name, age, activity and distance bucket, linking to the profile', async () => {
    stubApi({
      connected: {
        users: [
          buildCard(1, { firstName: 'Jo', age: 31, activity: 'online', distance: 5 }),
          buildCard(2, { firstName: null, name: 'kim_lee', age: 44, activity: 'today', distance: 501 }),
        ],
        count: 2,
      },
      near: { users: [buildCard(3, { firstName: 'Nia', distance: 1 })], count: 1 },
    });
    renderPage('/home', <HomePage />, { me: buildMe({ locationShared: true }) });
    await scrollAllNear();

    const online = await within(sectionOf('Online now')).findAllByRole('link');
    expect(online).toHaveLength(2);
    expect(online[0]!.getAttribute('href')).toBe('/profile/member-1');
    expect(online[0]!.textContent).toContain('Jo, 31');
    // The age in an element of its own that never shrinks: a long name is cut before it (NameAge).
    expect(online[0]!.querySelector('[data-age]')!.textContent).toBe(', 31');
    expect(online[0]!.textContent).toContain('Online now');
    expect(online[0]!.textContent).toContain('less than 5 km');
    expect(online[1]!.textContent).toContain('kim_lee, 44');
    // A small card says the activity in short words beside its dot.
    expect(online[1]!.querySelector('[data-activity]')!.textContent).toBe('Today');
    expect(online[1]!.textContent).toContain('more than 500 km');
    const near = await within(sectionOf('Near you')).findByRole('link');
    expect(near.textContent).toContain('less than 1 km');
    // A member who already shared is not asked again.
    expect(screen.queryByRole('button', { name: 'Share my position' })).toBeNull();
  });

  it('loads the next page of the default list as its end comes near, and stops at the count', async () => {
    const size = userListSize('users');
    const fetch = stubApi({
      users: (query) => {
        const skip = Number(query.get('skip') ?? 0);
        return { users: cards(skip, Math.min(size, 150 - skip)), count: 150 };
      },
    });
    renderPage('/home', <HomePage />, { me: buildMe() });
    await scrollAllNear();
    const grid = () => within(sectionOf('People for you'));
    await waitFor(() => expect(grid().getAllByRole('link')).toHaveLength(size));
    expect(listRequests(fetch, 'users').map((query) => query.get('skip'))).toEqual([null]);

    const [end] = observer.observed('800px');
    act(() => observer.set(end!, true));
    await waitFor(() => expect(grid().getAllByRole('link')).toHaveLength(150));
    expect(listRequests(fetch, 'users').map((query) => query.get('skip'))).toEqual([null, String(size)]);
    expect(grid().getAllByRole('link').at(-1)!.textContent).toContain('Member149, 49');

    // Still in view, but everything is loaded: no more requests.
    act(() => observer.set(end!, false));
    act(() => observer.set(end!, true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listRequests(fetch, 'users')).toHaveLength(2);
  });

  it('refreshes the lists on screen every minute, so "online now" stays true, and leaves the others alone', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const fetch = stubApi({
        connected: { users: [buildCard(1, { activity: 'online' })], count: 1 },
        popular: { users: [buildCard(2)], count: 1 },
      });
      renderPage('/home', <HomePage />, { me: buildMe() });
      await scrollAllNear();
      await within(sectionOf('Online now')).findByRole('link');
      await within(sectionOf('Popular')).findByRole('link');
      act(() => observer.set(sectionOf('Online now'), true));
      act(() => observer.set(sectionOf('Popular'), false));

      await act(() => vi.advanceTimersByTimeAsync(CLOCK_REFRESH_MS));
      await waitFor(() => expect(listRequests(fetch, 'connected')).toHaveLength(2));
      expect(listRequests(fetch, 'popular')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
