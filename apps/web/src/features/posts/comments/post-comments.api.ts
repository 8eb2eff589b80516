import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Comment, CommentPage, LikeState } from '@motema/shared/posts';
import { api } from '../../../lib/api-client.ts';
import {
  changeCachedPosts,
  cursorPaging,
  postKeys,
  postPath,
  zonePostsPath,
  type Pages,
} from '../posts.api.ts';

/** A post's comments and replies (one level), their likes, edits and deletions. */

const commentPath = (id: string) => `/comments/${encodeURIComponent(id)}`;

/** A post's comments, oldest first, page after page (replies among them). */
export function useCommentsQuery(postId: string, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: postKeys.comments(postId),
    queryFn: ({ pageParam, signal }) =>
      api<CommentPage>(`${postPath(postId)}/comments`, { query: { cursor: pageParam ?? undefined }, signal }),
    ...cursorPaging,
    enabled: options.enabled !== false,
  });
}

/** Every cached comment of a post through `change`; null removes it (and its replies). */
function changeCachedComments(
  queryClient: QueryClient,
  postId: string,
  change: (comment: Comment) => Comment | null,
): void {
  queryClient.setQueryData<Pages<CommentPage>>(postKeys.comments(postId), (data) => {
    if (!data) return data;
    const removed = new Set<string>();
    const pages = data.pages.map((page) => ({
      ...page,
      comments: page.comments.flatMap((comment) => {
        if (comment.parent && removed.has(comment.parent)) return [];
        const next = change(comment);
        if (!next) removed.add(comment._id);
        return next ? [next] : [];
      }),
    }));
    return { ...data, pages };
  });
}

/**
 * Adds a comment to the cached ones (once: the author's own answer and the socket may both bring it)
 * at the end of the last page loaded, and counts it on the post.
 */
export function addCachedComment(queryClient: QueryClient, comment: Comment): void {
  const postId = comment.post._id;
  let added = false;
  queryClient.setQueryData<Pages<CommentPage>>(postKeys.comments(postId), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.comments.some((c) => c._id === comment._id))) return data;
    const last = data.pages.length - 1;
    // Beyond the pages loaded, it comes with the next page: adding it now would show it twice.
    if (data.pages[last]?.next) return data;
    added = true;
    return {
      ...data,
      pages: data.pages.map((page, index) =>
        index === last ? { ...page, comments: [...page.comments, comment] } : page,
      ),
    };
  });
  if (added || !queryClient.getQueryData(postKeys.comments(postId)))
    changeCachedPosts(queryClient, postId, (post) => ({ ...post, comments: post.comments + 1 }));
}

export function useCreateCommentMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: { text: string; parent?: string }) =>
      api<Comment>(`${postPath(postId)}/comments`, { method: 'POST', body: comment }),
    meta: { form: true },
    onSuccess: (comment) => addCachedComment(queryClient, comment),
  });
}

export function useUpdateCommentMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      api<Comment>(commentPath(id), { method: 'PATCH', body: { text } }),
    meta: { form: true },
    onSuccess: (comment) =>
      changeCachedComments(queryClient, postId, (c) => (c._id === comment._id ? comment : c)),
  });
}

/** Deletes a comment: as its author or the post's, or from a zone as one of its admins and managers (`zone`). */
export function useDeleteCommentMutation(postId: string, zone?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(
        zone
          ? `${zonePostsPath(zone)}/${encodeURIComponent(postId)}/comments/${encodeURIComponent(id)}`
          : commentPath(id),
        { method: 'DELETE' },
      ),
    onSuccess: (_nothing, id) => {
      changeCachedComments(queryClient, postId, (c) => (c._id === id ? null : c));
      // The count includes the replies that went with it: the server's post says how many are left.
      void queryClient.invalidateQueries({ queryKey: postKeys.post(postId) });
    },
  });
}

export function useCommentLikeMutation(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  const apply = (state: LikeState) =>
    changeCachedComments(queryClient, postId, (c) => (c._id === commentId ? { ...c, ...state } : c));
  const current = () =>
    queryClient
      .getQueryData<Pages<CommentPage>>(postKeys.comments(postId))
      ?.pages.flatMap((page) => page.comments)
      .find((c) => c._id === commentId);
  return useMutation({
    mutationFn: (like: boolean) =>
      api<LikeState>(`${commentPath(commentId)}/like`, { method: like ? 'PUT' : 'DELETE' }),
    onMutate: (like) => {
      const before = current();
      if (before && before.liked !== like)
        apply({ liked: like, likes: Math.max(0, before.likes + (like ? 1 : -1)) });
      return before ? { likes: before.likes, liked: before.liked } : undefined;
    },
    onError: (_error, _like, before) => before && apply(before),
    onSuccess: apply,
  });
}
