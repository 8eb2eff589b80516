import { Stack, Text } from '@mantine/core';
import type { PostPage } from '@motema/shared/posts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnScreen } from '../../../lib/use-on-screen.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { useMeQuery } from '../../users/users.api.ts';
import { PostCard } from '../post/post-card.tsx';
import { PostSkeleton } from '../post/post-page.tsx';

type Props = {
  query: UseInfiniteQueryResult<InfiniteData<PostPage, unknown>>;
  /** The list's name (its section's label). */
  label: string;
  /** What an empty list shows. */
  empty: ReactNode;
};

/**
 * A list of posts, newest first (the feed, a zone's): skeletons while it loads, the failure with a
 * retry, `empty`, or the posts' cards, the next page asked for as the list's end comes near.
 */
export function PostList({ query, label, empty }: Props) {
  const { t } = useTranslation('posts');
  const me = useMeQuery().data;
  const [end, nearEnd] = useOnScreen<HTMLDivElement>('600px');
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];

  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending)
    return (
      <>
        <PostSkeleton />
        <PostSkeleton />
      </>
    );
  if (query.isError && posts.length === 0)
    return (
      <LoadFailed
        message={t('feed.failed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (posts.length === 0) return empty;
  return (
    <Stack gap="md" component="section" aria-label={label}>
      {posts.map((post) => (
        <PostCard key={post._id} post={post} viewer={me?._id ?? null} variant="feed" />
      ))}
      <div ref={end} />
      {isFetchingNextPage && <PostSkeleton />}
      {!hasNextPage && posts.length > 3 && (
        <Text size="sm" c="dimmed" ta="center">
          {t('feed.end')}
        </Text>
      )}
    </Stack>
  );
}
