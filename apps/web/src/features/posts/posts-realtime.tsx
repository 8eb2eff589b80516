import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import i18next from 'i18next';
import { useLocation } from 'react-router';
import { loadNamespaces } from '../../lib/i18n.ts';
import { notify } from '../../lib/notices.ts';
import { useSocketEvent } from '../../lib/socket.ts';
import { isolate } from '../../ui/member-text.tsx';
import { addCachedComment } from './comments/post-comments.api.ts';
import { changeCachedPosts, invalidatePostLists, postKeys } from './posts.api.ts';

/** Says something of posts wherever the member is, once the `posts` texts are there. */
async function tell(
  kind: 'positive' | 'warning' | 'negative',
  key: string,
  values: Record<string, unknown> = {},
) {
  try {
    await loadNamespaces(['posts']);
    notify(kind, i18next.t(key, { ns: 'posts', ...values }), 6000);
  } catch {
    // The texts could not load (offline): the screens show the change when opened.
  }
}

/**
 * Mounted once in the member's app (inside the socket): the posts' events keep every cached post,
 * comment and request current, and tell the member what concerns them (a request to answer, access
 * given, a comment, a video ready or refused) unless the screen they are on shows it already.
 */
export function PostsRealtime() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const onPost = (id: string) => pathname === `/post/${id}`;
  // Comments already told: the same event again (a replay after a reconnection) is not news.
  const told = useRef(new Set<string>());

  useSocketEvent('posts:request', ({ requester }) => {
    void queryClient.invalidateQueries({ queryKey: postKeys.requests() });
    if (pathname !== '/posts/requests')
      void tell('positive', 'realtime.request', { name: isolate(requester.firstName ?? requester.name) });
  });

  useSocketEvent('posts:access', ({ post, access }) => {
    // Allowed: the text and media come with the post asked again; refused: it locks again.
    changeCachedPosts(queryClient, post._id, (cached) => ({
      ...cached,
      access: access === 'allowed' ? 'allowed' : 'none',
    }));
    void queryClient.invalidateQueries({ queryKey: postKeys.post(post._id) });
    void invalidatePostLists(queryClient);
    if (access === 'allowed') void tell('positive', 'realtime.allowed');
  });

  useSocketEvent('posts:comment', ({ post, comment }) => {
    if (told.current.has(comment._id)) return;
    told.current.add(comment._id);
    addCachedComment(queryClient, comment);
    if (!onPost(post._id))
      void tell('positive', 'realtime.comment', {
        name: isolate(comment.author.firstName ?? comment.author.name),
      });
  });

  useSocketEvent('posts:ready', ({ post, status }) => {
    void queryClient.invalidateQueries({ queryKey: postKeys.post(post._id) });
    void invalidatePostLists(queryClient);
    void tell(
      status === 'ready' ? 'positive' : 'negative',
      status === 'ready' ? 'realtime.ready' : 'realtime.failed',
    );
  });

  return null;
}
