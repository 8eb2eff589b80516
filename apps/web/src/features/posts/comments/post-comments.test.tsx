import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, buildMe, renderPage } from '../../../test/render-page.tsx';
import { renderNotices } from '../../safety/render-notices.tsx';
import { PostPage } from '../post/post-page.tsx';
import {
  AMANI,
  POST_ID,
  bodyOf,
  buildComment,
  buildPost,
  callsOf,
  iso,
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
    // Choosing the comment to answer keeps what was typed, and the field gets the focus.
    const field = screen.getByRole('textbox', { name: 'Write a comment' });
    await userEvent.type(field, 'Gombe,');
    await userEvent.click(within(first).getByRole('button', { name: 'Reply' }));
    expect(screen.getByText(`Replying to ${iso('Kofi')}`)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toBe(field);
    expect(document.activeElement).toBe(field);
    expect((field as HTMLTextAreaElement).value).toBe('Gombe,');
    await userEvent.type(field, ' by the river');
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
    await userEvent.click(within(mine).getByRole('button', { name: `Actions on ${iso('Amani')}’s comment` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Edit your comment' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Mine, edited');
    await userEvent.click(within(mine).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Mine, edited')).toBeTruthy();
    expect(bodyOf(fetch, 'PATCH /api/comments/c2')).toEqual({ text: 'Mine, edited' });

    // Kofi's comment: the post's author may delete it, not edit it; a report is offered.
    await userEvent.click(within(first).getByRole('button', { name: `Actions on ${iso('Kofi')}’s comment` }));
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    expect(await screen.findByRole('menuitem', { name: 'Report' })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    expectOneRow(dialog, 'Cancel', 'Delete');
    expect(callsOf(fetch)).not.toContain('DELETE /api/comments/c1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Beautiful light')).toBeNull());
    expect(callsOf(fetch)).toContain('DELETE /api/comments/c1');
  });

  it('keeps the focus in the edit field the menu opened, its caret after the text, and gives it back to the comment’s actions after', async () => {
    const fetch = stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => buildPost({ author: AMANI, access: 'author', comments: 1 }),
      [`GET /api/posts/${POST_ID}/comments`]: () =>
        comments(buildComment({ _id: 'c2', author: AMANI, text: 'Mine', canEdit: true, canDelete: true })),
      'PATCH /api/comments/c2': () =>
        buildComment({ _id: 'c2', author: AMANI, text: 'Mine!', canEdit: true, canDelete: true }),
    });
    open();
    const mine = (await screen.findByText('Mine')).closest('[data-comment]') as HTMLElement;
    const actions = within(mine).getByRole('button', { name: `Actions on ${iso('Amani')}’s comment` });
    await userEvent.click(actions);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Edit your comment' });
    expect(document.activeElement).toBe(field);
    // Said as an edit, not as an answer.
    expect(within(mine).getByText('Editing your comment')).toBeTruthy();
    expect(within(mine).queryByText(/Replying to/)).toBeNull();
    // The menu gives the focus back to its button 10 ms after it closes, unless it moved meanwhile; the
    // field takes it in that same commit, so the menu keeps it only while not editing (post-comment.tsx).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(field);
    await userEvent.keyboard('!{Enter}');
    expect(await screen.findByText('Mine!')).toBeTruthy();
    // Written on from the end of the text, not before it.
    expect(bodyOf(fetch, 'PATCH /api/comments/c2')).toEqual({ text: 'Mine!' });
    await waitFor(() => expect(document.activeElement).toBe(actions));
  });
});
