import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse, renderPage } from '../../../test/render-page.tsx';
import { renderNotices } from '../../safety/render-notices.tsx';
import { PostPage } from '../post/post-page.tsx';
import {
  AMANI,
  KOFI,
  OTHER_POST_ID,
  POST_ID,
  bodyOf,
  buildComment,
  buildPost,
  callsOf,
  refusal,
  stubPostsApi,
} from '../posts-fixtures.ts';
import { ZoneFeed } from './zone-feed.tsx';

beforeEach(() => void renderNotices());
afterEach(() => vi.unstubAllGlobals());

const ZONE = '00000000-0000-4000-8000-00000000000a';
const FEED = `/api/zones/${ZONE}/posts`;
const me = buildMe({ _id: AMANI._id, firstName: 'Amani', name: 'Amani' });
const page = (...posts: ReturnType<typeof buildPost>[]) => ({ posts, next: null });
const inZone = (moderator = false) => ({ zone: { _id: ZONE, moderator } });

const open = (props: { canPost: boolean; memberId?: string }) =>
  renderPage('/zone/:id', <ZoneFeed zoneId={ZONE} {...props} />, { url: `/zone/${ZONE}`, me });

describe('ZoneFeed', () => {
  it('lists the zone’s posts and lets a member post in the zone, with no choice of audience', async () => {
    const posts = [buildPost({ text: 'Saturday at the river', ...inZone() })];
    const fetch = stubPostsApi({
      [`GET ${FEED}`]: () => page(...posts),
      [`POST ${FEED}`]: (_url, init) => {
        const post = buildPost({
          _id: OTHER_POST_ID,
          author: AMANI,
          access: 'author',
          media: [],
          mediaCount: 0,
          kind: 'text',
          text: (JSON.parse(String(init?.body)) as { text: string }).text,
          ...inZone(),
        });
        posts.unshift(post);
        return jsonResponse(201, post);
      },
    });
    open({ canPost: true });
    expect(await screen.findByRole('heading', { name: 'Posts' })).toBeTruthy();
    expect(await screen.findByText('Saturday at the river')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Write a post' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Who can see it')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Who runs on Sunday?');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Who runs on Sunday?')).toBeTruthy();
    expect(bodyOf(fetch, `POST ${FEED}`)).toMatchObject({ text: 'Who runs on Sunday?', media: [] });
    expect(callsOf(fetch)).not.toContain('POST /api/posts');
  });

  it('shows a member’s posts in the zone without the composer, and says when there are none', async () => {
    const fetch = stubPostsApi({ [`GET /api/zones/${ZONE}/members/${KOFI._id}/posts`]: () => page() });
    open({ canPost: false, memberId: KOFI._id });
    expect(await screen.findByText('No posts here yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write a post' })).toBeNull();
    expect(callsOf(fetch)).toEqual([`GET /api/zones/${ZONE}/members/${KOFI._id}/posts`]);
  });

  it('says when the posts could not load, and tries again', async () => {
    let fail = true;
    stubPostsApi({
      [`GET ${FEED}`]: () => (fail ? refusal(500, 'internal_error') : page(buildPost({ ...inZone() }))),
    });
    open({ canPost: false });
    expect(await screen.findByText('The posts could not load.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sunset over the river in Kinshasa')).toBeTruthy();
  });

  it('lets a zone’s admin or manager remove another member’s post, after a confirmation', async () => {
    const fetch = stubPostsApi({
      [`GET ${FEED}`]: () => page(buildPost({ ...inZone(true) })),
      [`DELETE ${FEED}/${POST_ID}`]: () => new Response(null, { status: 204 }),
    });
    open({ canPost: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions on this post' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from the zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    expect(callsOf(fetch)).not.toContain(`DELETE ${FEED}/${POST_ID}`);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Sunset over the river in Kinshasa')).toBeNull());
    expect(callsOf(fetch)).toContain(`DELETE ${FEED}/${POST_ID}`);
    expect(await screen.findByText('Post deleted')).toBeTruthy();
  });

  it('says nothing of an audience on a zone’s post, nor lets its author choose one', async () => {
    stubPostsApi({
      [`GET ${FEED}`]: () => page(buildPost({ author: AMANI, access: 'author', ...inZone() })),
    });
    open({ canPost: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions on this post' }));
    expect(screen.queryByLabelText('Public')).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox')).toBeTruthy();
    expect(within(dialog).queryByText('Who can see it')).toBeNull();
  });

  it('offers a member no removal of others’ posts', async () => {
    stubPostsApi({ [`GET ${FEED}`]: () => page(buildPost({ ...inZone(false) })) });
    open({ canPost: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions on this post' }));
    expect(await screen.findByRole('menuitem', { name: 'Report this post' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Remove from the zone' })).toBeNull();
  });
});

describe('a zone post’s comments', () => {
  it('lets a zone’s admin or manager remove a comment they could not delete otherwise', async () => {
    const fetch = stubPostsApi({
      [`GET /api/posts/${POST_ID}`]: () => buildPost({ ...inZone(true) }),
      [`GET /api/posts/${POST_ID}/comments`]: () => ({ comments: [buildComment()], next: null }),
      [`DELETE ${FEED}/${POST_ID}/comments/c1`]: () => new Response(null, { status: 204 }),
    });
    renderPage('/post/:id', <PostPage />, { url: `/post/${POST_ID}`, me });
    const comment = (await screen.findByText('Beautiful light')).closest('[data-comment]') as HTMLElement;
    const user = userEvent.setup();
    await user.click(within(comment).getByRole('button', { name: /Actions on .*Kofi.*comment/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsOf(fetch)).toContain(`DELETE ${FEED}/${POST_ID}/comments/c1`));
    expect(callsOf(fetch)).not.toContain('DELETE /api/comments/c1');
  });
});
