import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ZoneInvitePreview } from '@motema/shared/zones';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardRedirect } from '../../layouts/guard.ts';
import { safeFrom } from '../../lib/safe-from.ts';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { buildZone, calls, stubApi } from './zones-fixtures.ts';
import { ZonesPage } from './zones-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'abcdefghijklmnop';
const URL = `/zones?invite=${TOKEN}`;
const PREVIEW = `GET /api/zones/by-invite/${TOKEN}`;
const zone = buildZone({ access: 'private', role: 'member' });
const preview = (change: Partial<ZoneInvitePreview> = {}): ZoneInvitePreview => ({
  zone: {
    _id: zone._id,
    title: 'Kinshasa runners',
    name: 'kinrunners',
    coverImage: null,
    access: 'private',
    members: 12,
    description: null,
    ...change.zone,
  },
  needsApproval: false,
  expiresAt: '2026-12-12T10:00:00.000Z',
  role: null,
  banned: false,
  ...change,
});
const open = () => renderPage('/zones', <ZonesPage />, { url: URL, me: buildMe() });

describe('an invite link (/zones?invite=)', () => {
  it('shows what it invites to, and joins only when Join is pressed', async () => {
    const fetch = stubApi({ [PREVIEW]: [200, preview()], 'POST /api/zones/by-invite': [201, zone] });
    const { router } = open();
    expect(await screen.findByRole('heading', { name: 'Kinshasa runners' })).toBeTruthy();
    expect(screen.getByText('@kinrunners')).toBeTruthy();
    expect(screen.getByText('Private')).toBeTruthy();
    expect(screen.getByText('12 members')).toBeTruthy();
    expect(calls(fetch)).toEqual([`GET /api/zones/by-invite/${TOKEN}`]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Join' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/zone/${zone._id}`));
    const join = fetch.mock.calls.find(([url]) => url === '/api/zones/by-invite');
    expect(JSON.parse(String(join?.[1]?.body))).toEqual({ token: TOKEN });
  });

  it("shows a public zone's first words; Not now leaves without joining", async () => {
    const fetch = stubApi({
      [PREVIEW]: [
        200,
        preview({ zone: { ...preview().zone, access: 'public', description: 'We run along the river…' } }),
      ],
    });
    const { router } = open();
    expect(await screen.findByText('We run along the river…')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Not now' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls(fetch).some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('asks to join a link that needs approval, and keeps a refusal on the screen', async () => {
    stubApi({
      [PREVIEW]: [200, preview({ needsApproval: true })],
      'POST /api/zones/by-invite': [409, { code: 'zones_limit_reached', message: 'x' }],
    });
    open();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Ask to join' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You are in as many zones as a member can be',
    );
  });

  it.each([
    ['zone_invite_expired', 'This invite link has expired'],
    ['zone_invite_revoked', 'This invite link was withdrawn'],
    ['zone_invite_used_up', 'This invite link has been used as many times as it allows'],
    ['zone_invite_invalid', 'This invite link is no longer valid'],
  ])('says %s before any button', async (code, text) => {
    stubApi({ [PREVIEW]: [410, { code, message: 'x' }] });
    open();
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See the zones' }).getAttribute('href')).toBe('/zones');
  });

  it('tells a member already in the zone, and leads them to it', async () => {
    stubApi({ [PREVIEW]: [200, preview({ role: 'member' })] });
    open();
    expect(await screen.findByText('You are already in this zone.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the zone' }).getAttribute('href')).toBe(
      `/zone/${zone._id}`,
    );
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('sends a visitor to log in and back to the same invite', () => {
    const start = guardRedirect('/zones', `?invite=${TOKEN}`, null);
    expect(start).toBe(`/?from=${encodeURIComponent(URL)}`);
    expect(safeFrom(new URLSearchParams(start!.split('?')[1]).get('from'))).toBe(URL);
  });
});
