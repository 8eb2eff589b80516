import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIKE_SCORE, PASS_SCORE } from '@motema/shared/discovery';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import { buildCard, cards, listRequests, stubApi } from './discovery-fixtures.ts';
import { SwapPage } from './swap-page.tsx';
import { DECK_BATCH } from './use-swap-deck.ts';

afterEach(() => vi.unstubAllGlobals());

const ratings = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .filter(([input, init]) => input === '/api/rate/user' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

const rated = (body: { user: string; score: number }) => jsonResponse(200, { ...body, matched: false });

describe('SwapPage', () => {
  it('asks for unrated members, likes with 5 and passes with 1 from the buttons', async () => {
    const deck = cards(1, 8);
    const fetch = stubApi(
      { users: { users: deck, count: deck.length } },
      { 'POST /api/rate/user': (body) => rated(body as { user: string; score: number }) },
    );
    const user = userEvent.setup();
    renderPage('/swap', <SwapPage />, { me: buildMe() });

    expect(await screen.findByRole('group', { name: 'Member1, 21' })).toBeTruthy();
    const [query] = listRequests(fetch, 'users');
    expect(query?.get('unrated')).toBe('true');
    expect(query?.get('limit')).toBe(String(DECK_BATCH));

    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByRole('group', { name: 'Member2, 22' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pass' }));
    expect(await screen.findByRole('group', { name: 'Member3, 23' })).toBeTruthy();
    await waitFor(() =>
      expect(ratings(fetch)).toEqual([
        { user: 'member-1', score: LIKE_SCORE },
        { user: 'member-2', score: PASS_SCORE },
      ]),
    );
  });

  it('tells each card what a like and a pass record: 5 stars and 1', async () => {
    stubApi({ users: { users: cards(1, 6), count: 6 } });
    renderPage('/swap', <SwapPage />, { me: buildMe() });
    const card = await screen.findByRole('group', { name: 'Member1, 21' });
    const hint = document.getElementById(card.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'Swipe right to like (5 stars), left to pass (1 star), or use the buttons.',
    );
  });

  it('passes with the left arrow key on the focused card', async () => {
    const fetch = stubApi(
      { users: { users: cards(1, 6), count: 6 } },
      { 'POST /api/rate/user': (body) => rated(body as { user: string; score: number }) },
    );
    const user = userEvent.setup();
    renderPage('/swap', <SwapPage />, { me: buildMe() });
    (await screen.findByRole('group', { name: 'Member1, 21' })).focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(ratings(fetch)).toEqual([{ user: 'member-1', score: PASS_SCORE }]));
  });

  it('asks for more before the deck runs out, and keeps the cards in order', async () => {
    let batch = 0;
    const fetch = stubApi(
      {
        users: () => {
          batch += 1;
          // The second answer repeats the members not rated yet, then new ones.
          return batch === 1
            ? { users: cards(1, 4), count: 9 }
            : { users: [...cards(2, 3), buildCard(5), buildCard(6)], count: 8 };
        },
      },
      { 'POST /api/rate/user': (body) => rated(body as { user: string; score: number }) },
    );
    const user = userEvent.setup();
    renderPage('/swap', <SwapPage />, { me: buildMe() });
    await screen.findByRole('group', { name: 'Member1, 21' });
    expect(listRequests(fetch, 'users')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Like' }));
    // Three left: the next batch is asked for once the rating is stored.
    await waitFor(() => expect(listRequests(fetch, 'users')).toHaveLength(2));
    for (const name of ['Member2, 22', 'Member3, 23', 'Member4, 24', 'Member5, 25', 'Member6, 26']) {
      expect(await screen.findByRole('group', { name })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Pass' }));
    }
  });

  it('puts a card back when its rating fails', async () => {
    stubApi(
      { users: { users: cards(1, 6), count: 6 } },
      {
        'POST /api/rate/user': () =>
          jsonResponse(404, { statusCode: 404, code: 'user_not_found', message: 'x' }),
      },
    );
    const user = userEvent.setup();
    renderPage('/swap', <SwapPage />, { me: buildMe() });
    await screen.findByRole('group', { name: 'Member1, 21' });
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByRole('group', { name: 'Member1, 21' })).toBeTruthy();
  });

  it('says there is no one new, with the way to the match preferences', async () => {
    stubApi({ users: { users: [], count: 0 } });
    renderPage('/swap', <SwapPage />, { me: buildMe() });
    expect(await screen.findByText('No one new right now')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Adjust my match preferences' }).getAttribute('href')).toBe(
      '/settings/match',
    );
    expect(screen.queryByRole('button', { name: 'Like' })).toBeNull();
  });

  it('shows the shape of the deck while it loads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    const { container } = renderPage('/swap', <SwapPage />, { me: buildMe() });
    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
    expect(screen.queryByText('No one new right now')).toBeNull();
  });
});
