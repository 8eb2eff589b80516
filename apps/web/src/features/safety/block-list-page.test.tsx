import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BLOCK_LIST_PAGE_SIZE } from '@motema/shared/safety';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import { isolate } from '../../ui/member-text.tsx';
import { renderNotices } from './render-notices.tsx';
import { BlockListPage } from './block-list-page.tsx';
import { blockListOf, buildBlockedUser } from './safety-fixtures.ts';
import { expectOneRow } from '../../test/dialog-row.ts';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => void renderNotices());

const kofi = buildBlockedUser();
const awa = buildBlockedUser({
  _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  username: 'awa',
  name: 'Awa',
  blockedAt: '2026-03-15T10:00:00.000Z',
});

type Route = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;

function stubApi(route: Route) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = await route(url, init);
    if (!answer) throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
    return answer;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const render = () => renderPage('/settings/block-list', <BlockListPage />, { me: buildMe() });

describe('BlockListPage', () => {
  it('shows a skeleton while loading, then the blocked members, newest first', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    render();
    expect(screen.getByLabelText('Loading the people you blocked').getAttribute('aria-busy')).toBe('true');

    answer(jsonResponse(200, blockListOf([awa, kofi])));
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/^(Awa|Kofi)$/).textContent)).toEqual(['Awa', 'Kofi']);
    expect(within(rows[1]!).getByText('@kofi')).toBeTruthy();
    expect(within(rows[1]!).getByText('Blocked on Mar 14, 2026')).toBeTruthy();
    expect(screen.getByText('2 people blocked')).toBeTruthy();
    expect(screen.queryByLabelText('Loading the people you blocked')).toBeNull();
  });

  it('says what to do when nobody is blocked', async () => {
    stubApi(() => jsonResponse(200, blockListOf([])));
    render();
    expect(await screen.findByText('You have not blocked anyone')).toBeTruthy();
    expect(screen.getByText(/open their profile, tap the menu button and choose Block/)).toBeTruthy();
  });

  it('unblocks after a confirmation, says so, and takes the member off the list', async () => {
    const fetch = stubApi((url, init) => {
      if (init?.method === 'DELETE') return jsonResponse(204);
      if (url.startsWith('/api/blocks')) return jsonResponse(200, blockListOf([awa, kofi]));
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Unblock Kofi' }));
    const dialog = await screen.findByRole('dialog', { name: `Unblock ${isolate('Kofi')}?` });
    expect(within(dialog).getByText(/able to see each other again/)).toBeTruthy();
    expectOneRow(dialog, 'Cancel', 'Unblock');
    expect(fetch).toHaveBeenCalledTimes(1);

    // The list answers without Kofi from now on.
    fetch.mockImplementation(async (url: string, init?: RequestInit) =>
      init?.method === 'DELETE' ? jsonResponse(204) : jsonResponse(200, blockListOf([awa])),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText(`${isolate('Kofi')} is unblocked.`)).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      `/api/blocks/${kofi._id}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
    await waitFor(() => expect(screen.queryByText('Kofi')).toBeNull());
    expect(screen.getByText('Awa')).toBeTruthy();
    expect(screen.getByText('1 person blocked')).toBeTruthy();
  });

  it('keeps the member and says why when unblocking fails', async () => {
    stubApi((_url, init) =>
      init?.method === 'DELETE'
        ? jsonResponse(429, { statusCode: 429, code: 'rate_limited', message: 'Too many' })
        : jsonResponse(200, blockListOf([kofi])),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Unblock Kofi' }));
    const dialog = await screen.findByRole('dialog', { name: `Unblock ${isolate('Kofi')}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    expect(
      await screen.findByText(
        `${isolate('Kofi')} could not be unblocked. Too many attempts. Please wait and try again.`,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Kofi')).toBeTruthy();
  });

  it('cancels without calling the server', async () => {
    const fetch = stubApi(() => jsonResponse(200, blockListOf([kofi])));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Unblock Kofi' }));
    const dialog = await screen.findByRole('dialog', { name: `Unblock ${isolate('Kofi')}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says when the list cannot load and tries again on demand', async () => {
    const fetch = stubApi(() => jsonResponse(403, { statusCode: 403, code: 'forbidden', message: 'No' }));
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Your block list could not load.')).toBeTruthy();
    expect(screen.getByText('You are not allowed to do this')).toBeTruthy();
    fetch.mockImplementation(async () => jsonResponse(200, blockListOf([kofi])));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Kofi')).toBeTruthy();
  });

  // A full page of rows is slow to render in happy-dom: a longer timeout.
  it('loads the next page on demand when there are more blocked members than a page', async () => {
    const page = Array.from({ length: BLOCK_LIST_PAGE_SIZE }, (_, i) =>
      buildBlockedUser({ _id: `id-${i}`, username: `member${i}`, name: `Member ${i}` }),
    );
    const fetch = stubApi((url) =>
      url.includes('skip=')
        ? jsonResponse(200, blockListOf([kofi], BLOCK_LIST_PAGE_SIZE + 1))
        : jsonResponse(200, blockListOf(page, BLOCK_LIST_PAGE_SIZE + 1)),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Kofi')).toBeTruthy();
    expect(fetch).toHaveBeenLastCalledWith(
      `/api/blocks?skip=${BLOCK_LIST_PAGE_SIZE}&limit=${BLOCK_LIST_PAGE_SIZE}`,
      expect.anything(),
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  }, 20_000);
});
