import { Anchor, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Post } from '@motema/shared/posts';
import { IconLock, IconMessageCircle, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n.ts';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { isolate, MemberText } from '../../../ui/member-text.tsx';
import { conversationTime } from '../../../lib/time-ago.ts';
import { LikeButton } from './post-like-button.tsx';
import { LockedPost } from './post-locked.tsx';
import { PostMedia } from '../media/post-media.tsx';
import { PostMenu } from './post-menu.tsx';
import { postPath } from '../post-paths.ts';
import { usePostLikeMutation } from '../posts.api.ts';

/** Photos a feed card shows before "+N" (the post's page shows them all). */
const FEED_PHOTOS = 4;

type Props = {
  post: Post;
  /** The member looking (null: a visitor on a shared public post). */
  viewer: string | null;
  /** In the feed the card links to the post's page; on that page it shows everything. */
  variant: 'feed' | 'page';
};

/** One post: its author and date, its text and media (or the locked view), its likes and comments. */
export function PostCard({ post, viewer, variant }: Props) {
  const { t } = useTranslation('posts');
  const like = usePostLikeMutation(post._id);
  const name = post.author.firstName ?? post.author.name;
  const link = postPath(post._id);
  const Visibility = post.visibility === 'public' ? IconWorld : IconLock;
  const long = variant === 'feed' && post.text.length > 400;

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={t('card.label', { name: isolate(name) })}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="center">
          <Anchor
            component={Link}
            to={`/profile/${encodeURIComponent(post.author._id)}`}
            aria-hidden
            tabIndex={-1}
          >
            <MemberAvatar name={post.author.name} image={post.author.avatar} size={40} radius={40} />
          </Anchor>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Anchor
              component={Link}
              to={`/profile/${encodeURIComponent(post.author._id)}`}
              fw={600}
              c="var(--mantine-color-text)"
              truncate="end"
            >
              <MemberText>{post.author.name}</MemberText>
            </Anchor>
            <Group gap={6} wrap="nowrap">
              <Anchor component={Link} to={link} size="xs" c="dimmed">
                <time dateTime={post.createdAt}>
                  {conversationTime(post.createdAt, Date.now(), currentLanguage())}
                </time>
              </Anchor>
              {/* A zone's post is seen by its zone's readers: "public" would mislead. */}
              {!post.zone && (
                <Tooltip label={t(`visibility.${post.visibility}`)}>
                  <Visibility
                    size={14}
                    aria-label={t(`visibility.${post.visibility}`)}
                    color="var(--mantine-color-dimmed)"
                  />
                </Tooltip>
              )}
              {post.editedAt && (
                <Text size="xs" c="dimmed">
                  {t('card.edited')}
                </Text>
              )}
            </Group>
          </Stack>
          <PostMenu post={post} name={name} viewer={viewer} />
        </Group>

        {post.locked ? (
          <LockedPost post={post} name={name} />
        ) : (
          <>
            {post.text && (
              <Text
                component="div"
                dir="auto"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                lineClamp={long ? 8 : undefined}
              >
                {post.text}
              </Text>
            )}
            {long && (
              <Anchor component={Link} to={link} size="sm">
                {t('card.readMore')}
              </Anchor>
            )}
            <PostMedia
              post={post}
              name={name}
              limit={variant === 'feed' ? FEED_PHOTOS : undefined}
              foremost={variant === 'page'}
            />
          </>
        )}

        {!post.locked && post.status === 'ready' && (
          <Group gap="xs">
            <LikeButton
              liked={post.liked}
              likes={post.likes}
              onToggle={(on) => like.mutate(on)}
              disabled={!viewer}
            />
            {variant === 'feed' ? (
              <Button
                component={Link}
                to={link}
                variant="subtle"
                color="gray"
                size="compact-md"
                leftSection={<IconMessageCircle size={20} aria-hidden />}
                aria-label={t('comments.open', { count: post.comments })}
              >
                {post.comments}
              </Button>
            ) : (
              <Group gap={6} c="dimmed">
                <IconMessageCircle size={20} aria-hidden />
                <Text size="sm">{t('comments.count', { count: post.comments })}</Text>
              </Group>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
