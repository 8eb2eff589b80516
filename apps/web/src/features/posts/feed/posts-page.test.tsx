import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../../test/render-page.tsx';
import { stubIntersectionObserver } from '../../discovery/discovery-fixtures.ts';
import { renderNotices } from '../../safety/render-notices.tsx';
import { PostsPage } from './posts-page.tsx';
import {
  AMANI,
  OTHER_POST_ID,
  POST_ID,
  buildPost,
  callsOf,
  iso,
  lockedPost,
  stubPostsApi,
  videoItem,
} from '../posts-fixtures.ts';

beforeEach(() => void renderNotices());
afterEach(() => vi.unstubAllGlobals());

const me = buildMe({ _id: AMANI._id, firstName: 'Amani', name: 'Amani' });
const open = (url = '/posts') => renderPage('/posts', <PostsPage />, { url, me });
// The composer's allow list asks for the matches and the conversations.
const lists = {
  'GET /api/users': () => ({ users: [], count: 0 }),
  'GET /api/conversations': () => ({ conversations: [], count: 0 }),
};

describe('PostsPage, the feed', () => {
  it('starts its heading at the 16 px margin of the other pages on a phone, not 12 px', async () => {
    stubPostsApi({ 'GET /api/posts': () => ({ posts: [], next: null }) });
    open();
    const frame = (await screen.findByRole('heading', { level: 1, name: 'Posts' })).closest<HTMLElement>(
      '.mantine-Container-root',
    );
    expect(frame?.style.paddingInline).toBe('var(--mantine-spacing-md)');
  });

  it('shows the posts in the server’s order, newest first, and asks for the next page as the end comes near', async () => {
    const fetch = stubPostsApi({
      'GET /api/posts': (url) =>
        url.searchParams.get('cursor') === 'page-2'
          ? { posts: [buildPost({ _id: 'old', text: 'Last week at the market' })], next: null }
          : {
              posts: [
                buildPost({ text: 'This morning' }),
                lockedPost({
                  _id: OTHER_POST_ID,
                  author: { ...AMANI, _id: 'u3', firstName: 'Zola', name: 'Zola' },
                }),
              ],
              next: 'page-2',
            },
    });
    const observer = stubIntersectionObserver();
    open();
    const articles = await screen.findAllByRole('article');
    expect(articles[0]!.getAttribute('aria-label')).toBe(`Post by ${iso('Kofi')}`);
    expect(within(articles[0]!).getByText('This morning')).toBeTruthy();
    // A private post the member may not see: that it exists, never its content.
    expect(within(articles[1]!).getByText(`A private post by ${iso('Zola')}`)).toBeTruthy();
    // Not before the end of the list comes near.
    await waitFor(() => expect(observer.observed('600px')).toHaveLength(1));
    const feedCalls = () => callsOf(fetch).filter((call) => !call.startsWith('GET /api/posts/requests'));
    expect(feedCalls()).toEqual(['GET /api/posts']);
    act(() => observer.set(observer.observed('600px')[0]!, true));
    expect(await screen.findByText('Last week at the market')).toBeTruthy();
    expect(feedCalls()).toEqual(['GET /api/posts', 'GET /api/posts?cursor=page-2']);
    // The link to the post's own page, and to its comments.
    expect(
      within(articles[0]!).getByRole('link', { name: '1 comment. Open the post' }).getAttribute('href'),
    ).toBe(`/post/${POST_ID}`);
  });

  it('says on its link to the requests how many wait for an answer', async () => {
    let waiting = 3;
    stubPostsApi({
      'GET /api/posts': () => ({ posts: [], next: null }),
      'GET /api/posts/requests': () => ({ requests: [], next: null, count: waiting }),
      ...lists,
    });
    const { queryClient } = open();
    const link = await screen.findByRole('link', { name: 'Requests (3)' });
    expect(link.getAttribute('href')).toBe('/posts/requests');
    waiting = 0;
    await queryClient.invalidateQueries();
    expect(await screen.findByRole('link', { name: 'Requests' })).toBeTruthy();
    expect(within(screen.getByRole('link', { name: 'Requests' })).queryByText('3')).toBeNull();
  });

  it('says what to do when there is nothing to read yet, and opens the composer', async () => {
    stubPostsApi({ 'GET /api/posts': () => ({ posts: [], next: null }), ...lists });
    open();
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Write a post' }).at(-1)!);
    expect(await screen.findByRole('dialog', { name: 'New post' })).toBeTruthy();
  });

  it('says an empty feed waits for the member’s position, and offers to share it, until it is shared', async () => {
    stubPostsApi({ 'GET /api/posts': () => ({ posts: [], next: null }), ...lists });
    open();
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeTruthy();
    expect(
      screen.getByText(/Posts from people near you show here once you share your position/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share my position' })).toBeTruthy();
    cleanup();

    stubPostsApi({ 'GET /api/posts': () => ({ posts: [], next: null }), ...lists });
    renderPage('/posts', <PostsPage />, { url: '/posts', me: { ...me, locationShared: true } });
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeTruthy();
    expect(screen.getByText(/who fit your preferences, and from your matches/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share my position' })).toBeNull();
  });

  it('opens the composer on a kind from the address (the profile’s "add a video")', async () => {
    stubPostsApi({ 'GET /api/posts': () => ({ posts: [], next: null }), ...lists });
    open('/posts?write=video');
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    expect(within(dialog).getByRole('button', { name: 'Video' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Photos' })).toBeNull();
  });

  it('shows its author a post whose video is still being prepared, then the post once ready', async () => {
    let ready = false;
    stubPostsApi({
      'GET /api/posts': () => ({
        posts: [
          buildPost({
            author: AMANI,
            access: 'author',
            kind: 'video',
            status: ready ? 'ready' : 'processing',
            media: [videoItem('v1', { status: ready ? 'ready' : 'processing' })],
          }),
        ],
        next: null,
      }),
    });
    const { queryClient } = open();
    expect(
      await screen.findByText('Your video is being prepared. It will show here in a moment.'),
    ).toBeTruthy();
    ready = true;
    await queryClient.invalidateQueries();
    expect(await screen.findByRole('button', { name: `Play: Video by ${iso('Amani')}` })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/being prepared/)).toBeNull());
  });
});
