import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@motema/shared/users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import { mediaKeys } from './media.api.ts';
import { buildImage, callsOf, photoList, stubMediaApi, useCachedMember } from './media-fixtures.ts';
import { GALLERY_SIZES, PhotoGallery } from './photo-gallery.tsx';
import { expectOneRow } from '../../test/dialog-row.ts';

afterEach(() => vi.unstubAllGlobals());

const first = buildImage('0b6f1d1e-0000-4000-8000-00000000000a');
const second = buildImage('0b6f1d1e-0000-4000-8000-00000000000b');

/** As the account page shows it: with the member of the cached profile, following its changes. */
function Gallery() {
  const member = useCachedMember();
  return member ? <PhotoGallery member={member} /> : null;
}

describe('PhotoGallery', () => {
  it('shows the member’s photos as responsive images, marking the avatar', async () => {
    stubMediaApi(() => photoList(first, second));
    renderPage('/account', <Gallery />, { me: buildMe({ avatar: second }) });

    const image = await screen.findByRole<HTMLImageElement>('img', { name: 'Your photo 1' });
    expect(image.getAttribute('sizes')).toBe(GALLERY_SIZES);
    expect(image.getAttribute('srcset')).toBe(
      [160, 480, 720, 1080].map((width) => `/api/media/${first._id}/${width}.webp ${width}w`).join(', '),
    );
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.closest('picture')?.querySelector('source')?.getAttribute('type')).toBe('image/avif');
    expect(screen.getByText('2 / 12 photos')).toBeTruthy();
    expect(screen.getAllByText('Profile')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add a photo' })).toBeTruthy();
  });

  it('says what to do when there is no photo yet', async () => {
    stubMediaApi(() => photoList());
    renderPage('/account', <Gallery />, { me: buildMe() });
    expect(await screen.findByText('No pictures yet')).toBeTruthy();
    expect(screen.getByText('Add photos so people can get to know you.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a photo' })).toBeTruthy();
  });

  it('stops offering to add a photo at 12', async () => {
    const twelve = Array.from({ length: 12 }, (_, index) => buildImage(`photo-${index}`));
    stubMediaApi(() => photoList(...twelve));
    renderPage('/account', <Gallery />, { me: buildMe() });
    expect(await screen.findByText('12 / 12 photos')).toBeTruthy();
    expect(
      screen.getByText('You have 12 photos, the most you can keep. Delete one to add another.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a photo' })).toBeNull();
  });

  it('deletes a photo only after the member confirms, and drops the avatar that was that photo', async () => {
    let stored = [first, second];
    const fetch = stubMediaApi(() => photoList(...stored), {
      [`DELETE /api/photos/${second._id}`]: () => {
        stored = [first];
        return jsonResponse(204);
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderPage('/account', <Gallery />, { me: buildMe({ avatar: second }) });

    await user.click(await screen.findByRole('button', { name: 'Options for photo 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    expect(within(dialog).getByText(/It is your profile photo/)).toBeTruthy();
    expectOneRow(dialog, 'Cancel', 'Delete');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(fetch).map((call) => call.request)).toEqual(['GET /api/photos']);
    expect(screen.getByRole('img', { name: 'Your photo 2' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Options for photo 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('img', { name: 'Your photo 2' })).toBeNull());
    expect(callsOf(fetch).map((call) => call.request)).toContain(`DELETE /api/photos/${second._id}`);
    expect(queryClient.getQueryData<Me>(ME_QUERY_KEY)?.avatar).toBeNull();
    expect(queryClient.getQueryData(mediaKeys.photos())).toEqual(photoList(first));
    expect(screen.getByText('1 / 12 photos')).toBeTruthy();
  });

  it('opens the avatar flow with the photo chosen from its menu', async () => {
    const me = buildMe({ avatar: first });
    const fetch = stubMediaApi(() => photoList(first, second), {
      'PUT /api/users/avatar': () => jsonResponse(200, { ...me, avatar: second }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderPage('/account', <Gallery />, { me });

    await user.click(await screen.findByRole('button', { name: 'Options for photo 1' }));
    expect(
      (await screen.findByRole('menuitem', { name: 'Use as profile photo' })).hasAttribute('disabled'),
    ).toBe(true);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Options for photo 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Use as profile photo' }));
    const sheet = await screen.findByRole('dialog', { name: 'Your profile photo' });
    expect(within(sheet).getByRole('button', { name: 'Photo 2' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(sheet).getByRole('button', { name: 'Use this photo' }));

    await waitFor(() => expect(queryClient.getQueryData<Me>(ME_QUERY_KEY)?.avatar?._id).toBe(second._id));
    expect(callsOf(fetch).at(-1)).toEqual({ request: 'PUT /api/users/avatar', body: { photo: second._id } });
    await waitFor(() =>
      expect(
        screen.getByRole('img', { name: 'Your photo 2' }).parentElement?.parentElement?.textContent,
      ).toContain('Profile'),
    );
  });
});
