import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { stubApi } from '../zones/zones-fixtures.ts';
import { buildNotice } from './moderation-fixtures.ts';
import { NoticesBanner } from './notices-banner.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const NOTICES = 'GET /api/moderation/notices';
const render = () => renderPage('/home-notices', <NoticesBanner />, { me: buildMe() });

describe('NoticesBanner', () => {
  it('shows a warning with its rule and message, and leads to its appeal', async () => {
    stubApi({ [NOTICES]: [200, { notices: [buildNotice()] }] });
    render();
    expect(await screen.findByText('Warning')).toBeTruthy();
    expect(screen.getByText('Community rule: Harassment')).toBeTruthy();
    expect(screen.getByText(/Stop sending messages/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Appeal' }).getAttribute('href')).toBe('/appeal/tok1');
  });

  it('shows a restriction until its end, without "Appeal" once the time to appeal is over', async () => {
    stubApi({
      [NOTICES]: [
        200,
        {
          notices: [buildNotice({ action: 'restrict', until: '2027-01-15T10:00:00.000Z', appealPath: null })],
        },
      ],
    });
    render();
    expect(await screen.findByText('Your account is restricted')).toBeTruthy();
    expect(screen.getByText('Until January 15, 2027')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Appeal' })).toBeNull();
  });

  it('hides a dismissed notice, and keeps it hidden on the next visit', async () => {
    const restriction = buildNotice({ _id: 'n2', action: 'restrict', until: '2027-01-15T10:00:00.000Z' });
    stubApi({ [NOTICES]: [200, { notices: [buildNotice(), restriction] }] });
    const view = render();
    expect(await screen.findByText('Warning')).toBeTruthy();
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Hide this notice' })[0]!);
    await waitFor(() => expect(screen.queryByText('Warning')).toBeNull());
    view.unmount();
    render();
    // The list answered again (the restriction shows): the warning stays hidden.
    expect(await screen.findByText('Your account is restricted')).toBeTruthy();
    expect(screen.queryByText('Warning')).toBeNull();
  });

  it('shows only warnings and restrictions: a suspension or a ban signs out, a mute is not the member’s', async () => {
    const actions = ['mute_reporter', 'dismiss', 'suspend', 'ban', 'warn'] as const;
    stubApi({
      [NOTICES]: [
        200,
        { notices: actions.map((action, index) => buildNotice({ _id: `n${index}`, action })) },
      ],
    });
    render();
    expect(await screen.findByText('Warning')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
