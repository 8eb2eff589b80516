import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { buildCard, stubApi, stubIntersectionObserver } from './discovery-fixtures.ts';
import { FIRST_CARDS, UserRowSection } from './user-row-section.tsx';
import { NEAR_MARGIN } from '../../lib/use-on-screen.ts';

let observer: ReturnType<typeof stubIntersectionObserver>;
let idle: (() => void)[] = [];
beforeEach(() => {
  observer = stubIntersectionObserver();
  idle = [];
  // The browser's idle moments, under the test's control.
  vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('a row of home', () => {
  it('draws its first cards in its first frame and the rest once the page is idle', async () => {
    const users = Array.from({ length: 30 }, (_, index) => buildCard(index + 1));
    stubApi({ connected: { users, count: users.length } });
    renderPage('/home', <UserRowSection filter="connected" />, { me: buildMe() });
    await waitFor(() => expect(observer.observed(NEAR_MARGIN).length).toBeGreaterThan(0));
    const section = screen.getByRole('heading', { name: 'Online now' }).closest('section')!;
    act(() => observer.set(section, true));

    expect(await within(section).findAllByRole('link')).toHaveLength(FIRST_CARDS);
    expect(idle.length).toBeGreaterThan(0);
    act(() => {
      for (const task of idle.splice(0)) task();
    });
    expect(within(section).getAllByRole('link')).toHaveLength(30);
  });

  it('draws a short row whole at once', async () => {
    stubApi({ connected: { users: [buildCard(1), buildCard(2)], count: 2 } });
    renderPage('/home', <UserRowSection filter="connected" />, { me: buildMe() });
    await waitFor(() => expect(observer.observed(NEAR_MARGIN).length).toBeGreaterThan(0));
    const section = screen.getByRole('heading', { name: 'Online now' }).closest('section')!;
    act(() => observer.set(section, true));
    expect(await within(section).findAllByRole('link')).toHaveLength(2);
    expect(idle).toHaveLength(0);
  });

  it('says the device is offline, not that the list failed, when it cannot reach the network', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubApi({
      connected: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage('/home', <UserRowSection filter="connected" empty={<p>No one yet</p>} />, { me: buildMe() });
    await waitFor(() => expect(observer.observed(NEAR_MARGIN).length).toBeGreaterThan(0));
    act(() => observer.set(screen.getByRole('heading', { name: 'Online now' }).closest('section')!, true));

    expect(
      await screen.findByText('You are offline. This list will load when you are back online.'),
    ).toBeTruthy();
    expect(screen.queryByText('This list could not load.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
