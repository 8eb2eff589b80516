import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { ZoneSettingsPage } from './zone-settings-page.tsx';
import { buildZone, calls, stubApi } from './zones-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const id = buildZone()._id;
const path = `/api/zones/${id}`;
const invite = {
  _id: 'dddddddd-0000-4000-8000-000000000004',
  expiresAt: '2026-12-09T10:00:00.000Z',
  maxUses: 10,
  uses: 2,
  needsApproval: true,
  revoked: false,
};

describe('ZoneSettingsPage', () => {
  it('makes an invite link with days, uses and approval, and shows it to copy', async () => {
    const made = vi.fn();
    stubApi({
      [`GET ${path}`]: [200, buildZone({ role: 'admin' })],
      [`GET ${path}/invites`]: [200, { invites: [invite], count: 1 }],
      [`POST ${path}/invites`]: (body) => {
        made(body);
        return [201, { ...invite, token: 'tokentokentokentoken' }];
      },
    });
    renderPage('/zone/:id/settings', <ZoneSettingsPage />, { url: `/zone/${id}/settings`, me: buildMe() });
    const user = userEvent.setup();
    expect(await screen.findByText('Used 2 of 10 times · needs approval')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit the zone' }).getAttribute('href')).toBe(
      `/update-zone/${id}`,
    );
    const days = screen.getByLabelText('Valid for (days)');
    await user.clear(days);
    await user.type(days, '3');
    await user.type(screen.getByLabelText('Uses at most'), '5');
    await user.click(screen.getByLabelText('Those who join still need an approval'));
    await user.click(screen.getByRole('button', { name: 'Make a link' }));
    expect(made).toHaveBeenCalledWith({ days: 3, maxUses: 5, needsApproval: true });
    const link = (await screen.findByLabelText('The invite link')) as HTMLInputElement;
    expect(link.value).toMatch(/\/zones\?invite=tokentokentokentoken$/);
  });

  it('revokes a link and deletes the zone after a confirmation', async () => {
    const fetch = stubApi({
      [`GET ${path}`]: [200, buildZone({ role: 'admin' })],
      [`GET ${path}/invites`]: [200, { invites: [invite], count: 1 }],
      [`DELETE ${path}/invites/${invite._id}`]: [204],
      [`DELETE ${path}`]: [204],
    });
    const { router } = renderPage('/zone/:id/settings', <ZoneSettingsPage />, {
      url: `/zone/${id}/settings`,
      me: buildMe(),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() => expect(calls(fetch)).toContain(`DELETE ${path}/invites/${invite._id}`));
    await user.click(screen.getByRole('button', { name: 'Delete the zone' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('“Kinshasa runners” and its memberships will be deleted for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete the zone' }));
    await vi.waitFor(() => expect(calls(fetch)).toContain(`DELETE ${path}`));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/zones'));
  });

  it('gives a manager the invite links (make, copy, revoke), without editing or deleting the zone', async () => {
    const fetch = stubApi({
      [`GET ${path}`]: [200, buildZone({ role: 'manager' })],
      [`GET ${path}/invites`]: [200, { invites: [invite], count: 1 }],
      [`POST ${path}/invites`]: [201, { ...invite, token: 'tokentokentokentoken' }],
      [`DELETE ${path}/invites/${invite._id}`]: [204],
    });
    renderPage('/zone/:id/settings', <ZoneSettingsPage />, { url: `/zone/${id}/settings`, me: buildMe() });
    const user = userEvent.setup();
    expect(await screen.findByText('Used 2 of 10 times · needs approval')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Make a link' }));
    const link = (await screen.findByLabelText('The invite link')) as HTMLInputElement;
    expect(link.value).toMatch(/\/zones\?invite=tokentokentokentoken$/);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() => expect(calls(fetch)).toContain(`DELETE ${path}/invites/${invite._id}`));
    expect(screen.queryByRole('link', { name: 'Edit the zone' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete the zone' })).toBeNull();
  });

  it("tells members it is for the zone's admins and managers, without asking its links", async () => {
    const fetch = stubApi({ [`GET ${path}`]: [200, buildZone({ role: 'member' })] });
    renderPage('/zone/:id/settings', <ZoneSettingsPage />, { url: `/zone/${id}/settings`, me: buildMe() });
    expect(await screen.findByText("Only the zone's admins and managers can open this page.")).toBeTruthy();
    expect(calls(fetch)).toEqual([`GET ${path}`]);
  });
});
