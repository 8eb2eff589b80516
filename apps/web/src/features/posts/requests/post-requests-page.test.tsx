import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostRequest } from '@motema/shared/posts';
import { buildMe, renderPage } from '../../../test/render-page.tsx';
import {
  AMANI,
  bodyOf,
  callsOf,
  iso,
  KOFI,
  OTHER_POST_ID,
  POST_ID,
  stubPostsApi,
} from '../posts-fixtures.ts';
import { PostRequestsPage } from './post-requests-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const open = () => renderPage('/posts/requests', <PostRequestsPage />, { me: buildMe() });

const request = (change: Partial<PostRequest> = {}): PostRequest => ({
  post: { _id: POST_ID, kind: 'photo', text: 'Sunday at the river' },
  requester: AMANI,
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  ...change,
});

describe('PostRequestsPage', () => {
  it('starts at the 16 px margin of the other pages on a phone, not 12 px', async () => {
    stubPostsApi({ 'GET /api/posts/requests': () => ({ requests: [], next: null, count: 0 }) });
    open();
    const frame = (
      await screen.findByRole('heading', { level: 1, name: 'Requests to see your posts' })
    ).closest<HTMLElement>('.mantine-Container-root');
    expect(frame?.style.paddingInline).toBe('var(--mantine-spacing-md)');
    expect(await screen.findByText('No request waiting.')).toBeTruthy();
  });

  it('lists who asks for which post; Accept and Decline answer each, and the answered one leaves', async () => {
    const fetch = stubPostsApi({
      'GET /api/posts/requests': () => ({
        requests: [
          request(),
          request({ post: { _id: OTHER_POST_ID, kind: 'video', text: ' ' }, requester: KOFI }),
        ],
        next: null,
        count: 2,
      }),
      [`POST /api/posts/${POST_ID}/requests/${AMANI._id}`]: () => new Response(null, { status: 204 }),
      [`POST /api/posts/${OTHER_POST_ID}/requests/${KOFI._id}`]: () => new Response(null, { status: 204 }),
    });
    open();
    const user = userEvent.setup();
    const post = await screen.findByRole('link', { name: 'Sunday at the river' });
    expect(post.getAttribute('href')).toBe(`/post/${POST_ID}`);
    // A post without words is named by its kind.
    expect(screen.getByRole('link', { name: 'a video' }).getAttribute('href')).toBe(`/post/${OTHER_POST_ID}`);

    await user.click(screen.getByRole('button', { name: `Accept ${iso(AMANI.name)}’s request` }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sunday at the river' })).toBeNull());
    expect(bodyOf(fetch, `POST /api/posts/${POST_ID}/requests/${AMANI._id}`)).toEqual({ decision: 'accept' });

    await user.click(screen.getByRole('button', { name: `Decline ${iso(KOFI.name)}’s request` }));
    expect(await screen.findByText('No request waiting.')).toBeTruthy();
    expect(bodyOf(fetch, `POST /api/posts/${OTHER_POST_ID}/requests/${KOFI._id}`)).toEqual({
      decision: 'decline',
    });
    expect(callsOf(fetch).filter((call) => call.startsWith('GET'))).toHaveLength(1);
  });
});
