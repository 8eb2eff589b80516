import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { buildImage, installFakeUpload, pickedFile } from '../media/media-fixtures.ts';
import { renderNotices } from '../safety/render-notices.tsx';
import { CreateZonePage, UpdateZonePage } from './zone-edit-pages.tsx';
import { ZonePage } from './zone-page.tsx';
import { ZoneRow } from './zone-row.tsx';
import { buildZone, stubApi } from './zones-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => void renderNotices());

const COVER = '11111111-0000-4000-8000-000000000001';
const NEW_COVER = '22222222-0000-4000-8000-000000000002';
const zone = buildZone({ role: 'admin', cover: COVER, coverImage: buildImage(COVER) });
const path = `/api/zones/${zone._id}`;
const user = userEvent.setup({ applyAccept: false });
const sentBody = (fetch: ReturnType<typeof stubApi>, method: string) =>
  JSON.parse(String(fetch.mock.calls.find(([, init]) => init?.method === method)?.[1]?.body));

describe('a zone’s cover photo', () => {
  it('is chosen when creating a zone: sent through the posts’ upload at once, its id saved with the zone', async () => {
    const sent = installFakeUpload();
    const fetch = stubApi({ 'POST /api/zones': [201, buildZone({ role: 'admin' })] });
    renderPage('/create-zone', <CreateZonePage />, { me: buildMe() });
    await user.upload(screen.getByLabelText('Choose a cover photo'), pickedFile('river.jpg', 'image/jpeg'));
    expect(sent[0]!.url).toBe('/api/media/uploads');
    expect((sent[0]!.body as FormData).get('use')).toBe('post');
    act(() =>
      sent[0]!.respond(201, { _id: NEW_COVER, kind: 'photo', status: 'ready', image: buildImage(NEW_COVER) }),
    );
    expect(await screen.findByRole('img', { name: 'Cover photo' })).toBeTruthy();
    await user.type(screen.getByLabelText(/Title/, { selector: 'input' }), 'Runners');
    await user.type(screen.getByLabelText(/^Name/, { selector: 'input' }), 'runners');
    await user.click(screen.getByRole('button', { name: 'Create the zone' }));
    await waitFor(() => expect(sentBody(fetch, 'POST')).toMatchObject({ cover: NEW_COVER }));
  });

  it('refuses a file that is not a photo before sending anything', async () => {
    const sent = installFakeUpload();
    stubApi({});
    renderPage('/create-zone', <CreateZonePage />, { me: buildMe() });
    await user.upload(
      screen.getByLabelText('Choose a cover photo'),
      pickedFile('notes.pdf', 'application/pdf'),
    );
    expect(await screen.findByText(/This file is not a photo we can use/)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('is kept when other fields change, and removed on request', async () => {
    const fetch = stubApi({ [`GET ${path}`]: [200, zone], [`PATCH ${path}`]: [200, zone] });
    const { router } = renderPage('/update-zone/:id', <UpdateZonePage />, {
      url: `/update-zone/${zone._id}`,
      me: buildMe(),
    });
    expect(await screen.findByRole('img', { name: 'Cover photo' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBody(fetch, 'PATCH')).toMatchObject({ cover: COVER }));
    // Saved, the zone's page takes the form's place: Back does not bring the form again.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/zone/${zone._id}`));
    expect(router.state.historyAction).toBe('REPLACE');
    fetch.mockClear();

    renderPage('/update-zone/:id', <UpdateZonePage />, { url: `/update-zone/${zone._id}`, me: buildMe() });
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('img', { name: 'Cover photo' })).toBeNull();
    expect(screen.getByLabelText('Choose a cover photo')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBody(fetch, 'PATCH')).toMatchObject({ cover: null }));
  });

  it('shows on the zone’s page, and as a lazy thumbnail in its row', async () => {
    stubApi({
      [`GET ${path}`]: [200, zone],
      [`GET ${path}/membership`]: [
        200,
        { role: 'admin', banned: false, declineReason: null, lastReminderAt: null },
      ],
    });
    renderPage('/zone/:id', <ZonePage />, { url: `/zone/${zone._id}`, me: buildMe() });
    const cover = await screen.findByRole('img', { name: 'Cover photo' });
    expect(cover.getAttribute('srcset')).toContain(`/api/media/${COVER}/1080.webp 1080w`);
    expect(cover.getAttribute('loading')).toBe('lazy');

    const { container } = renderPage('/zones', <ZoneRow zone={zone} />, { me: buildMe() });
    const thumbnail = container.querySelector('img')!;
    expect([thumbnail.getAttribute('src'), thumbnail.getAttribute('loading')]).toEqual([
      `/api/media/${COVER}/160.webp`,
      'lazy',
    ]);
    const bare = renderPage('/zones', <ZoneRow zone={buildZone()} />, { me: buildMe() });
    expect(bare.container.querySelector('img')).toBeNull();
  });
});
