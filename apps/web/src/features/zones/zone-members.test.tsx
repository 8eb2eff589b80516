import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ZoneRole } from '@motema/shared/zones';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { ZoneMemberPage, ZoneProfilePage } from './zone-member-pages.tsx';
import { ZoneMembersPage } from './zone-members-page.tsx';
import { buildZone, calls, member, stubApi } from './zones-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const zone = (role: ZoneRole) => buildZone({ access: 'private', questions: ['Why do you run?'], role });
const id = buildZone()._id;
const path = `/api/zones/${id}`;
const ada = 'aaaaaaaa-0000-4000-8000-000000000001';
const bea = 'bbbbbbbb-0000-4000-8000-000000000002';
const everyone = { members: [member(ada, 'ada', 'admin'), member(bea, 'bea', 'member')], count: 2 };
const waitingList = {
  members: [
    member(
      'cccccccc-0000-4000-8000-000000000003',
      'chris',
      'waiting',
      ['For the river'],
      '2026-11-20T10:00:00.000Z',
    ),
  ],
  count: 1,
};

/** One member as GET /api/zones/{id}/members/{user} shows them. */
const seen = (one: ReturnType<typeof member>, change = {}) => ({
  _id: one._id,
  username: one.username,
  role: one.role,
  since: one.since,
  banned: false,
  ...change,
});

function stubMembers(role: ZoneRole, extra = {}) {
  return stubApi({
    [`GET ${path}`]: [200, zone(role)],
    [`GET ${path}/members`]: () => [200, everyone],
    ...Object.fromEntries(
      everyone.members.map((one) => [`GET ${path}/members/${one._id}`, [200, seen(one)]]),
    ),
    ...extra,
  });
}

describe('ZoneMembersPage', () => {
  it('lists members by role, without the waiting list for a member', async () => {
    const fetch = stubMembers('member');
    renderPage('/zone/:id/members', <ZoneMembersPage />, { url: `/zone/${id}/members`, me: buildMe() });
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /@bea/ }).getAttribute('href')).toBe(
      `/zone/${id}/profile/${bea}`,
    );
    expect(screen.queryByRole('heading', { name: 'Waiting requests' })).toBeNull();
    expect(calls(fetch).some((call) => call.includes('role=waiting'))).toBe(false);
    expect(calls(fetch).some((call) => call.includes('/bans'))).toBe(false);
  });

  it('shows a manager the banned members and lifts a ban, the list asked again', async () => {
    const eve = 'eeeeeeee-0000-4000-8000-000000000005';
    let banned = [{ _id: eve, username: 'eve', bannedAt: '2026-11-21T10:00:00.000Z' }];
    const fetch = stubMembers('manager', {
      [`GET ${path}/bans`]: () => [200, { members: banned, count: banned.length }],
      [`DELETE ${path}/bans/${eve}`]: () => {
        banned = [];
        return [204];
      },
    });
    renderPage('/zone/:id/members', <ZoneMembersPage />, { url: `/zone/${id}/members`, me: buildMe() });
    expect(await screen.findByText('Banned on November 21, 2026')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Lift the ban on eve' }));
    await waitFor(() => expect(screen.queryByText('@eve')).toBeNull());
    expect(calls(fetch)).toContain(`DELETE ${path}/bans/${eve}`);
  });

  it('shows a manager the requests with their answers, and approves one', async () => {
    const approved = vi.fn();
    stubApi({
      [`GET ${path}`]: [200, zone('manager')],
      // The waiting list answers from the same address, told apart by its query.
      [`GET ${path}/members`]: (_body, url) => [200, url.includes('role=waiting') ? waitingList : everyone],
      [`POST ${path}/requests/cccccccc-0000-4000-8000-000000000003/approve`]: () => {
        approved();
        return [204];
      },
    });
    renderPage('/zone/:id/members', <ZoneMembersPage />, { url: `/zone/${id}/members`, me: buildMe() });
    expect(await screen.findByText('For the river')).toBeTruthy();
    expect(screen.getByText('Why do you run?')).toBeTruthy();
    expect(screen.getByText('Reminded the admins on November 20, 2026')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Approve the request of chris' }));
    await vi.waitFor(() => expect(approved).toHaveBeenCalled());
  });

  it('declines a request with a reason', async () => {
    const declined = vi.fn();
    stubApi({
      [`GET ${path}`]: [200, zone('admin')],
      [`GET ${path}/members`]: () => [200, waitingList],
      [`POST ${path}/requests/cccccccc-0000-4000-8000-000000000003/decline`]: (body) => {
        declined(body);
        return [204];
      },
    });
    renderPage('/zone/:id/members', <ZoneMembersPage />, { url: `/zone/${id}/members`, me: buildMe() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline the request of chris' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Runners only');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await vi.waitFor(() => expect(declined).toHaveBeenCalledWith({ reason: 'Runners only' }));
  });
});

describe('ZoneMemberPage and ZoneProfilePage', () => {
  it("lets an admin change a member's role and ban them", async () => {
    const fetch = stubMembers('admin', {
      [`PUT ${path}/members/${bea}/role`]: [204],
      [`PUT ${path}/bans/${bea}`]: [204],
    });
    renderPage('/zone/:id/member/:user', <ZoneMemberPage />, {
      url: `/zone/${id}/member/${bea}`,
      me: buildMe(),
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Role in the zone'), 'manager');
    await vi.waitFor(() => expect(calls(fetch)).toContain(`PUT ${path}/members/${bea}/role`));
    await user.click(screen.getByRole('button', { name: 'Ban' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ban' }));
    await vi.waitFor(() => expect(calls(fetch)).toContain(`PUT ${path}/bans/${bea}`));
  });

  it('gives a manager no action on an admin, nor anyone on themselves', async () => {
    stubMembers('manager');
    renderPage('/zone/:id/member/:user', <ZoneMemberPage />, {
      url: `/zone/${id}/member/${ada}`,
      me: buildMe(),
    });
    expect(await screen.findByText('Admin')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('gives an admin nothing to do on their own membership', async () => {
    stubMembers('admin');
    renderPage('/zone/:id/member/:user', <ZoneMemberPage />, {
      url: `/zone/${id}/member/${ada}`,
      me: buildMe({ _id: ada }),
    });
    expect(await screen.findByText('Admin')).toBeTruthy();
    expect(screen.queryByLabelText('Role in the zone')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ban' })).toBeNull();
  });

  it('gives a manager no role choice', async () => {
    stubMembers('manager');
    renderPage('/zone/:id/member/:user', <ZoneMemberPage />, {
      url: `/zone/${id}/member/${bea}`,
      me: buildMe(),
    });
    expect(await screen.findByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(screen.queryByLabelText('Role in the zone')).toBeNull();
  });

  it('offers to lift the ban of a banned member only, and says who is out of the zone', async () => {
    const out = 'dddddddd-0000-4000-8000-000000000004';
    const banned = 'eeeeeeee-0000-4000-8000-000000000005';
    stubMembers('admin', {
      [`GET ${path}/members/${out}`]: [
        200,
        { _id: out, username: 'dan', role: null, since: null, banned: false },
      ],
      [`GET ${path}/members/${banned}`]: [
        200,
        { _id: banned, username: 'eve', role: null, since: null, banned: true },
      ],
    });
    const view = renderPage('/zone/:id/member/:user', <ZoneMemberPage />, {
      url: `/zone/${id}/member/${out}`,
      me: buildMe(),
    });
    expect(await screen.findByText('This person is not in the zone.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lift the ban' })).toBeNull();
    view.unmount();
    renderPage('/zone/:id/member/:user', <ZoneMemberPage />, {
      url: `/zone/${id}/member/${banned}`,
      me: buildMe(),
    });
    expect(await screen.findByRole('button', { name: 'Lift the ban' })).toBeTruthy();
  });

  it('says a member the server does not show is not in the zone', async () => {
    stubMembers('member', {
      [`GET ${path}/members/ffffffff-0000-4000-8000-000000000006`]: [404, { code: 'user_not_found' }],
    });
    renderPage('/zone/:id/profile/:user', <ZoneProfilePage />, {
      url: `/zone/${id}/profile/ffffffff-0000-4000-8000-000000000006`,
      me: buildMe(),
    });
    expect(await screen.findByText('This person is not in the zone.')).toBeTruthy();
  });

  it('shows a member through the zone, with a link to their profile', async () => {
    stubMembers('member');
    renderPage('/zone/:id/profile/:user', <ZoneProfilePage />, {
      url: `/zone/${id}/profile/${ada}`,
      me: buildMe(),
    });
    expect(await screen.findByRole('heading', { name: '@ada' })).toBeTruthy();
    expect(screen.getByText('Admin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See their profile' }).getAttribute('href')).toBe(
      `/profile/${ada}`,
    );
  });
});
