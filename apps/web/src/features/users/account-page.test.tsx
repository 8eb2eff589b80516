import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@motema/shared/users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import {
  buildImage,
  callsOf,
  installFakeUpload,
  photoList,
  pickedFile,
  stubMediaApi,
} from '../media/media-fixtures.ts';
import { AccountPage } from './account-page.tsx';
import { usersKeys } from './users.api.ts';

afterEach(() => vi.unstubAllGlobals());

const beach = buildImage('0b6f1d1e-0000-4000-8000-000000000001');
const market = buildImage('0b6f1d1e-0000-4000-8000-000000000002');

/** PUT /api/users/avatar answers the member with the chosen photo (or none) as avatar. */
const avatarApi = (me: Me, photos: () => ReturnType<typeof photoList>) => ({
  'PUT /api/users/avatar': (body: unknown) => {
    const id = (body as { photo: string | null }).photo;
    return jsonResponse(200, { ...me, avatar: photos().photos.find((photo) => photo._id === id) ?? null });
  },
});

const currentMe = (queryClient: ReturnType<typeof renderPage>['queryClient']) =>
  queryClient.getQueryData<Me>(usersKeys.me);

describe('AccountPage avatar flow', () => {
  it('chooses one of the member’s photos, previews it round, confirms, and updates the member', async () => {
    const me = buildMe();
    const photos = () => photoList(beach, market);
    const fetch = stubMediaApi(photos, avatarApi(me, photos));
    const user = userEvent.setup();
    const { queryClient } = renderPage('/account', <AccountPage />, { me });

    const prompt = screen.getByRole('region', { name: 'Add a photo to be seen 10 times more' });
    await user.click(within(prompt).getByRole('button', { name: 'Add a photo' }));
    const sheet = await screen.findByRole('dialog', { name: 'Your profile photo' });
    expect(within(sheet).getByText('Choose one of your photos, or upload a new one.')).toBeTruthy();
    const confirm = within(sheet).getByRole('button', { name: 'Use this photo' });
    expect(confirm.hasAttribute('disabled')).toBe(true);

    const second = await within(sheet).findByRole('button', { name: 'Photo 2' });
    await user.click(second);
    expect(second.getAttribute('aria-pressed')).toBe('true');
    const preview = within(sheet).getByRole<HTMLImageElement>('img', {
      name: 'Preview of your profile photo',
    });
    expect(preview.getAttribute('srcset')).toContain(`/api/media/${market._id}/160.webp 160w`);
    expect(preview.getAttribute('sizes')).toBe('144px');
    expect(within(sheet).getByText('This is how other members will see you.')).toBeTruthy();
    // Nothing is saved before the member confirms.
    expect(callsOf(fetch).some((call) => call.request === 'PUT /api/users/avatar')).toBe(false);

    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(fetch).filter((call) => call.request === 'PUT /api/users/avatar')).toEqual([
      { request: 'PUT /api/users/avatar', body: { photo: market._id } },
    ]);
    expect(currentMe(queryClient)?.avatar?._id).toBe(market._id);
    expect(screen.queryByRole('region', { name: 'Add a photo to be seen 10 times more' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change profile photo' })).toBeTruthy();
  });

  it('selects a photo uploaded from the sheet, and confirms it as the new avatar', async () => {
    const uploads = installFakeUpload();
    const me = buildMe({ avatar: beach });
    let stored = [beach];
    const photos = () => photoList(...stored);
    const fetch = stubMediaApi(photos, avatarApi(me, photos));
    const user = userEvent.setup();
    const { queryClient } = renderPage('/account', <AccountPage />, { me });

    await user.click(screen.getByRole('button', { name: 'Change profile photo' }));
    const sheet = await screen.findByRole('dialog', { name: 'Your profile photo' });
    expect((await within(sheet).findByRole('button', { name: 'Photo 1' })).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(sheet).getByText('This is your current profile photo.')).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: 'Use this photo' }).hasAttribute('disabled')).toBe(true);

    await user.upload(within(sheet).getByLabelText('Upload a new photo'), pickedFile('me.jpg', 'image/jpeg'));
    act(() => uploads[0]!.progress(512, 1024));
    expect(within(sheet).getByRole('progressbar', { name: 'Photo upload progress' })).toBeTruthy();
    stored = [market, beach];
    act(() => uploads[0]!.respond(201, market));

    await waitFor(() =>
      expect(within(sheet).getByRole('button', { name: 'Photo 1' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(within(sheet).getByRole('button', { name: 'Photo 2' }).getAttribute('aria-pressed')).toBe('false');
    expect(
      within(sheet).getByRole('img', { name: 'Preview of your profile photo' }).getAttribute('srcset'),
    ).toContain(market._id);

    await user.click(within(sheet).getByRole('button', { name: 'Use this photo' }));
    await waitFor(() => expect(currentMe(queryClient)?.avatar?._id).toBe(market._id));
    expect(callsOf(fetch).at(-1)).toEqual({ request: 'PUT /api/users/avatar', body: { photo: market._id } });
  });

  it('removes the avatar, and the prompt to choose one of the photos comes back', async () => {
    const me = buildMe({ avatar: beach });
    const photos = () => photoList(beach);
    const fetch = stubMediaApi(photos, avatarApi(me, photos));
    const user = userEvent.setup();
    const { queryClient } = renderPage('/account', <AccountPage />, { me });
    expect(screen.queryByRole('region', { name: 'Add a photo to be seen 10 times more' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Choose your profile photo' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Change profile photo' }));
    const sheet = await screen.findByRole('dialog', { name: 'Your profile photo' });
    await user.click(within(sheet).getByRole('button', { name: 'Remove profile photo' }));

    await waitFor(() => expect(currentMe(queryClient)?.avatar).toBeNull());
    expect(callsOf(fetch).at(-1)).toEqual({ request: 'PUT /api/users/avatar', body: { photo: null } });
    // The beach photo is still in the gallery: the prompt asks to choose, not to add.
    expect(await screen.findByRole('region', { name: 'Choose your profile photo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change profile photo' })).toBeNull();
  });

  it('keeps the member’s avatar when the server refuses the change', async () => {
    const me = buildMe({ avatar: beach });
    stubMediaApi(() => photoList(beach, market), {
      'PUT /api/users/avatar': () =>
        jsonResponse(400, { statusCode: 400, code: 'validation_failed', message: 'x', issues: [] }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderPage('/account', <AccountPage />, { me });

    await user.click(screen.getByRole('button', { name: 'Change profile photo' }));
    const sheet = await screen.findByRole('dialog', { name: 'Your profile photo' });
    await user.click(await within(sheet).findByRole('button', { name: 'Photo 2' }));
    await user.click(within(sheet).getByRole('button', { name: 'Use this photo' }));

    await waitFor(() =>
      expect(within(sheet).getByRole('button', { name: 'Use this photo' }).hasAttribute('data-loading')).toBe(
        false,
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Your profile photo' })).toBeTruthy();
    expect(currentMe(queryClient)?.avatar?._id).toBe(beach._id);
  });
});

describe('AccountPage photo uploads', () => {
  it('brings an upload refusal into view next to the button, where the member is looking', async () => {
    const uploads = installFakeUpload();
    // jsdom lays nothing out: what the page asks to bring into view is what is checked.
    const scrolled: { target: Element; options: unknown }[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, options?: ScrollIntoViewOptions | boolean) {
      scrolled.push({ target: this, options });
    };
    try {
      stubMediaApi(() => photoList(beach, market));
      const user = userEvent.setup();
      renderPage('/account', <AccountPage />, { me: buildMe({ avatar: beach }) });
      const input = await screen.findByLabelText('Add a photo');
      await user.upload(input, pickedFile('big.png', 'image/png'));
      act(() => uploads[0]!.respond(413, { statusCode: 413, code: 'photo_too_large', message: 'too large' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('This photo is too large. Send one under 15 MB.');
      await waitFor(() => expect(scrolled.some(({ target }) => target.contains(alert))).toBe(true));
      expect(scrolled.find(({ target }) => target.contains(alert))?.options).toMatchObject({
        block: 'nearest',
      });
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
