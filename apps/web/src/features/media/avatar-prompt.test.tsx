import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { AvatarPrompt } from './avatar-prompt.tsx';
import { mediaKeys } from './media.api.ts';
import { buildImage, callsOf, photoList, stubMediaApi } from './media-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

describe('AvatarPrompt', () => {
  it('tells a member without an avatar that photos get 10 times more views, and opens the avatar flow', async () => {
    const fetch = stubMediaApi(() => photoList(buildImage('p1')));
    const user = userEvent.setup();
    const me = buildMe({ avatar: null });
    renderPage('/home', <AvatarPrompt member={me} />, { me });

    const prompt = screen.getByRole('region', { name: 'Add a photo to be seen 10 times more' });
    expect(within(prompt).getByText(/Profiles with a photo get about 10 times more views/)).toBeTruthy();
    // The photos are fetched only when the member opens the flow.
    expect(callsOf(fetch)).toEqual([]);

    await user.click(within(prompt).getByRole('button', { name: 'Add a photo' }));
    const sheet = await screen.findByRole('dialog', { name: 'Your profile photo' });
    expect(await within(sheet).findByRole('button', { name: 'Photo 1' })).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: 'Use this photo' })).toBeTruthy();
    expect(callsOf(fetch).map((call) => call.request)).toEqual(['GET /api/photos']);
  });

  it('asks a member who has photos but no avatar to choose one, not to add a photo', async () => {
    const fetch = stubMediaApi(() => photoList(buildImage('p1')));
    const me = buildMe({ avatar: null });
    const { queryClient } = renderPage('/account', <AvatarPrompt member={me} />, { me });
    // The account page's gallery holds them: three photos added, none chosen as the avatar yet.
    act(() =>
      queryClient.setQueryData(
        mediaKeys.photos(),
        photoList(buildImage('p1'), buildImage('p2'), buildImage('p3')),
      ),
    );

    const prompt = await screen.findByRole('region', { name: 'Choose your profile photo' });
    expect(within(prompt).getByText(/You have photos: choose the one members see first/)).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: 'Choose my profile photo' })).toBeTruthy();
    expect(screen.queryByText('Add a photo to be seen 10 times more')).toBeNull();
    expect(callsOf(fetch)).toEqual([]);
  });

  it('shows nothing to a member who has an avatar, nor to a visitor', () => {
    const me = buildMe({ avatar: buildImage('p1') });
    const withAvatar = renderPage('/home', <AvatarPrompt member={me} />, { me });
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    withAvatar.unmount();

    renderPage('/home', <AvatarPrompt member={null} />, { me: null });
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
