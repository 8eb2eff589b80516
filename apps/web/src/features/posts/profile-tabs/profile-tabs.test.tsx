import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Post } from '@motema/shared/posts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../../test/render-page.tsx';
import { ProfileTabs } from './profile-tabs.tsx';
import { buildStory, buildStoryMedia, buildStoryMember, stubStoriesApi } from '../stories/story-fixtures.ts';

const me = buildMe({ _id: 'me', firstName: 'Amani' });
const awa = buildStoryMember('awa', 'Awa');

function buildPost(id: string, change: Partial<Post> = {}): Post {
  const media = [buildStoryMedia(`m-${id}`, change.kind === 'video' ? 'video' : 'photo')];
  return {
    _id: id,
    author: awa,
    text: '',
    kind: 'photo',
    visibility: 'public',
    status: 'ready',
    mediaCount: 1,
    media,
    access: 'allowed',
    locked: false,
    likes: 0,
    liked: false,
    comments: 0,
    allowed: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    editedAt: null,
    zone: null,
    ...change,
  };
}

const locked = (id: string, kind: Post['kind']) =>
  buildPost(id, { kind, visibility: 'private', access: 'none', locked: true, media: [], mediaCount: 1 });

afterEach(() => vi.unstubAllGlobals());

describe('the profile’s tabs', () => {
  it('lists another member’s photo posts as thumbnails, a private one locked, with nothing to add', async () => {
    const requests = stubStoriesApi({
      'GET /api/users/awa/posts': { posts: [buildPost('p1'), locked('p2', 'photo')], next: null },
    });
    renderPage('/profile/:id', <ProfileTabs userId="awa" own={false} name="Awa" />, {
      me,
      url: '/profile/awa',
    });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Pictures',
      'Videos',
      'Podcasts',
      'Stories',
    ]);
    const tiles = await screen.findAllByRole('link');
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual(['/post/p1', '/post/p2']);
    expect(screen.getByRole('link', { name: /, Private$/ })).toBe(tiles[1]);
    // The locked post shows nothing of its media; the other one its thumbnail only.
    expect(tiles[1]!.querySelector('img')).toBeNull();
    expect(tiles[0]!.querySelector('img')?.getAttribute('src')).toBe('/media/m-p1/160.webp');
    expect(requests[0]?.path).toBe('/api/users/awa/posts');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('asks for each tab’s kind and keeps the tab in the address', async () => {
    const kinds: (string | null)[] = [];
    stubStoriesApi({
      'GET /api/users/awa/posts': ({ url }: { url: URL }) => {
        kinds.push(url.searchParams.get('kind'));
        return {
          posts: url.searchParams.get('kind') === 'video' ? [buildPost('v1', { kind: 'video' })] : [],
          next: null,
        };
      },
    });
    const { router } = renderPage('/profile/:id', <ProfileTabs userId="awa" own={false} name="Awa" />, {
      me,
      url: '/profile/awa',
    });
    expect(await screen.findByText('Awa has not posted pictures yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Videos' }));
    expect(await screen.findByRole('link', { name: /^Video post of/ })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=videos');
    expect(kinds).toEqual(['photo', 'video']);
    fireEvent.click(screen.getByRole('tab', { name: 'Podcasts' }));
    await waitFor(() => expect(kinds).toEqual(['photo', 'video', 'audio']));
  });

  it('plays a member’s stories from the one tapped', async () => {
    const stories = [buildStory('s1', awa, { seen: true }), buildStory('s2', awa, { seen: true })];
    stubStoriesApi({
      'GET /api/users/awa/stories': { stories },
      'GET /api/users/awa/posts': { posts: [], next: null },
    });
    renderPage('/profile/:id', <ProfileTabs userId="awa" own={false} name="Awa" />, {
      me,
      url: '/profile/awa?tab=stories',
    });
    const tiles = await screen.findAllByRole('button', { name: /^Story, / });
    expect(tiles).toHaveLength(2);
    fireEvent.click(tiles[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('progressbar').getAttribute('aria-label')).toBe('Story 2 of 2');
  });

  it('offers the member "add post, photo, video, podcast, story" on their own profile', async () => {
    stubStoriesApi({
      'GET /api/users/me/posts': { posts: [], next: null },
      'GET /api/users/me/stories': { stories: [] },
    });
    renderPage('/account', <ProfileTabs userId="me" own name="Amani" pictures={<p>The gallery</p>} />, {
      me,
    });
    expect(screen.getByText('The gallery')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Profile photos' })).toBeTruthy();
    expect(await screen.findByText('No photo posts yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Write a post', 'Post a photo', 'Post a video', 'Post a podcast', 'Add a story']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Add a story' }));
    expect(await screen.findByRole('dialog', { name: 'New story' })).toBeTruthy();
  });

  it('opens the post composer from an empty tab of one’s own', async () => {
    stubStoriesApi({ 'GET /api/users/me/posts': { posts: [], next: null } });
    renderPage('/account', <ProfileTabs userId="me" own name="Amani" />, { me, url: '/account?tab=videos' });
    fireEvent.click(await screen.findByRole('button', { name: 'Post a video' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
