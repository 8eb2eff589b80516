import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Zone } from '@motema/shared/zones';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import type { ZoneFeedProps } from '../../ui/zone-feed-slot.ts';
import { ZonePage } from './zone-page.tsx';
import { buildZone, calls, stubApi } from './zones-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const id = buildZone()._id;
const path = `/api/zones/${id}`;
const outside = { role: null, banned: false, declineReason: null, lastReminderAt: null, lastAdmin: false };

/** The zone the server answers; a join or request changes it. */
let current: Zone;
const becomes = (zone: Zone) => (): [number, Zone] => {
  current = zone;
  return [201, zone];
};

let router: ReturnType<typeof renderPage>['router'];
function open(zone: Zone, membership: object = outside, extra = {}, me = buildMe()) {
  current = zone;
  const fetch = stubApi({
    [`GET ${path}`]: () => [200, current],
    [`GET ${path}/membership`]: [200, membership],
    ...extra,
  });
  ({ router } = renderPage('/zone/:id', <ZonePage />, { url: `/zone/${id}`, me }));
  return fetch;
}

describe('ZonePage', () => {
  it('starts its heading at the 16 px margin of the other pages on a phone, not 12 px', async () => {
    open(buildZone());
    const frame = (
      await screen.findByRole('heading', { level: 1, name: 'Kinshasa runners' })
    ).closest<HTMLElement>('.mantine-Container-root');
    expect(frame?.style.paddingInline).toBe('var(--mantine-spacing-md)');
  });

  it('shows the title, @name, access, members and description; a public zone is joined at once', async () => {
    const fetch = open(buildZone(), outside, {
      [`POST ${path}/join`]: becomes(buildZone({ role: 'member', members: 13 })),
    });
    expect(await screen.findByRole('heading', { name: 'Kinshasa runners' })).toBeTruthy();
    expect(screen.getByText('@kinrunners')).toBeTruthy();
    expect(screen.getByText('Public')).toBeTruthy();
    expect(screen.getByText('12 members')).toBeTruthy();
    expect(screen.getByText('We run along the river on Saturdays.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Join the zone' }));
    expect(await screen.findByRole('button', { name: 'Leave the zone' })).toBeTruthy();
    expect(calls(fetch)).toContain(`POST ${path}/join`);
    expect(screen.getByRole('link', { name: 'Members' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it('asks a private zone with an answer to each question', async () => {
    const zone = buildZone({ access: 'private', questions: ['Why do you run?'] });
    const fetch = open(zone, outside, { [`POST ${path}/requests`]: becomes({ ...zone, role: 'waiting' }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ask to join' }));
    const dialog = await screen.findByRole('dialog');
    const send = within(dialog).getByRole('button', { name: 'Send the request' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText(/Why do you run/), 'For the river');
    await user.click(send);
    expect(await screen.findByRole('button', { name: 'Cancel the request' })).toBeTruthy();
    const request = fetch.mock.calls.find(
      ([url, init]) => url === `${path}/requests` && init?.method === 'POST',
    );
    expect(JSON.parse(String(request?.[1]?.body))).toEqual({ answers: ['For the river'] });
  });

  it("shows a declined request's reason to the applicant", async () => {
    open(buildZone({ access: 'private' }), { ...outside, declineReason: 'Runners only, please' });
    expect(await screen.findByText('Your request was declined')).toBeTruthy();
    expect(screen.getByText('Runners only, please')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ask to join' })).toBeTruthy();
  });

  it('lets a waiting member remind the admins once a day, and says when again', async () => {
    const fetch = open(
      buildZone({ access: 'private', role: 'waiting' }),
      { ...outside, role: 'waiting' },
      {
        [`POST ${path}/requests/mine/reminder`]: [204],
      },
    );
    const remind = await screen.findByRole('button', { name: 'Remind the admins' });
    await vi.waitFor(() => expect(calls(fetch)).toContain(`GET ${path}/membership`));
    await userEvent.setup().click(remind);
    await vi.waitFor(() => expect(calls(fetch)).toContain(`POST ${path}/requests/mine/reminder`));
  });

  it('keeps Remind disabled within a day of the last reminder', async () => {
    const lastReminderAt = new Date(Date.now() - 60_000).toISOString();
    open(buildZone({ access: 'private', role: 'waiting' }), { ...outside, role: 'waiting', lastReminderAt });
    expect(await screen.findByText(/You can remind them again/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remind the admins' }).hasAttribute('disabled')).toBe(true);
  });

  it('gives an admin the members, the settings and Leave', async () => {
    open(buildZone({ role: 'admin' }));
    expect(await screen.findByText('You are an admin of this zone.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(`/zone/${id}/settings`);
    expect(screen.getByRole('link', { name: 'Members' }).getAttribute('href')).toBe(`/zone/${id}/members`);
    expect(screen.getByRole('button', { name: 'Leave the zone' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Report the zone' })).toBeNull();
  });

  it('tells the only admin to name another admin before leaving, instead of a confirmation that fails', async () => {
    const fetch = open(buildZone({ role: 'admin' }), { ...outside, role: 'admin', lastAdmin: true });
    await vi.waitFor(() => expect(calls(fetch)).toContain(`GET ${path}/membership`));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Leave the zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Name another admin first' });
    expect(dialog.textContent).toContain('You are the only admin of this zone.');
    expect(within(dialog).getByRole('link', { name: 'Open the members' }).getAttribute('href')).toBe(
      `/zone/${id}/members`,
    );
    expect(within(dialog).queryByRole('button', { name: 'Leave the zone' })).toBeNull();
    expect(calls(fetch)).not.toContain(`DELETE ${path}/membership`);
  });

  it('asks an admin with another admin to confirm leaving', async () => {
    const fetch = open(
      buildZone({ role: 'admin' }),
      { ...outside, role: 'admin', lastAdmin: false },
      { [`DELETE ${path}/membership`]: [204] },
    );
    await vi.waitFor(() => expect(calls(fetch)).toContain(`GET ${path}/membership`));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Leave the zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this zone?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave the zone' }));
    await vi.waitFor(() => expect(calls(fetch)).toContain(`DELETE ${path}/membership`));
    // The zones take the left zone's place: Back does not reopen it.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/zones'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('gives a manager the settings, where they make and revoke invite links (decision 0041)', async () => {
    open(buildZone({ role: 'manager' }));
    expect((await screen.findByRole('link', { name: 'Settings' })).getAttribute('href')).toBe(
      `/zone/${id}/settings`,
    );
  });

  it('offers members and others but its admins to report the zone, and visitors not', async () => {
    open(buildZone({ role: 'manager' }));
    const report = await screen.findByRole('link', { name: 'Report the zone' });
    expect(report.getAttribute('href')).toBe(`/settings/report/zone/${id}`);
  });

  it('offers a visitor to log in, without asking their membership', async () => {
    const fetch = stubApi({ [`GET ${path}`]: [200, buildZone()] });
    renderPage('/zone/:id', <ZonePage />, { url: `/zone/${id}`, me: null });
    expect(await screen.findByRole('link', { name: 'Log in to join' })).toBeTruthy();
    expect(calls(fetch)).toEqual([`GET ${path}`]);
    expect(screen.queryByRole('link', { name: 'Report the zone' })).toBeNull();
  });

  it('says a deleted zone is not available, once, with the way back to the zones and no retry', async () => {
    stubApi({ [`GET ${path}`]: [404, { code: 'zone_not_found', message: 'x' }] });
    const { queryClient } = renderPage('/zone/:id', <ZonePage />, { url: `/zone/${id}`, me: buildMe() });
    expect(await screen.findByRole('heading', { name: 'This zone is not available' })).toBeTruthy();
    expect(screen.getAllByText('This zone is not available')).toHaveLength(1);
    expect(screen.queryByText('The zone could not be loaded.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See the zones' }).getAttribute('href')).toBe('/zones');
    // The page says it: the query client's notice stays quiet (lib/query-client.ts, `meta.silent`).
    expect(queryClient.getQueryCache().find({ queryKey: ['zones', 'zone', id] })?.meta?.silent).toBe(true);
  });

  it('offers a visitor on a zone not available to them to log in', async () => {
    stubApi({ [`GET ${path}`]: [404, { code: 'zone_not_found', message: 'x' }] });
    renderPage('/zone/:id', <ZonePage />, { url: `/zone/${id}`, me: null });
    expect(await screen.findByRole('heading', { name: 'This zone is not available' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/login?from=${encodeURIComponent(`/zone/${id}`)}`,
    );
  });

  it('keeps the retry when the zone could not load', async () => {
    const fetch = stubApi({ [`GET ${path}`]: [500, { code: 'internal', message: 'x' }] });
    renderPage('/zone/:id', <ZonePage />, { url: `/zone/${id}`, me: buildMe() });
    expect((await screen.findByRole('alert')).textContent).toContain('The zone could not be loaded.');
    fetch.mockClear();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(calls(fetch)).toContain(`GET ${path}`));
  });

  describe('its feed (the posts feature’s, lent through a slot)', () => {
    /** The slot's stand-in: says what the page gave it. */
    const Feed = ({ zoneId, canPost }: ZoneFeedProps) => (
      <p>
        feed of {zoneId}, {canPost ? 'with' : 'without'} the composer
      </p>
    );
    const show = (zone: Zone, me: ReturnType<typeof buildMe> | null = buildMe()) => {
      current = zone;
      stubApi({
        [`GET ${path}`]: () => [200, current],
        [`GET ${path}/membership`]: [200, { ...outside, role: zone.role }],
      });
      renderPage('/zone/:id', <ZonePage feed={Feed} />, { url: `/zone/${id}`, me });
    };

    it.each([
      ['a member of a private zone', buildZone({ access: 'private', role: 'member' }), 'with'],
      ['a manager', buildZone({ access: 'private', role: 'manager' }), 'with'],
      ['a member not in a public zone', buildZone(), 'without'],
    ])('shows it to %s', async (_who, zone, composer) => {
      show(zone);
      expect(await screen.findByText(`feed of ${id}, ${composer} the composer`)).toBeTruthy();
    });

    it.each([
      ['a member not in a private zone', buildZone({ access: 'private' }), buildMe()],
      ['one waiting to join it', buildZone({ access: 'private', role: 'waiting' }), buildMe()],
      ['a visitor', buildZone(), null],
    ])('hides it from %s', async (_who, zone, me) => {
      show(zone, me);
      expect(await screen.findByRole('heading', { name: 'Kinshasa runners' })).toBeTruthy();
      expect(screen.queryByText(/^feed of/)).toBeNull();
    });
  });
});
