import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MatchEvent } from '@motema/shared/discovery';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../lib/socket.ts';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { discoveryKeys } from './discovery.api.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { isolate } from '../../ui/member-text.tsx';
import { buildCard, stubApi } from './discovery-fixtures.ts';
import { MatchModal } from './match-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const matchOf = (index: number, firstName: string): MatchEvent => ({
  user: buildCard(index, { firstName }),
  match: { _id: `match-${index}`, createdAt: '2026-05-01T10:00:00.000Z' },
  status: 'matched',
});

function renderModal(socket: FakeSocket, path = '/swap') {
  return renderPage(
    path,
    <SocketContext value={{ socket: socket.asSocket(), connected: true }}>
      <p>Deck</p>
      <MatchModal />
    </SocketContext>,
    { me: buildMe({ _id: 'me-1' }) },
  );
}

describe('MatchModal', () => {
  it('opens full screen on matched:{me} with both photos, a message link and a way back to swiping', async () => {
    stubApi({});
    const socket = new FakeSocket();
    const user = userEvent.setup();
    const { queryClient } = renderModal(socket);
    const matches = discoveryKeys.list('rated-each');
    queryClient.setQueryData(matches, { users: [], count: 0 });
    expect(socket.listenerCount('matched:me-1')).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => socket.serverEmit('matched:me-1', matchOf(7, 'Zola')));
    const dialog = await screen.findByRole('dialog', { name: 'It’s a match!' });
    // A screen of its own, not a small box over the deck.
    expect(dialog.closest('[data-full-screen]') ?? dialog.querySelector('[data-full-screen]')).toBeTruthy();
    expect(dialog.textContent).toContain(`You and ${isolate('Zola')} like each other.`);
    // Both avatars (initials without photos): the member's and the match's.
    expect(dialog.textContent).toContain('AM');
    expect(dialog.textContent).toContain('MT');
    expect(screen.getByRole('link', { name: 'Send a message' }).getAttribute('href')).toBe(
      '/conversations?user=member-7',
    );
    // The matches list is marked stale, to be fetched again.
    expect(queryClient.getQueryState(matches)?.isInvalidated).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Keep swiping' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('ignores the events of other members and shows two matches one after the other', async () => {
    stubApi({});
    const socket = new FakeSocket();
    const user = userEvent.setup();
    renderModal(socket);
    act(() => socket.serverEmit('matched:someone-else', matchOf(1, 'Ayo')));
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => {
      socket.serverEmit('matched:me-1', matchOf(2, 'Bintou'));
      socket.serverEmit('matched:me-1', matchOf(3, 'Chidi'));
    });
    expect((await screen.findByRole('dialog')).textContent).toContain('Bintou');
    await user.click(screen.getByRole('button', { name: 'Keep swiping' }));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Chidi'));
  });

  it.each([
    ['/swap', 'Keep swiping'],
    ['/profile/member-3', 'Close'],
    ['/messages/conversation-1', 'Close'],
  ])('on %s, offers "%s" as the way back, which closes it there', async (path, label) => {
    stubApi({});
    const socket = new FakeSocket();
    const user = userEvent.setup();
    const { router } = renderModal(socket, path);
    act(() => socket.serverEmit('matched:me-1', matchOf(4, 'Dede')));
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: label === 'Close' ? 'Keep swiping' : 'Close' })).toBeNull();
    await user.click(screen.getByRole('button', { name: label }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The member stays where they were.
    expect(router.state.location.pathname).toBe(path);
  });
});
