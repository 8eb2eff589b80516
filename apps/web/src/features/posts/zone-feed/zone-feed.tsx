import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import type { ZoneFeedProps } from '../../../ui/zone-feed-slot.ts';
import { useMeQuery } from '../../users/users.api.ts';
import { PostComposer } from '../composer/post-composer.tsx';
import { PostCard } from '../post/post-card.tsx';
import { PostSkeleton } from '../post/post-page.tsx';
import { useZonePostsQuery } from '../posts.api.ts';

/**
 * A zone's feed (lent to the zone's page, `/zone/:id`), or one member's posts in it (`/zone/:id/profile/:user`):
 * the posts' own cards, newest first, older ones on "More posts"; the composer for those who may post.
 * A post's menu and comments offer its zone's admins and managers to remove them (post.zone.moderator).
 */
export function ZoneFeed({ zoneId, canPost, memberId }: ZoneFeedProps) {
  const { t } = useTranslation('posts');
  const me = useMeQuery().data;
  const feed = useZonePostsQuery(zoneId, memberId);
  const [composing, setComposing] = useState(false);
  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];

  return (
    <Stack gap="md" component="section" aria-labelledby="zone-feed-title">
      <Title order={2} size="h4" id="zone-feed-title">
        {t('feed.title')}
      </Title>
      {canPost && (
        <Button
          variant="light"
          leftSection={<IconPencilPlus size={18} aria-hidden />}
          onClick={() => setComposing(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('feed.write')}
        </Button>
      )}
      {feed.isPending ? (
        <PostSkeleton />
      ) : feed.isError && posts.length === 0 ? (
        <LoadFailed
          compact
          message={t('feed.failed')}
          onRetry={() => void feed.refetch()}
          retrying={feed.isFetching}
        />
      ) : posts.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t('zone.empty')}
        </Text>
      ) : (
        <>
          {posts.map((post) => (
            <PostCard key={post._id} post={post} viewer={me?._id ?? null} variant="feed" />
          ))}
          {feed.hasNextPage && (
            <Button
              variant="default"
              style={{ alignSelf: 'center' }}
              loading={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
            >
              {t('zone.more')}
            </Button>
          )}
        </>
      )}
      {canPost && <PostComposer opened={composing} onClose={() => setComposing(false)} zoneId={zoneId} />}
    </Stack>
  );
}
