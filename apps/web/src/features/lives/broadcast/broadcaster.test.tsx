import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe } from '../../../test/render-page.tsx';
import { LivePage } from '../live-page.tsx';
import { AMANI, buildLive, calls, LIVE_ID, LiveSocket, renderLives, stubApi } from '../lives-fixtures.tsx';
import { FakeRecorder, stubMedia, unstubMedia } from './fake-media.ts';
import { GoLivePage } from './go-live-page.tsx';

afterEach(unstubMedia);

const mine = buildLive({
  broadcaster: AMANI,
  role: 'broadcaster',
  status: 'starting',
  viewers: 0,
  playlist: null,
});

function broadcasting() {
  const socket = new LiveSocket();
  socket.answers['lives:join'] = () => ({ ok: true, live: mine, messages: [] });
  const routes = { '/lives/new': <GoLivePage />, '/lives/:id': <LivePage /> };
  return {
    socket,
    // The form shows once the lives' list said the member may go live.
    view: async () => {
      const shown = renderLives(routes, '/lives/new', socket, buildMe({ _id: AMANI._id }));
      await screen.findByRole('button', { name: 'Go live' });
      return shown;
    },
  };
}

/** The API for a member who may go live, with `routes`. */
const stubLiveApi = (routes: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({ 'GET /api/lives': [200, { lives: [], goLiveFrom: null }], ...routes });

async function goLive(user: ReturnType<typeof userEvent.setup>) {
  const start = screen.getByRole('button', { name: 'Go live' });
  await vi.waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
  await user.click(start);
}

describe('going live', () => {
  it('opens the front camera small, goes live for the chosen audience, then sends the recording in order', async () => {
    const getUserMedia = stubMedia();
    const fetch = stubLiveApi({
      'POST /api/lives': [201, mine],
      [`GET /api/lives/${LIVE_ID}/viewers`]: [200, { viewers: [] }],
    });
    const { socket, view } = broadcasting();
    const { router } = await view();
    const user = userEvent.setup();
    expect(getUserMedia.mock.calls[0]![0]).toMatchObject({
      video: {
        facingMode: 'user',
        width: { ideal: 640 },
        height: { ideal: 360 },
        frameRate: { ideal: 15, max: 15 },
      },
    });
    await user.click(screen.getByRole('radio', { name: /My matches only/ }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Sunday by the river');
    await goLive(user);
    const post = fetch.mock.calls.find(([url, init]) => url === '/api/lives' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      audience: 'matches',
      audioOnly: false,
      title: 'Sunday by the river',
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/lives/${LIVE_ID}`));
    await vi.waitFor(() => expect(socket.emitsOf('lives:join')).toEqual([{ liveId: LIVE_ID }]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your live' })).toBeTruthy();
    await vi.waitFor(() => expect(FakeRecorder.last?.state).toBe('recording'));
    FakeRecorder.last!.give(1);
    FakeRecorder.last!.give(2);
    FakeRecorder.last!.give(3);
    await vi.waitFor(() => expect(socket.emitsOf('lives:chunk')).toHaveLength(3));
    expect(socket.emitsOf('lives:chunk').map((chunk) => (chunk as { seq: number }).seq)).toEqual([0, 1, 2]);
    expect(calls(fetch)).toContain(`GET /api/lives/${LIVE_ID}/viewers`);
  });

  it('goes live with the microphone alone', async () => {
    const getUserMedia = stubMedia();
    const fetch = stubLiveApi({ 'POST /api/lives': [201, { ...mine, audioOnly: true }] });
    const user = userEvent.setup();
    await broadcasting().view();
    await user.click(screen.getByRole('switch', { name: /Audio only/ }));
    await vi.waitFor(() =>
      expect(getUserMedia).toHaveBeenLastCalledWith(expect.objectContaining({ video: false })),
    );
    await goLive(user);
    const post = fetch.mock.calls.find(([url, init]) => url === '/api/lives' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ audioOnly: true, audience: 'everyone' });
  });

  it('says why the server refused: an account too new, a live already on', async () => {
    stubMedia();
    let code = 'live_account_too_new';
    stubLiveApi({ 'POST /api/lives': () => [403, { code, message: 'x' }] });
    const user = userEvent.setup();
    await broadcasting().view();
    await goLive(user);
    expect((await screen.findByRole('alert')).textContent).toContain('Your account is too new to go live');
    code = 'live_already_on';
    await goLive(user);
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('You are already live'));
  });

  it('tells a new account from when it may go live, without asking for the camera', async () => {
    const getUserMedia = stubMedia();
    stubApi({ 'GET /api/lives': [200, { lives: [], goLiveFrom: '2099-03-14T09:30:00.000Z' }] });
    renderLives({ '/lives/new': <GoLivePage /> }, '/lives/new', new LiveSocket(), buildMe());
    expect(await screen.findByText(/^You can go live from March 14, 2099/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Go live' })).toBeNull();
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('says the camera is not allowed, and does not let the member go live without it', async () => {
    stubMedia(new DOMException('denied', 'NotAllowedError'));
    stubLiveApi({});
    await broadcasting().view();
    expect((await screen.findByRole('alert')).textContent).toContain('Motema may not use your camera');
    expect(screen.getByRole('button', { name: 'Go live' }).hasAttribute('disabled')).toBe(true);
  });

  it('stops with a clear message when a chunk is refused', async () => {
    stubMedia();
    stubLiveApi({
      'POST /api/lives': [201, mine],
      [`GET /api/lives/${LIVE_ID}/viewers`]: [200, { viewers: [] }],
    });
    const { socket, view } = broadcasting();
    socket.answers['lives:chunk'] = () => ({ ok: false, code: 'live_chunk_too_large' });
    await view();
    await goLive(userEvent.setup());
    await vi.waitFor(() => expect(FakeRecorder.last?.state).toBe('recording'));
    FakeRecorder.last!.give(1);
    FakeRecorder.last!.give(2);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your live stopped');
    expect(alert.textContent).toContain('Part of the broadcast was too large');
    expect(socket.emitsOf('lives:chunk')).toHaveLength(1);
    expect(FakeRecorder.last!.state).toBe('inactive');
  });

  it('ends the live, then keeps it as a post when asked', async () => {
    stubMedia();
    const fetch = stubLiveApi({
      'POST /api/lives': [201, mine],
      [`GET /api/lives/${LIVE_ID}/viewers`]: [200, { viewers: [] }],
      [`POST /api/lives/${LIVE_ID}/end`]: [200, { ...mine, status: 'ended', endReason: 'broadcaster' }],
      [`POST /api/lives/${LIVE_ID}/keep`]: [201, { _id: 'p1' }],
    });
    const user = userEvent.setup();
    const { router } = await broadcasting().view();
    await goLive(user);
    await user.click(await screen.findByRole('button', { name: 'End the live' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End the live' }));
    // Told about their own live, not thanked for watching it.
    expect(await screen.findByRole('heading', { name: 'Your live has ended' })).toBeTruthy();
    expect(screen.getByText('You ended your live. Thank you for sharing it.')).toBeTruthy();
    expect(screen.queryByText(/Thank you for watching/)).toBeNull();
    expect(FakeRecorder.last!.state).toBe('inactive');
    // Started more than a minute ago (the fixture's startedAt): what the server keeps is its sound.
    expect(screen.getByText('Longer than a minute, it is kept as a podcast: its sound only.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Private' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await vi.waitFor(() => expect(calls(fetch)).toContain(`POST /api/lives/${LIVE_ID}/keep`));
    const keep = fetch.mock.calls.find(([url]) => url === `/api/lives/${LIVE_ID}/keep`);
    expect(JSON.parse(String(keep?.[1]?.body))).toEqual({ text: '', visibility: 'private' });
    // The posts take the ended live's place: Back does not bring its offer again.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/posts'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
