import { act, screen, waitFor, within } from '@testing-library/react';
import { CLOCK_REFRESH_MS } from '@motema/shared/limits';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { LIST_FRESH_MS } from './discovery.api.ts';
import { buildCard, listRequests, stubApi, stubIntersectionObserver } from './discovery-fixtures.ts';
import { HomePage } from './home-page.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Home's lists are asked for once near the screen: brings every one of them near. */
async function bringNear(observer: ReturnType<typeof stubIntersectionObserver>) {
  await waitFor(() => expect(observer.observed('300px').length).toBeGreaterThan(0));
  for (const element of observer.observed('300px')) act(() => observer.set(element, true));
}

const sectionOf = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('section')!;
const slim = (index: number) => ({
  thumbnail: `/api/media/photo-${index}/160.webp`,
  placeholder: `data:image/webp;base64,P${index}`,
});

describe('HomePage lists: bytes of a session (bar B6)', () => {
  it('loads card thumbnails lazily, decoded off the main thread, over their placeholder', async () => {
    const observer = stubIntersectionObserver();
    stubApi({ popular: { users: [buildCard(1, { avatar: slim(1) })], count: 1 } });
    renderPage('/home', <HomePage />, { me: buildMe() });
    await bringNear(observer);
    const card = await within(sectionOf('Popular')).findByRole('link');
    const img = card.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/media/photo-1/160.webp');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(card.innerHTML).toContain('data:image/webp;base64,P1');
  });

  it('shows the lists kept in memory on returning home within 5 minutes, and asks again after', async () => {
    const observer = stubIntersectionObserver();
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetch = stubApi({
      popular: { users: [buildCard(1)], count: 1 },
      users: { users: [buildCard(2)], count: 1 },
    });
    const { router } = renderPage('/home', <HomePage />, { me: buildMe() });
    await bringNear(observer);
    await within(sectionOf('Popular')).findByRole('link');
    await within(sectionOf('People for you')).findByRole('link');
    const asked = () => [listRequests(fetch, 'popular').length, listRequests(fetch, 'users').length];
    expect(asked()).toEqual([1, 1]);

    // To a profile and back, 4 minutes later: nothing asked again.
    await act(() => router.navigate('/login'));
    vi.setSystemTime(Date.now() + LIST_FRESH_MS - 60_000);
    await act(() => router.navigate('/home'));
    await bringNear(observer);
    await within(sectionOf('Popular')).findByRole('link');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked()).toEqual([1, 1]);

    // Once more, past 5 minutes: asked again.
    await act(() => router.navigate('/login'));
    vi.setSystemTime(Date.now() + 2 * 60_000);
    await act(() => router.navigate('/home'));
    await bringNear(observer);
    await waitFor(() => expect(asked()).toEqual([2, 2]));
  });

  it('refreshes "Online now" on screen every minute, the other lists on screen every 5 minutes', async () => {
    const observer = stubIntersectionObserver();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetch = stubApi({
      connected: { users: [buildCard(1, { activity: 'online' })], count: 1 },
      popular: { users: [buildCard(2)], count: 1 },
    });
    renderPage('/home', <HomePage />, { me: buildMe() });
    await bringNear(observer);
    await within(sectionOf('Online now')).findByRole('link');
    await within(sectionOf('Popular')).findByRole('link');
    act(() => observer.set(sectionOf('Online now'), true));
    act(() => observer.set(sectionOf('Popular'), true));

    await act(() => vi.advanceTimersByTimeAsync(CLOCK_REFRESH_MS));
    await waitFor(() => expect(listRequests(fetch, 'connected')).toHaveLength(2));
    expect(listRequests(fetch, 'popular')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(LIST_FRESH_MS - CLOCK_REFRESH_MS));
    await waitFor(() => expect(listRequests(fetch, 'popular')).toHaveLength(2));
  });
});
