import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe } from '../../../test/render-page.tsx';
import { LivePage } from '../live-page.tsx';
import {
  AMANI,
  buildLive,
  buildLiveMessage,
  LIVE_ID,
  LiveSocket,
  renderLives,
  stubApi,
} from '../lives-fixtures.tsx';

// The player itself (HLS over MediaSource) has its own tests: here, what the screen asks of it.
const players = vi.hoisted(
  () => [] as { playlist: string; destroyed: boolean; tell: (state: object) => void }[],
);
vi.mock('../player/create-live-player.ts', () => ({
  createLivePlayer: (
    _video: HTMLVideoElement,
    options: { playlist: string; onState?: (state: object) => void },
  ) => {
    const player = {
      playlist: options.playlist,
      destroyed: false,
      tell: (state: object) => options.onState?.(state),
    };
    players.push(player);
    return { destroy: () => void (player.destroyed = true) };
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  players.length = 0;
});

async function watch(live = buildLive(), messages = [buildLiveMessage()]) {
  stubApi({});
  const socket = new LiveSocket();
  socket.answers['lives:join'] = () => ({ ok: true, live, messages });
  const view = renderLives(
    { '/lives/:id': <LivePage /> },
    `/lives/${LIVE_ID}`,
    socket,
    buildMe({ _id: AMANI._id }),
  );
  await screen.findByText('Welcome everyone');
  return { socket, ...view };
}

describe('a viewer’s screen', () => {
  it('starts its heading at the 16 px margin of the other pages on a phone, not 12 px', async () => {
    await watch();
    const frame = screen
      .getByRole('heading', { level: 1, name: 'Kofi' })
      .closest<HTMLElement>('.mantine-Container-root');
    expect(frame?.style.paddingInline).toBe('var(--mantine-spacing-md)');
  });

  it('joins the live and shows its video, count, data use and last messages', async () => {
    const { socket } = await watch();
    expect(socket.emitsOf('lives:join')).toEqual([{ liveId: LIVE_ID }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Kofi' })).toBeTruthy();
    expect(screen.getByLabelText('3 watching')).toBeTruthy();
    expect(players.map((player) => player.playlist)).toEqual([buildLive().playlist]);
    // The player starts low: 240p, about 1.7 MB a minute; then it says what it measured.
    expect(screen.getByText('Uses about 1.7 MB a minute')).toBeTruthy();
    act(() =>
      players[0]!.tell({ rendition: '360p', bytesPerMinute: 3_600_000, stalled: false, ended: false }),
    );
    expect(screen.getByText('Uses about 3.6 MB a minute')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('follows the room: the count, new and removed messages, going on air', async () => {
    const { socket } = await watch(buildLive({ status: 'starting', playlist: null }));
    expect(players).toEqual([]);
    act(() => {
      socket.serverEmit('lives:viewers', { liveId: LIVE_ID, viewers: 12 });
      socket.serverEmit('lives:viewers', { liveId: 'another', viewers: 99 });
      socket.serverEmit('lives:message', buildLiveMessage({ _id: 'm2', clientId: 'c2', text: 'Hello Kofi' }));
      socket.serverEmit('lives:message:removed', { liveId: LIVE_ID, messageId: 'm1' });
      socket.serverEmit('lives:on-air', { liveId: LIVE_ID, playlist: '/hls/master.m3u8' });
    });
    expect(screen.getByLabelText('12 watching')).toBeTruthy();
    expect(screen.getByText('Hello Kofi')).toBeTruthy();
    expect(screen.queryByText('Welcome everyone')).toBeNull();
    expect(players.map((player) => player.playlist)).toEqual(['/hls/master.m3u8']);
  });

  it('sends a message with its own clientId, and shows a held one to its sender as waiting for review', async () => {
    const { socket } = await watch();
    socket.answers['lives:message'] = (payload) => {
      const { clientId, text } = payload as { clientId: string; text: string };
      return {
        ok: true,
        message: buildLiveMessage({ _id: 'm9', clientId, text, sender: AMANI, status: 'held' }),
      };
    };
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Write a message' }), 'Call me on 0812345678');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const [sent] = socket.emitsOf('lives:message') as { liveId: string; clientId: string; text: string }[];
    expect(sent).toMatchObject({ liveId: LIVE_ID, text: 'Call me on 0812345678' });
    expect(sent!.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Waiting for review')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Write a message' }) as HTMLInputElement).value).toBe('');
  });

  it('says a refused message under the field, and that a muted member cannot write', async () => {
    const { socket } = await watch();
    socket.answers['lives:message'] = () => ({ ok: false, code: 'rate_limited', retryAfter: 5 });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Write a message' }), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/too many/i)).toBeTruthy();
    act(() => socket.serverEmit('lives:you', { liveId: LIVE_ID, role: 'viewer', muted: true }));
    expect(screen.getByText('You cannot write in this chat any more.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Write a message' })).toBeNull();
  });

  it('sends reactions, floats the room’s, and says a rate limit gently', async () => {
    const { socket } = await watch();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Fire' }));
    expect(socket.emitsOf('lives:reaction')).toEqual([{ liveId: LIVE_ID, reaction: 'fire' }]);
    act(() => socket.serverEmit('lives:reaction', { liveId: LIVE_ID, reaction: 'fire' }));
    expect(document.body.textContent).toContain('🔥');
    socket.answers['lives:reaction'] = () => ({ ok: false, code: 'rate_limited', retryAfter: 2 });
    await user.click(screen.getByRole('button', { name: 'Love' }));
    expect(await screen.findByText('Lots of love! Wait a moment before sending more.')).toBeTruthy();
  });

  it('reports the live through the profile report, naming the live', async () => {
    await watch();
    const report = screen.getByRole('link', { name: 'Report' });
    expect(report.getAttribute('href')).toBe(`/settings/report/profile/${buildLive().broadcaster._id}`);
  });

  it.each([
    ['broadcaster', 'Thank you for watching.'],
    ['moderator', 'Our team ended it because it did not follow our rules.'],
    ['interrupted', 'The connection was lost.'],
  ] as const)('says kindly that the live ended (%s), and plays nothing more', async (reason, text) => {
    const { socket } = await watch();
    act(() => socket.serverEmit('lives:ended', { liveId: LIVE_ID, reason }));
    expect(screen.getByRole('heading', { name: 'This live has ended' })).toBeTruthy();
    expect(screen.getByText(new RegExp(text))).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
    expect(players.every((player) => player.destroyed)).toBe(true);
  });

  it('says when the member was removed, and when the live cannot be found', async () => {
    const { socket } = await watch();
    act(() => socket.serverEmit('lives:removed', { liveId: LIVE_ID }));
    expect(screen.getByRole('heading', { name: 'You left this live' })).toBeTruthy();

    const gone = new LiveSocket();
    gone.answers['lives:join'] = () => ({ ok: false, code: 'live_not_found' });
    renderLives({ '/lives/:id': <LivePage /> }, `/lives/${LIVE_ID}`, gone, buildMe());
    expect((await screen.findAllByRole('heading', { name: 'This live has ended' })).length).toBeGreaterThan(
      0,
    );
  });
});
