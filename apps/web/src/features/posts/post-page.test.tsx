import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, buildMe, renderPage } from '../../test/render-page.tsx';
import { renderNotices } from '../safety/render-notices.tsx';
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
} from './posts-fixtures.ts';

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
    expect(screen.getByRole('img', { name: 'Photo 1 of 1 by Kofi' })).toBeTruthy();
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
    expect(callsOf(fetch)).not.toContain(`DELETE /api/posts/${POST_ID}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post deleted')).toBeTruthy();
    expect(callsOf(fetch)).toContain(`DELETE /api/posts/${POST_ID}`);
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

describe('PostPage comments', () => {
  it('sends a comment and a reply (to the top-level comment), each shown once stored', async () => {
    const fetch = stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => buildPost(),
      [`GET /api/posts/${POST_ID}/comments`]: () => comments(buildComment()),
      [`POST /api/posts/${POST_ID}/comments`]: (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { text: string; parent?: string };
        return jsonResponse(
          201,
          buildComment({
            _id: `new-${body.text}`,
            author: AMANI,
            text: body.text,
            parent: body.parent ?? null,
          }),
        );
      },
    });
    open();
    await screen.findByText('Beautiful light');
    await userEvent.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'Where is this?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Where is this?')).toBeTruthy();
    expect(bodyOf(fetch, `POST /api/posts/${POST_ID}/comments`)).toEqual({ text: 'Where is this?' });
    // The post counts it.
    expect(screen.getByText('2 comments')).toBeTruthy();

    const first = screen.getByText('Beautiful light').closest('[data-comment]') as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: 'Reply' }));
    expect(screen.getByText(`Replying to ${iso('Kofi')}`)).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'Gombe, by the river');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Gombe, by the river')).toBeTruthy();
    expect(bodyOf(fetch, `POST /api/posts/${POST_ID}/comments`)).toEqual({
      text: 'Gombe, by the river',
      parent: 'c1',
    });
  });

  it('refuses an empty comment without sending it, and says a refusal under the field', async () => {
    const fetch = stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => buildPost(),
      [`GET /api/posts/${POST_ID}/comments`]: () => comments(),
      [`POST /api/posts/${POST_ID}/comments`]: () => refusal(404, 'post_not_found'),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Write a comment', { selector: '.mantine-InputWrapper-error, [class*=error]' }),
    ).toBeTruthy();
    expect(callsOf(fetch)).not.toContain(`POST /api/posts/${POST_ID}/comments`);
    await userEvent.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This post is not available')).toBeTruthy();
  });

  it('likes a comment at once, and lets its author edit it and the post’s author delete any', async () => {
    const fetch = stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => buildPost({ author: AMANI, access: 'author', comments: 2 }),
      [`GET /api/posts/${POST_ID}/comments`]: () =>
        comments(
          buildComment({ canDelete: true }),
          buildComment({ _id: 'c2', author: AMANI, text: 'Mine', canEdit: true, canDelete: true }),
        ),
      'PUT /api/comments/c1/like': () => ({ likes: 1, liked: true }),
      'PATCH /api/comments/c2': () =>
        buildComment({
          _id: 'c2',
          author: AMANI,
          text: 'Mine, edited',
          canEdit: true,
          canDelete: true,
          editedAt: '2026-11-24T09:10:00.000Z',
        }),
      'DELETE /api/comments/c1': () => new Response(null, { status: 204 }),
    });
    open();
    const first = (await screen.findByText('Beautiful light')).closest('[data-comment]') as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: '0 likes. Like' }));
    expect(await within(first).findByRole('button', { name: '1 like. Like' })).toBeTruthy();

    const mine = screen.getByText('Mine').closest('[data-comment]') as HTMLElement;
    await userEvent.click(within(mine).getByRole('button', { name: 'Actions on Amani’s comment' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Edit your comment' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Mine, edited');
    await userEvent.click(within(mine).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Mine, edited')).toBeTruthy();
    expect(bodyOf(fetch, 'PATCH /api/comments/c2')).toEqual({ text: 'Mine, edited' });

    // Kofi's comment: the post's author may delete it, not edit it; a report is offered.
    await userEvent.click(within(first).getByRole('button', { name: 'Actions on Kofi’s comment' }));
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    expect(await screen.findByRole('menuitem', { name: 'Report' })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Beautiful light')).toBeNull());
    expect(callsOf(fetch)).toContain('DELETE /api/comments/c1');
  });
});
