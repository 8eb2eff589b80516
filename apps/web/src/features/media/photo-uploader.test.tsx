import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PHOTO_MAX_BYTES } from '@motema/shared/media';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { mediaKeys } from './media.api.ts';
import {
  buildImage,
  callsOf,
  installFakeUpload,
  photoList,
  pickedFile,
  stubMediaApi,
} from './media-fixtures.ts';
import { PhotoUploader } from './photo-uploader.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderUploader(onUploaded = vi.fn()) {
  const view = renderPage('/account', <PhotoUploader onUploaded={onUploaded} />, { me: buildMe() });
  return { ...view, onUploaded, input: screen.getByLabelText<HTMLInputElement>('Upload a new photo') };
}

describe('PhotoUploader', () => {
  it('sends the photo as multipart with credentials, shows its progress, then adds it to the photos', async () => {
    const uploads = installFakeUpload();
    const stored = buildImage('p-new');
    const fetch = stubMediaApi(() => photoList(stored));
    const user = userEvent.setup();
    const { input, onUploaded, queryClient } = renderUploader();
    queryClient.setQueryData(mediaKeys.photos(), photoList());
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/avif');

    const file = pickedFile('me.jpg', 'image/jpeg');
    await user.upload(input, file);

    const upload = uploads[0]!;
    expect(uploads).toHaveLength(1);
    expect([upload.method, upload.url, upload.withCredentials]).toEqual(['POST', '/api/photos', true]);
    const sent = (upload.body as FormData).get('file') as File;
    expect([sent.name, sent.type]).toEqual([file.name, 'image/jpeg']);
    expect(screen.getByRole('button', { name: 'Upload a new photo' }).hasAttribute('disabled')).toBe(true);

    act(() => upload.progress(250, 1000));
    const bar = screen.getByRole('progressbar', { name: 'Photo upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('Sending your photo… 25%')).toBeTruthy();

    act(() => upload.progress(1000, 1000));
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Preparing your photo…')).toBeTruthy();

    act(() => upload.respond(201, stored));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(stored));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload a new photo' }).hasAttribute('disabled')).toBe(false);
    expect(queryClient.getQueryData(mediaKeys.photos())).toEqual(photoList(stored));
    // Marked stale so the list is read again from the server when next shown; nothing else was called.
    expect(queryClient.getQueryState(mediaKeys.photos())?.isInvalidated).toBe(true);
    expect(callsOf(fetch)).toEqual([]);
  });

  it.each([
    ['an SVG', pickedFile('logo.svg', 'image/svg+xml'), 'This file is not a photo we can use.'],
    ['an HTML page', pickedFile('me.jpg.html', 'text/html'), 'This file is not a photo we can use.'],
    ['a GIF', pickedFile('fun.gif', 'image/gif'), 'This file is not a photo we can use.'],
    [
      'a photo over 15 MB',
      pickedFile('big.jpg', 'image/jpeg', PHOTO_MAX_BYTES + 1),
      'This photo is too large. Send one under 15 MB.',
    ],
    ['an empty file', pickedFile('empty.png', 'image/png', 0), 'This photo could not be read.'],
  ])('refuses %s in the browser, sending nothing', async (_what, file, message) => {
    const uploads = installFakeUpload();
    const onUploaded = vi.fn();
    // The picker filters by type; a member can still pick "All files", so the check must hold without it.
    const user = userEvent.setup({ applyAccept: false });
    const { input } = renderUploader(onUploaded);

    await user.upload(input, file);

    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(uploads).toHaveLength(0);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('leaves a file with no declared type (some phones give none for HEIC) to the server', async () => {
    const uploads = installFakeUpload();
    const user = userEvent.setup({ applyAccept: false });
    const { input } = renderUploader();
    await user.upload(input, pickedFile('IMG_0001.HEIC', ''));
    expect(uploads).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [
      415,
      'photo_type_unsupported',
      'This file is not a photo we can use. Send a JPEG, PNG, WebP or AVIF image.',
    ],
    [413, 'photo_too_large', 'This photo is too large. Send one under 15 MB.'],
    [400, 'photo_too_many_pixels', 'This photo has too many pixels. Send one of at most 50 megapixels.'],
    [400, 'photo_unreadable', 'This photo could not be read. It may be damaged; try another one.'],
    [
      409,
      'photos_limit_reached',
      'You have reached the maximum number of photos. Delete one to add another.',
    ],
  ])('translates the server’s %s %s', async (status, code, message) => {
    const uploads = installFakeUpload();
    const user = userEvent.setup();
    const { input, onUploaded, queryClient } = renderUploader();
    queryClient.setQueryData(mediaKeys.photos(), photoList());

    await user.upload(input, pickedFile('me.png', 'image/png'));
    act(() => uploads[0]!.respond(status, { statusCode: status, code, message: 'English from the server' }));

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText('English from the server')).toBeNull();
    expect(onUploaded).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(mediaKeys.photos())).toEqual(photoList());
  });

  it('says when the connection drops, and lets the member try again', async () => {
    const uploads = installFakeUpload();
    const user = userEvent.setup();
    const { input, onUploaded } = renderUploader();

    await user.upload(input, pickedFile('me.webp', 'image/webp'));
    act(() => uploads[0]!.fail());
    expect((await screen.findByRole('alert')).textContent).toBe('Not connected to the internet');

    await user.upload(input, pickedFile('me.webp', 'image/webp'));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => uploads[1]!.respond(201, buildImage('p2')));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
  });

  it('cancels a running upload without an error', async () => {
    const uploads = installFakeUpload();
    const user = userEvent.setup();
    const { input, onUploaded } = renderUploader();

    await user.upload(input, pickedFile('me.jpg', 'image/jpeg'));
    act(() => uploads[0]!.progress(10, 100));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(uploads[0]!.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
