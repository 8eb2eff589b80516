import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, buildMe, renderPage } from '../../../test/render-page.tsx';
import { renderNotices } from '../../safety/render-notices.tsx';
import { PostPage } from './post-page.tsx';
import {
  AMANI,
  KOFI,
  POST_ID,
  bodyOf,
  buildComment,
  buildPost,
  callsOf,
  iso,
  lockedPost,
  refusal,
  stubPostsApi,
} from '../posts-fixtures.ts';
import { expectOneRow } from '../../../test/dialog-row.ts';

beforeEach(() => void renderNotices());
afterEach(() => vi.unstubAllGlobals());

const me = buildMe({ _id: AMANI._id, firstName: 'Amani', name: 'Amani' });
const comments = (...rows: ReturnType<typeof buildComment>[]) => ({ comments: rows, next: null });
const open = (options: { me?: typeof me | null; id?: string } = {}) =>
  renderPage('/post/:id', <PostPage />, {
    url: `/post/${options.id ?? POST_ID}`,
    me: options.me === undefined ? me : options.me,
  });

describe('PostPage', () => {
  it('starts its heading at the 16 px margin of the other pages on a phone, not 12 px', async () => {
    stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => buildPost(),
      [`GET /api/posts/${POST_ID}/comments`]: () => comments(),
    });
    open();
    const frame = (
      await screen.findByRole('heading', { level: 1, name: `A post by ${iso('Kofi')}` })
    ).closest<HTMLElement>('.mantine-Container-root');
    expect(frame?.style.paddingInline).toBe('var(--mantine-spacing-md)');
  });

  it('heads the post with its author’s name and a way back: to the feed, or to the profile it came from', async () => {
    stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => buildPost(),
      [`GET /api/posts/${POST_ID}/comments`]: () => comments(),
    });
    const { router } = open();
    expect(await screen.findByRole('heading', { level: 1, name: `A post by ${iso('Kofi')}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Posts' }).getAttribute('href')).toBe('/posts');
    await router.navigate(`/post/${POST_ID}`, { state: { back: '/profile/u2?tab=videos' } });
    const back = await screen.findByRole('link', { name: 'Back' });
    expect(back.getAttribute('href')).toBe('/profile/u2?tab=videos');
    // Only a path of this app: anything else leads to the feed.
    await router.navigate(`/post/${POST_ID}`, { state: { back: '//elsewhere.example' } });
    expect((await screen.findByRole('link', { name: 'Posts' })).getAttribute('href')).toBe('/posts');
  });

  it('shows a post the member may see: its text, photo, likes and comments with their replies', async () => {
    stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => buildPost(),
      [`GET /api/posts/${POST_ID}/comments`]: () =>
        comments(
          buildComment(),
          buildComment({
            _id: 'c2',
            parent: 'c1',
            author: AMANI,
            text: 'Thank you!',
            canEdit: true,
            canDelete: true,
          }),
        ),
    });
    open();
    expect(await screen.findByText('Sunset over the river in Kinshasa')).toBeTruthy();
    // The post's photo is the page's first paint: it loads at once, first (bar B4's LCP).
    const photo = screen.getByRole('img', { name: `Photo 1 of 1 by ${iso('Kofi')}` });
    expect([photo.getAttribute('loading'), photo.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect(screen.getByRole('button', { name: '3 likes. Like' }).getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText('Beautiful light')).toBeTruthy();
    // The reply sits under its comment.
    const reply = screen.getByText('Thank you!').closest('[data-comment]')!;
    expect(reply.getAttribute('data-comment')).toBe('c2');
    expect(reply.parentElement?.closest('[data-comment]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask to see' })).toBeNull();
  });

  it('shows a like at once and keeps the server’s count; a refused like is taken back', async () => {
    let answer: (value: Response) => void = () => undefined;
    const fetch = stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => buildPost(),
      [`GET /api/posts/${POST_ID}/comments`]: () => comments(),
      [`PUT /api/posts/${POST_ID}/like`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      [`DELETE /api/posts/${POST_ID}/like`]: () => refusal(404, 'post_not_found'),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: '3 likes. Like' }));
    const liked = await screen.findByRole('button', { name: '4 likes. Like' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    answer(jsonResponse(200, { likes: 9, liked: true }));
    expect(await screen.findByRole('button', { name: '9 likes. Like' })).toBeTruthy();
    expect(callsOf(fetch)).toContain(`PUT /api/posts/${POST_ID}/like`);

    await userEvent.click(screen.getByRole('button', { name: '9 likes. Like' }));
    // Refused: back to liked, 9.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '9 likes. Like' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(callsOf(fetch)).toContain(`DELETE /api/posts/${POST_ID}/like`);
  });

  it('shows a private post the member may not see as locked, and "Ask to see" becomes "Request sent"', async () => {
    const fetch = stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => lockedPost(),
      [`POST /api/posts/${POST_ID}/requests`]: () => jsonResponse(201, { access: 'requested' }),
    });
    open();
    expect(await screen.findByText(`A private post by ${iso('Kofi')}`)).toBeTruthy();
    expect(screen.getByText('It holds 3 photos. Ask to see it: they will decide.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText('Comments')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ask to see' }));
    expect(await screen.findByRole('button', { name: 'Request sent' })).toBeTruthy();
    expect(callsOf(fetch)).toContain(`POST /api/posts/${POST_ID}/requests`);
    // No comments asked for a locked post.
    expect(callsOf(fetch)).not.toContain(`GET /api/posts/${POST_ID}/comments`);
  });

  it('lets a member withdraw a request already sent', async () => {
    const fetch = stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => lockedPost({ access: 'requested' }),
      [`DELETE /api/posts/${POST_ID}/requests`]: () => new Response(null, { status: 204 }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('button', { name: 'Ask to see' })).toBeTruthy();
    expect(callsOf(fetch)).toContain(`DELETE /api/posts/${POST_ID}/requests`);
  });

  it('gives the author edit and delete; deleting asks first', async () => {
    const fetch = stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => buildPost({ author: AMANI, access: 'author' }),
      [`GET /api/posts/${POST_ID}/comments`]: () => comments(),
      [`DELETE /api/posts/${POST_ID}`]: () => new Response(null, { status: 204 }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions on this post' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Report this post' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    expectOneRow(dialog, 'Cancel', 'Delete');
    expect(callsOf(fetch)).not.toContain(`DELETE /api/posts/${POST_ID}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post deleted')).toBeTruthy();
    expect(callsOf(fetch)).toContain(`DELETE /api/posts/${POST_ID}`);
  });

  it('lets the author take a member off a private post’s allow list, or make it public', async () => {
    const allowedPost = buildPost({
      author: AMANI,
      access: 'author',
      visibility: 'private',
      allowed: [KOFI, { ...KOFI, _id: 'u3', username: 'zola', firstName: 'Zola', name: 'Zola' }],
    });
    const fetch = stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => allowedPost,
      [`GET /api/posts/${POST_ID}/comments`]: () => comments(),
      'GET /api/users': () => ({ users: [], count: 0 }),
      'GET /api/conversations': () => ({ conversations: [], count: 0 }),
      [`PATCH /api/posts/${POST_ID}`]: (_url, init) => ({
        ...allowedPost,
        ...(JSON.parse(String(init?.body)) as object),
        allowed: [KOFI],
      }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions on this post' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the post' });
    expect(within(dialog).getByText('2 members chosen')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Zola' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit the post' })).toBeNull());
    expect(bodyOf(fetch, `PATCH /api/posts/${POST_ID}`)).toEqual({
      text: 'Sunset over the river in Kinshasa',
      visibility: 'private',
      allowed: [KOFI._id],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Actions on this post' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const again = await screen.findByRole('dialog', { name: 'Edit the post' });
    await userEvent.click(within(again).getByRole('radio', { name: 'Public' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Save' }));
    // Public: the allow list is not sent (the server keeps it for later).
    await waitFor(() =>
      expect(bodyOf(fetch, `PATCH /api/posts/${POST_ID}`)).toEqual({
        text: 'Sunset over the river in Kinshasa',
        visibility: 'public',
      }),
    );
  });

  it('offers another member a report of the post, naming it for the report form', async () => {
    stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => buildPost(),
      [`GET /api/posts/${POST_ID}/comments`]: () => comments(),
    });
    const { router } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions on this post' }));
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Report this post' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/settings/report/profile/${KOFI._id}`));
    expect(router.state.location.state).toEqual({ name: 'Kofi', post: POST_ID });
  });

  it('shows a visitor a public post with an invitation to join, and no comment field', async () => {
    stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => buildPost(),
      [`GET /api/posts/${POST_ID}/comments`]: () => comments(buildComment()),
    });
    open({ me: null });
    expect(await screen.findByText('Sunset over the river in Kinshasa')).toBeTruthy();
    expect(screen.getByText('Join Motema to like, comment and meet people who get you.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Log in to like and comment' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Write a comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions on this post' })).toBeNull();
    expect(screen.getByRole('img', { name: '3 likes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '3 likes. Like' })).toBeNull();
  });

  it('tells a visitor they are not allowed to view a private post', async () => {
    stubPostsApi({ [`GET /api/posts/${POST_ID}`]: () => refusal(403, 'post_not_allowed') });
    open({ me: null });
    expect(
      await screen.findByRole('heading', { name: 'You are not allowed to view this post' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/login?from=${encodeURIComponent(`/post/${POST_ID}`)}`,
    );
  });

  it('says "bad format" for a malformed address without asking the server', async () => {
    const fetch = stubPostsApi({});
    open({ id: 'not-a-post' });
    expect(
      await screen.findByRole('heading', { name: 'This post link is not valid (bad format)' }),
    ).toBeTruthy();
    expect(callsOf(fetch)).toEqual([]);
  });

  it('says a post that is gone is not available', async () => {
    stubPostsApi({ [`GET /api/posts/${POST_ID}`]: () => refusal(404, 'post_not_found') });
    open();
    expect(await screen.findByRole('heading', { name: 'This post is not available' })).toBeTruthy();
  });
});
