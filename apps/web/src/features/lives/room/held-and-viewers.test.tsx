import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe } from '../../../test/render-page.tsx';
import { ViewersPanel } from '../broadcast/viewers-panel.tsx';
import { LivePage } from '../live-page.tsx';
import {
  AMANI,
  buildLive,
  buildLiveMessage,
  calls,
  LIVE_ID,
  LiveSocket,
  renderLives,
  stubApi,
} from '../lives-fixtures.tsx';

afterEach(() => vi.unstubAllGlobals());

const NIA = { _id: 'u3', username: 'nia', firstName: 'Nia', name: 'Nia Kabila', avatar: null };
const held = buildLiveMessage({
  _id: 'm5',
  clientId: 'c5',
  sender: NIA,
  text: 'Send me money',
  status: 'held',
});

describe('held messages, for the live’s moderators', () => {
  it('are released to everyone or dropped', async () => {
    const fetch = stubApi({
      [`POST /api/lives/${LIVE_ID}/messages/m5/release`]: [200, { ...held, status: 'shown' }],
      [`DELETE /api/lives/${LIVE_ID}/messages/m6`]: [204],
    });
    const socket = new LiveSocket();
    const other = { ...held, _id: 'm6', clientId: 'c6', text: 'Click this link' };
    socket.answers['lives:join'] = () => ({
      ok: true,
      live: buildLive({ role: 'moderator' }),
      messages: [held, other],
    });
    renderLives({ '/lives/:id': <LivePage /> }, `/lives/${LIVE_ID}`, socket, buildMe({ _id: AMANI._id }));
    await screen.findByText('Send me money');
    expect(screen.getAllByText('Held for review')).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Show' })[0]!);
    await vi.waitFor(() => expect(calls(fetch)).toContain(`POST /api/lives/${LIVE_ID}/messages/m5/release`));
    await user.click(screen.getAllByRole('button', { name: 'Drop' })[1]!);
    await vi.waitFor(() => expect(screen.queryByText('Click this link')).toBeNull());
    expect(calls(fetch)).toContain(`DELETE /api/lives/${LIVE_ID}/messages/m6`);
  });

  it('show no Release or Drop to a viewer', async () => {
    stubApi({});
    const socket = new LiveSocket();
    socket.answers['lives:join'] = () => ({ ok: true, live: buildLive(), messages: [buildLiveMessage()] });
    renderLives({ '/lives/:id': <LivePage /> }, `/lives/${LIVE_ID}`, socket, buildMe({ _id: AMANI._id }));
    await screen.findByText('Welcome everyone');
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
  });
});

describe('the viewers, for the broadcaster', () => {
  it('lists who watches, and mutes, names a moderator, removes', async () => {
    const fetch = stubApi({
      [`GET /api/lives/${LIVE_ID}/viewers`]: [
        200,
        { viewers: [{ member: NIA, role: 'viewer', muted: false }] },
      ],
      [`PATCH /api/lives/${LIVE_ID}/viewers/u3`]: [200, {}],
      [`DELETE /api/lives/${LIVE_ID}/viewers/u3`]: [204],
    });
    renderLives(
      { '/': <ViewersPanel liveId={LIVE_ID} count={1} broadcaster /> },
      '/',
      new LiveSocket(),
      buildMe(),
    );
    expect(await screen.findByText('Nia')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    await user.click(screen.getByRole('button', { name: 'Make moderator' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(calls(fetch)).toContain(`DELETE /api/lives/${LIVE_ID}/viewers/u3`));
    const bodies = fetch.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([{ muted: true }, { role: 'moderator' }]);
  });
});
