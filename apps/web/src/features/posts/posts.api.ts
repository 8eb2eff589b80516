import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type {
  LikeState,
  MediaItem,
  MediaUse,
  Post,
  PostCreate,
  PostPage,
  PostUpdate,
} from '@motema/shared/posts';
import { api, uploadForm } from '../../lib/api-client.ts';

/**
 * Posts: the feed, one post, a member's posts by kind (the profile's tabs), comments, likes and
 * permission requests (contract: packages/shared/src/posts.ts). A post shows in several caches at
 * once (the feed, a profile tab, its own page): `changeCachedPosts` keeps them the same.
 */
export const postKeys = {
  all: ['posts'] as const,
  feed: () => ['posts', 'feed'] as const,
  post: (id: string) => ['posts', 'post', id] as const,
  /** A member's posts of one kind (pictures = photo, videos = video, podcasts = audio). */
  member: (userId: string, kind?: Post['kind']) => ['posts', 'member', userId, kind ?? 'all'] as const,
  /** A zone's posts, or one member's posts in it. */
  zone: (zoneId: string, userId?: string) => ['posts', 'zone', zoneId, userId ?? 'all'] as const,
  comments: (postId: string) => ['posts', 'comments', postId] as const,
  requests: () => ['posts', 'requests'] as const,
  upload: (itemId: string) => ['posts', 'upload', itemId] as const,
};

/** The API's address of a post (under /api). */
export const postPath = (id: string) => `/posts/${encodeURIComponent(id)}`;
/** The API's address of a zone's posts (under /api). */
export const zonePostsPath = (zoneId: string) => `/zones/${encodeURIComponent(zoneId)}/posts`;

/** How often a post or an upload still encoding is asked for again (the socket may say it sooner). */
export const PROCESSING_POLL_MS = 3000;
/**
 * A list holding the member's post still encoding is asked again less often: every page loaded
 * comes again each time, and `posts:ready` (PostsRealtime) usually says it first.
 */
export const PROCESSING_LIST_POLL_MS = 10_000;

export type Pages<T> = InfiniteData<T, string | null>;

export const cursorPaging = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { next: string | null }) => last.next ?? undefined,
};

/** The feed, newest first, page after page (an opaque keyset cursor). */
export function useFeedQuery() {
  return useInfiniteQuery({
    queryKey: postKeys.feed(),
    queryFn: ({ pageParam, signal }) =>
      api<PostPage>('/posts', { query: { cursor: pageParam ?? undefined }, signal }),
    ...cursorPaging,
    // The author sees their post "processing": asked again until the media worker is done.
    refetchInterval: whileProcessing,
  });
}

/** A list's poll while it holds a post still encoding (the author's own). */
function whileProcessing(query: { state: { data?: Pages<PostPage> } }): number | false {
  const pages = query.state.data?.pages ?? [];
  return pages.some((page) => page.posts.some((post) => post.status === 'processing'))
    ? PROCESSING_LIST_POLL_MS
    : false;
}

/** A member's posts of one kind (the profile's tabs), newest first; locked ones show as such. */
export function useMemberPostsQuery(
  userId: string,
  kind?: Post['kind'],
  options: { enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey: postKeys.member(userId, kind),
    queryFn: ({ pageParam, signal }) =>
      api<PostPage>(`/users/${encodeURIComponent(userId)}/posts`, {
        query: { kind, cursor: pageParam ?? undefined },
        signal,
      }),
    ...cursorPaging,
    enabled: options.enabled !== false && userId !== '',
    refetchInterval: whileProcessing,
  });
}

/** A zone's posts, or one member's posts in the zone, newest first (for those who may read it). */
export function useZonePostsQuery(zoneId: string, userId?: string) {
  return useInfiniteQuery({
    queryKey: postKeys.zone(zoneId, userId),
    queryFn: ({ pageParam, signal }) =>
      api<PostPage>(
        userId
          ? `/zones/${encodeURIComponent(zoneId)}/members/${encodeURIComponent(userId)}/posts`
          : zonePostsPath(zoneId),
        { query: { cursor: pageParam ?? undefined }, signal },
      ),
    ...cursorPaging,
    refetchInterval: whileProcessing,
  });
}

/** One post (its page). A post still encoding is asked again until it is ready or failed. */
export function usePostQuery(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: postKeys.post(id),
    queryFn: ({ signal }) => api<Post>(postPath(id), { signal }),
    enabled: options.enabled !== false,
    // The page says "bad format", "not allowed" and "not available" itself.
    meta: { silent: true },
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false),
  });
}

/** Every cached copy of a post (the feed, profile tabs, its page) through `change`; null removes it. */
export function changeCachedPosts(
  queryClient: QueryClient,
  postId: string,
  change: (post: Post) => Post | null,
): void {
  const changePage = (page: PostPage): PostPage => ({
    ...page,
    posts: page.posts.flatMap((post) => {
      if (post._id !== postId) return [post];
      const next = change(post);
      return next ? [next] : [];
    }),
  });
  for (const key of [postKeys.feed(), ['posts', 'member'], ['posts', 'zone']] as QueryKey[])
    queryClient.setQueriesData<Pages<PostPage>>({ queryKey: key }, (data) =>
      data ? { ...data, pages: data.pages.map(changePage) } : data,
    );
  const single = queryClient.getQueryData<Post>(postKeys.post(postId));
  if (!single) return;
  const next = change(single);
  if (next) queryClient.setQueryData(postKeys.post(postId), next);
  else queryClient.removeQueries({ queryKey: postKeys.post(postId), exact: true });
}

/** The lists a post may newly belong to (or leave): the feed and every profile tab. */
export function invalidatePostLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: postKeys.feed() }),
    queryClient.invalidateQueries({ queryKey: ['posts', 'member'] }),
  ]);
}

/** Publishes a post: in the feed's lists, or in a zone's (`zoneId`: public within the zone). */
export function useCreatePostMutation(zoneId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: PostCreate) =>
      api<Post>(zoneId ? zonePostsPath(zoneId) : '/posts', { method: 'POST', body: post }),
    // The composer says what went wrong in its own words.
    meta: { form: true },
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.post(post._id), post);
      // The new post on top of its list at once; the list's next refresh confirms it.
      queryClient.setQueryData<Pages<PostPage>>(zoneId ? postKeys.zone(zoneId) : postKeys.feed(), (data) =>
        data && data.pages[0]
          ? {
              ...data,
              pages: [{ ...data.pages[0], posts: [post, ...data.pages[0].posts] }, ...data.pages.slice(1)],
            }
          : data,
      );
      void queryClient.invalidateQueries({
        queryKey: zoneId ? ['posts', 'zone', zoneId] : ['posts', 'member'],
      });
    },
  });
}

export function useUpdatePostMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PostUpdate) => api<Post>(postPath(postId), { method: 'PATCH', body: change }),
    meta: { form: true },
    onSuccess: (post) => changeCachedPosts(queryClient, post._id, () => post),
  });
}

/** Deletes a post: its author's, or another's removed from a zone by one of its admins and managers (`zone`). */
export function useDeletePostMutation(zone?: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) =>
      api<void>(zone ? `${zonePostsPath(zone)}/${encodeURIComponent(postId)}` : postPath(postId), {
        method: 'DELETE',
      }),
    onSuccess: (_nothing, postId) => {
      changeCachedPosts(queryClient, postId, () => null);
      queryClient.removeQueries({ queryKey: postKeys.comments(postId) });
    },
  });
}

/**
 * Uploads one file for a post or a story (POST /api/media/uploads, multipart: `use` first, then
 * `file`) through XMLHttpRequest for its progress. A photo answers `ready`; a video or an audio
 * `processing` (follow it with `useUploadQuery`).
 */
export async function uploadMedia(
  file: Blob,
  use: MediaUse,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<MediaItem> {
  const form = new FormData();
  form.append('use', use);
  form.append('file', file, file instanceof File ? file.name : 'upload');
  return (await uploadForm('/media/uploads', form, { onProgress, signal })) as MediaItem;
}

/** The member's own upload while the media worker encodes it: asked again until ready or failed. */
export function useUploadQuery(item: MediaItem | null) {
  const id = item?._id ?? '';
  return useQuery({
    queryKey: postKeys.upload(id),
    queryFn: ({ signal }) => api<MediaItem>(`/media/uploads/${encodeURIComponent(id)}`, { signal }),
    enabled: item !== null && item.status === 'processing',
    initialData: item ?? undefined,
    initialDataUpdatedAt: 0,
    meta: { silent: true },
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false),
  });
}

/** Likes a post (or takes the like back), shown at once; the server's count replaces the guess. */
export function usePostLikeMutation(postId: string) {
  const queryClient = useQueryClient();
  const apply = (state: LikeState) =>
    changeCachedPosts(queryClient, postId, (post) => ({ ...post, ...state }));
  return useMutation({
    mutationFn: (like: boolean) =>
      api<LikeState>(`${postPath(postId)}/like`, { method: like ? 'PUT' : 'DELETE' }),
    onMutate: (like) => {
      const before =
        queryClient.getQueryData<Post>(postKeys.post(postId)) ?? findCachedPost(queryClient, postId);
      if (before && before.liked !== like)
        apply({ liked: like, likes: Math.max(0, before.likes + (like ? 1 : -1)) });
      return before ? { likes: before.likes, liked: before.liked } : undefined;
    },
    onError: (_error, _like, before) => before && apply(before),
    onSuccess: apply,
  });
}

/** A post from any cached list (the feed, a profile tab) when its own page is not cached. */
export function findCachedPost(queryClient: QueryClient, postId: string): Post | undefined {
  for (const [, data] of queryClient.getQueriesData<Pages<PostPage>>({ queryKey: postKeys.all })) {
    const pages = (data as Pages<PostPage> | undefined)?.pages;
    if (!Array.isArray(pages)) continue;
    for (const page of pages) {
      const found = page.posts?.find((post) => post._id === postId);
      if (found) return found;
    }
  }
  return undefined;
}
