import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@motema/shared/discovery';
import type { Image } from '@motema/shared/media';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import { isolate } from '../../ui/member-text.tsx';
import { discoveryKeys } from './discovery.api.ts';
import { ProfilePage } from './profile-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function buildImage(id: string): Image {
  return {
    _id: id,
    width: 1080,
    height: 1350,
    placeholder: 'data:image/webp;base64,AAAA',
    thumbnail: `/media/${id}-160.webp`,
    sources: [
      { url: `/media/${id}-480.avif`, width: 480, type: 'image/avif' },
      { url: `/media/${id}-1080.avif`, width: 1080, type: 'image/avif' },
      { url: `/media/${id}-480.webp`, width: 480, type: 'image/webp' },
      { url: `/media/${id}-1080.webp`, width: 1080, type: 'image/webp' },
    ],
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const avatar = buildImage('p1');
/** The first name as the page's texts say it: isolated member text. */
const grace = isolate('Grace');

/** Grace as a visitor sees her: the card's identity and the about text. */
const visitorView: Profile = {
  _id: 'u2',
  username: 'grace',
  firstName: 'Grace',
  name: 'Grace',
  age: 28,
  verified: false,
  sex: 'female',
  avatar,
  about: 'Dancer, coffee lover.',
};

/** Grace as a member sees her. */
const memberView: Profile = {
  ...visitorView,
  photos: [avatar, buildImage('p2'), buildImage('p3')],
  relationship: 'widowed',
  orientation: 'heterosexual',
  activity: 'online',
  distance: 5,
  rating: { mine: null, matched: false },
};

type Route = (url: string, init?: RequestInit) => Response | undefined;

/** A fetch stub answering the profile, and whatever `more` handles. */
function stubApi(profile: Profile | Response, more: Route = () => undefined) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = more(url, init);
    if (answer) return answer;
    if (url === `/api/users/${visitorView._id}` && (init?.method ?? 'GET') === 'GET')
      return profile instanceof Response ? profile : jsonResponse(200, profile);
    return jsonResponse(500, { statusCode: 500, code: 'internal', message: `unexpected ${url}` });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const openProfile = (me: ReturnType<typeof buildMe> | null) =>
  renderPage('/profile/:id', <ProfilePage />, { url: '/profile/u2', me });

describe('ProfilePage', () => {
  it('shows a member the whole profile: photos, age, activity, distance bucket, details and actions', async () => {
    stubApi(memberView);
    openProfile(buildMe());

    expect(await screen.findByRole('heading', { level: 1, name: `${isolate('Grace')}, 28` })).toBeTruthy();
    expect(document.title).toBe(`${isolate('Grace')} · Motema`);
    expect(screen.getByText('Online now')).toBeTruthy();
    expect(screen.getByText('less than 5 km')).toBeTruthy();
    // Her about text is her own: in its own direction, isolated from the page.
    expect(screen.getByText('Dancer, coffee lover.').getAttribute('dir')).toBe('auto');
    // The wording follows her sex, with the settings' labels.
    expect(screen.getByText('Relationship status')).toBeTruthy();
    expect(screen.getByText('Widow')).toBeTruthy();
    expect(screen.getByText('Straight')).toBeTruthy();

    // The avatar first, then the other photos, each sized for the column it shows in.
    const gallery = screen.getByRole('region', { name: `Photos of ${grace}` });
    const slides = within(gallery).getAllByRole('button', { name: /^Open photo/ });
    expect(slides).toHaveLength(3);
    const firstImage = slides[0]!.querySelector('img')!;
    expect(firstImage.getAttribute('sizes')).toBe('(min-width: 48em) 400px, 100vw');
    expect(firstImage.getAttribute('srcset')).toBe('/media/p1-480.webp 480w, /media/p1-1080.webp 1080w');
    expect(firstImage.getAttribute('loading')).toBe('eager');
    expect(slides[1]!.querySelector('img')!.getAttribute('loading')).toBe('lazy');

    expect(screen.getByRole('link', { name: 'Send a message' }).getAttribute('href')).toBe(
      '/conversations?user=u2',
    );
    const stars = within(screen.getByRole('group', { name: `Rate ${grace}` })).getAllByRole('button');
    expect(stars.map((star) => star.getAttribute('aria-label'))).toEqual([
      'Rate 1 out of 5',
      'Rate 2 out of 5',
      'Rate 3 out of 5',
      'Rate 4 out of 5',
      'Rate 5 out of 5',
    ]);
    expect(stars.every((star) => star.getAttribute('aria-pressed') === 'false')).toBe(true);
    expect(screen.getByRole('button', { name: `Safety options for ${grace}` })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Join Motema' })).toBeNull();
    expect(screen.queryByText('You matched!')).toBeNull();
  });

  it('shows a visitor what they may see and invites them in, coming back here afterwards', async () => {
    stubApi(visitorView);
    openProfile(null);

    expect(await screen.findByRole('heading', { level: 1, name: `${isolate('Grace')}, 28` })).toBeTruthy();
    expect(screen.getByText('Dancer, coffee lover.')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: `Photos of ${grace}` })).getAllByRole('button'),
    ).toHaveLength(1);

    expect(screen.getByRole('heading', { name: `Would you like to meet ${grace}?` })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join Motema' }).getAttribute('href')).toBe(
      '/register?from=%2Fprofile%2Fu2',
    );
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?from=%2Fprofile%2Fu2',
    );

    expect(screen.queryByRole('group', { name: `Rate ${grace}` })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Send a message' })).toBeNull();
    expect(screen.queryByText('Relationship status')).toBeNull();
    expect(screen.queryByText('Online now')).toBeNull();
    expect(screen.queryByRole('button', { name: `Safety options for ${grace}` })).toBeNull();
  });

  it('sends the star chosen, presses it, and celebrates the match', async () => {
    let rating: Profile['rating'] = { mine: 2, matched: false };
    const fetch = stubApi(memberView, (url, init) => {
      if (url === '/api/users/u2') return jsonResponse(200, { ...memberView, rating });
      if (url === '/api/rate/user' && init?.method === 'POST') {
        const { score } = JSON.parse(String(init.body)) as { score: number };
        rating = { mine: score, matched: score >= 4 };
        return jsonResponse(200, { user: 'u2', score, matched: rating.matched });
      }
      return undefined;
    });
    const user = userEvent.setup();
    openProfile(buildMe());

    const group = await screen.findByRole('group', { name: `Rate ${grace}` });
    expect(within(group).getByRole('button', { name: 'Rate 2 out of 5' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(
      screen.getByText(
        `You gave ${grace} 2 out of 5. A like on Swap gives 5 stars and a pass 1; you can change it at any time.`,
      ),
    ).toBeTruthy();

    await user.click(within(group).getByRole('button', { name: 'Rate 4 out of 5' }));

    expect(await screen.findByText('You matched!')).toBeTruthy();
    expect(screen.getByText(`You and ${grace} like each other. Why not say hello?`)).toBeTruthy();
    const rateCalls = fetch.mock.calls.filter(([url]) => url === '/api/rate/user');
    expect(rateCalls).toHaveLength(1);
    expect(rateCalls[0]![1]?.method).toBe('POST');
    expect(JSON.parse(String(rateCalls[0]![1]?.body))).toEqual({ user: 'u2', score: 4 });
    expect(within(group).getByRole('button', { name: 'Rate 4 out of 5' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(group).getByRole('button', { name: 'Rate 2 out of 5' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('says so, and keeps the old stars, when a rating is refused', async () => {
    stubApi(memberView, (url) =>
      url === '/api/rate/user'
        ? jsonResponse(429, { statusCode: 429, code: 'rate_limited', message: 'Too many' })
        : undefined,
    );
    const user = userEvent.setup();
    openProfile(buildMe());

    const group = await screen.findByRole('group', { name: `Rate ${grace}` });
    await user.click(within(group).getByRole('button', { name: 'Rate 5 out of 5' }));

    expect(
      await screen.findByText('Your rating was not saved. Too many attempts. Please wait and try again.'),
    ).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Rate 5 out of 5' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(screen.queryByText('You matched!')).toBeNull();
  });

  it('forgets a member once blocked from the profile: the lists at once, the profile once left', async () => {
    const fetch = stubApi(memberView, (url, init) =>
      url === '/api/blocks' && init?.method === 'POST' ? jsonResponse(204) : undefined,
    );
    const user = userEvent.setup();
    const { router, queryClient } = openProfile(buildMe());
    queryClient.setQueryData(discoveryKeys.list('users'), { users: [memberView], count: 1 });

    await user.click(await screen.findByRole('button', { name: `Safety options for ${grace}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: `Block ${grace}?` });
    await user.click(within(dialog).getByRole('button', { name: `Block ${grace}` }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(queryClient.getQueryData(discoveryKeys.list('users'))).toBeUndefined();
    await waitFor(() =>
      expect(queryClient.getQueryCache().find({ queryKey: discoveryKeys.profile('u2') })).toBeUndefined(),
    );
    expect(fetch.mock.calls.filter(([url]) => url === '/api/users/u2')).toHaveLength(1);
  });

  it('shows a member who is not available as a kind screen, not an error', async () => {
    stubApi(
      jsonResponse(404, { statusCode: 404, code: 'user_not_found', message: 'This member is not available' }),
    );
    openProfile(buildMe());

    expect(await screen.findByRole('heading', { name: 'This member is not available' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover other members' }).getAttribute('href')).toBe('/home');
    expect(document.title).toBe('Member not available · Motema');
    expect(screen.queryByRole('group', { name: /^Rate/ })).toBeNull();
  });

  it('gives the member their own profile with a way to edit it, without stars or a message button', async () => {
    const me = buildMe({ _id: 'u2' });
    stubApi({ ...memberView, rating: { mine: null, matched: false } });
    openProfile(me);

    expect(await screen.findByText('This is your profile as other members see it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit my profile' }).getAttribute('href')).toBe(
      '/settings/profile',
    );
    expect(screen.queryByRole('group', { name: `Rate ${grace}` })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Send a message' })).toBeNull();
    expect(screen.queryByRole('button', { name: `Safety options for ${grace}` })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Join Motema' })).toBeNull();
  });

  it('shows the shape of the page while it loads, then opens a photo full size', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const user = userEvent.setup();
    const { container } = openProfile(buildMe());

    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
    answer(jsonResponse(200, memberView));

    await user.click(await screen.findByRole('button', { name: 'Open photo 2 of 3 full size' }));
    const viewer = await screen.findByRole('dialog', { name: `Photos of ${grace}` });
    const photo = within(viewer).getByRole('img', { name: `${grace}, photo 2 of 3` });
    expect(photo.getAttribute('sizes')).toBe('100vw');
    // The photo on screen is reported from the viewer (the report form names it).
    const report = within(viewer).getByRole('link', { name: 'Report this photo' });
    expect(report.getAttribute('href')).toBe(`/settings/report/profile/${memberView._id}`);
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeNull());
  });
});
