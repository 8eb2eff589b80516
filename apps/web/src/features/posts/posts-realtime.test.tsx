import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../lib/socket.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { renderNotices } from '../safety/render-notices.tsx';
import { postKeys, type Pages } from './posts.api.ts';
import { PostsRealtime } from './posts-realtime.tsx';
import {
  AMANI,
  KOFI,
  POST_ID,
  buildComment,
  buildPost,
  iso,
  lockedPost,
  stubPostsApi,
} from './posts-fixtures.ts';
import type { CommentPage, Post, PostPage } from '@motema/shared/posts';

beforeEach(() => void renderNotices());
afterEach(() => vi.unstubAllGlobals());

async function renderAt(url: string) {
  const socket = new FakeSocket();
  const view = renderPage(
    '*',
    <SocketContext value={{ socket: socket.asSocket(), connected: true }}>
      <PostsRealtime />
    </SocketContext>,
    { url, me: buildMe({ _id: AMANI._id }) },
  );
  await waitFor(() => expect(socket.listenerCount('posts:comment')).toBe(1));
  return { socket, queryClient: view.queryClient };
}

describe('PostsRealtime', () => {
  it('adds a new comment to the post’s comments once, counts it, and tells the author elsewhere', async () => {
    stubPostsApi({});
    const { socket, queryClient } = await renderAt('/swap');
    queryClient.setQueryData(postKeys.post(POST_ID), buildPost({ author: AMANI, comments: 1 }));
    queryClient.setQueryData<Pages<CommentPage>>(postKeys.comments(POST_ID), {
      pages: [{ comments: [buildComment()], next: null }],
      pageParams: [null],
    });
    const comment = buildComment({ _id: 'c9', text: 'Lovely' });
    socket.serverEmit('posts:comment', { post: { _id: POST_ID }, comment });
    socket.serverEmit('posts:comment', { post: { _id: POST_ID }, comment });
    const comments = queryClient.getQueryData<Pages<CommentPage>>(postKeys.comments(POST_ID))!;
    expect(comments.pages[0]!.comments.map((c) => c._id)).toEqual(['c1', 'c9']);
    expect(queryClient.getQueryData<Post>(postKeys.post(POST_ID))!.comments).toBe(2);
    // Told once, though the event came twice (a reconnection may replay it).
    expect(await screen.findByText(`${iso('Kofi')} commented on your post.`)).toBeTruthy();
  });

  it('unlocks a post the member was let in on, and says so', async () => {
    stubPostsApi({});
    const { socket, queryClient } = await renderAt('/conversations');
    queryClient.setQueryData<Pages<PostPage>>(postKeys.feed(), {
      pages: [{ posts: [lockedPost({ access: 'requested' })], next: null }],
      pageParams: [null],
    });
    socket.serverEmit('posts:access', { post: { _id: POST_ID }, access: 'allowed' });
    const feed = queryClient.getQueryData<Pages<PostPage>>(postKeys.feed());
    expect(feed?.pages[0]!.posts[0]?.access).toBe('allowed');
    expect(await screen.findByText('You can now see a private post you asked for.')).toBeTruthy();
    // Its text and media come with the feed asked again.
    expect(queryClient.getQueryState(postKeys.feed())?.isInvalidated).toBe(true);
  });

  it('tells the author of a request, and refreshes the requests list', async () => {
    stubPostsApi({});
    const { socket, queryClient } = await renderAt('/swap');
    queryClient.setQueryData(postKeys.requests(), {
      pages: [{ requests: [], next: null }],
      pageParams: [null],
    });
    socket.serverEmit('posts:request', { post: { _id: POST_ID }, requester: KOFI });
    expect(await screen.findByText(`${iso('Kofi')} asks to see one of your private posts.`)).toBeTruthy();
    expect(queryClient.getQueryState(postKeys.requests())?.isInvalidated).toBe(true);
  });

  it('says a video refused by the media worker', async () => {
    stubPostsApi({});
    const { socket } = await renderAt('/swap');
    socket.serverEmit('posts:ready', { post: { _id: POST_ID }, status: 'failed' });
    expect(await screen.findByText('Your post could not be prepared. Open it to see why.')).toBeTruthy();
  });
});
