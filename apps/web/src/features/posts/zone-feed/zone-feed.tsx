import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZoneFeedProps } from '../../../ui/zone-feed-slot.ts';
import { PostComposer } from '../composer/post-composer.tsx';
import { PostList } from '../feed/post-list.tsx';
import { useZonePostsQuery } from '../posts.api.ts';

/**
 * A zone's feed (lent to the zone's page, `/zone/:id`), or one member's posts in it
 * (`/zone/:id/profile/:user`): the feed's list of cards, and the composer for those who may post. A
 * post's menu and comments offer its zone's admins and managers to remove them (`post.zone.moderator`).
 */
export function ZoneFeed({ zoneId, canPost, memberId }: ZoneFeedProps) {
  const { t } = useTranslation('posts');
  const feed = useZonePostsQuery(zoneId, memberId);
  const [composing, setComposing] = useState(false);

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
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
      <PostList
        query={feed}
        label={t('feed.title')}
        empty={
          <Text c="dimmed" ta="center" py="md">
            {t('zone.empty')}
          </Text>
        }
      />
      {canPost && <PostComposer opened={composing} onClose={() => setComposing(false)} zoneId={zoneId} />}
    </Stack>
  );
}
