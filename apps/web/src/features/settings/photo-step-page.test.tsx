import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardRedirect } from '../../layouts/guard.ts';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import { isPhotoStepDue, setPhotoStepDue } from '../../lib/photo-step.ts';
import { buildMe, jsonResponse } from '../../test/render-page.tsx';
import {
  buildImage,
  callsOf,
  installFakeUpload,
  photoList,
  pickedFile,
  stubMediaApi,
} from '../media/media-fixtures.ts';
import { PhotoStepPage } from './photo-step-page.tsx';
import { renderSettingsPage } from './render-settings-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PhotoStepPage (the onboarding photo step)', () => {
  it('is where the guard sends a member who just finished the required steps without an avatar', () => {
    const me = buildMe();
    expect(guardRedirect('/home', '', me)).toBeNull();
    setPhotoStepDue(me._id, true);
    expect(guardRedirect('/home', '', me)).toBe('/settings/photo');
    expect(guardRedirect('/settings/photo', '', me)).toBeNull();
  });

  it('offers the avatar flow, and lets the member skip it for good on this device', async () => {
    const me = buildMe();
    setPhotoStepDue(me._id, true);
    const fetch = stubMediaApi(() => photoList());
    const { router } = renderSettingsPage('/settings/photo', <PhotoStepPage />, me);
    expect(screen.getByRole('heading', { level: 1, name: 'Add your photo' })).toBeTruthy();
    expect(screen.getByText(/Profiles with a photo get about 10 times more views/)).toBeTruthy();
    expect(screen.getByLabelText('Upload a new photo')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(isPhotoStepDue(me._id)).toBe(false);
    // Not trapped: the guard no longer sends the member back to the step.
    expect(guardRedirect('/home', '', me)).toBeNull();
    expect(callsOf(fetch).filter(({ request }) => request !== 'GET /api/photos')).toEqual([]);
  });

  it('sets the uploaded photo as the avatar, then opens home', async () => {
    const me = buildMe();
    setPhotoStepDue(me._id, true);
    const uploads = installFakeUpload();
    const stored = buildImage('p-new');
    const withAvatar = { ...me, avatar: stored };
    const fetch = stubMediaApi(() => photoList(), {
      'PUT /api/users/avatar': async () => jsonResponse(200, withAvatar),
    });
    const notices = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    const { router, queryClient } = renderSettingsPage('/settings/photo', <PhotoStepPage />, me);

    await user.upload(screen.getByLabelText('Upload a new photo'), pickedFile('me.jpg', 'image/jpeg'));
    act(() => uploads[0]!.respond(201, stored));
    const confirm = screen.getByRole('button', { name: 'Use this photo' });
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(callsOf(fetch)).toContainEqual({ request: 'PUT /api/users/avatar', body: { photo: 'p-new' } });
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(withAvatar);
    expect(isPhotoStepDue(me._id)).toBe(false);
    // One notice over the first home: the welcome. The new photo showed at once in the preview, so
    // neither "Photo added" nor "Your profile photo is updated" piles on it.
    expect(notices.mock.calls.map(([notice]) => notice.message)).toEqual([
      "You're all set. Welcome to Motema!",
    ]);
  });
});
