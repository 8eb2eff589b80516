import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostRequestDecision, PostRequestPage } from '@motema/shared/posts';
import { api } from '../../../lib/api-client.ts';
import { changeCachedPosts, cursorPaging, postKeys, postPath, type Pages } from '../posts.api.ts';

/** Permission requests to see private posts: asking, and the author's answers. */

/** Asks the author of a private post to see it (or withdraws the request). */
export function useAccessRequestMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ask: boolean) =>
      api<unknown>(`${postPath(postId)}/requests`, { method: ask ? 'POST' : 'DELETE' }),
    onSuccess: (_answer, ask) =>
      changeCachedPosts(queryClient, postId, (post) => ({ ...post, access: ask ? 'requested' : 'none' })),
    onError: (_error, ask) => {
      // Already asked (409) or allowed meanwhile: the server's post says which.
      if (ask) void queryClient.invalidateQueries({ queryKey: postKeys.post(postId) });
    },
  });
}

/**
 * The author's waiting permission requests, newest first, and how many wait (`count`). `silent`
 * where only the count shows (the feed's link): a failure leaves it out without a notice.
 */
export function usePostRequestsQuery(options: { enabled?: boolean; silent?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: postKeys.requests(),
    queryFn: ({ pageParam, signal }) =>
      api<PostRequestPage>('/posts/requests', { query: { cursor: pageParam ?? undefined }, signal }),
    ...cursorPaging,
    enabled: options.enabled !== false,
    meta: options.silent ? { silent: true } : undefined,
  });
}

/** Accepts or declines one request; it leaves the list at once. */
export function useDecideRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, userId, decision }: { postId: string; userId: string } & PostRequestDecision) =>
      api<void>(`${postPath(postId)}/requests/${encodeURIComponent(userId)}`, {
        method: 'POST',
        body: { decision },
      }),
    onSuccess: (_nothing, { postId, userId, decision }) => {
      queryClient.setQueryData<Pages<PostRequestPage>>(postKeys.requests(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                requests: page.requests.filter(
                  (request) => !(request.post._id === postId && request.requester._id === userId),
                ),
                count: Math.max(0, page.count - 1),
              })),
            }
          : data,
      );
      // The allow list shown on the post changed.
      if (decision === 'accept') void queryClient.invalidateQueries({ queryKey: postKeys.post(postId) });
    },
  });
}
