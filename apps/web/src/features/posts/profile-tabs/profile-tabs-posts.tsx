import {
  Button,
  EmptyState,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import type { Post } from '@motema/shared/posts';
import {
  IconAlertTriangle,
  IconLock,
  IconMicrophone,
  IconPhoto,
  IconPlayerPlayFilled,
  IconStack2,
  IconVideo,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MemberText } from '../../../ui/member-text.tsx';
import { ResponsiveImage } from '../../../ui/responsive-image.tsx';
import { postPath } from '../post-paths.ts';
import { useMemberPostsQuery } from '../posts.api.ts';
import classes from './profile-tabs.module.css';
import { LoadFailed } from '../../../ui/load-failed.tsx';

type PostTab = 'pictures' | 'videos' | 'podcasts';
type Props = {
  userId: string;
  kind: 'photo' | 'video' | 'audio';
  tab: PostTab;
  own: boolean;
  name: string;
  onAdd: () => void;
};

/** A third of a phone's width, or of the profile's column on a wide screen. */
const TILE_SIZES = '(min-width: 48em) 180px, 33vw';
const PLACEHOLDERS = 6;

/** A duration as players say it: 0:42, 12:05, 1:02:09. */
export function clockOf(ms: number | null): string | null {
  if (ms === null) return null;
  const total = Math.round(ms / 1000);
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/**
 * One tab of a member's posts of a kind: photos and videos as a grid of thumbnails (a poster for a
 * video; nothing plays here), podcasts as a list; private posts the viewer may not see as locked
 * tiles that open the post, where they ask to see it. Older posts come on "Show more".
 */
export function ProfilePostsTab({ userId, kind, tab, own, name, onAdd }: Props) {
  const { t } = useTranslation('stories');
  const query = useMemberPostsQuery(userId, kind);
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];

  if (query.isPending)
    return (
      <div className={classes.grid} aria-busy="true">
        {Array.from({ length: PLACEHOLDERS }, (_, index) => (
          <Skeleton key={index} className={classes.tile} />
        ))}
      </div>
    );
  if (query.isError && posts.length === 0)
    return (
      <LoadFailed
        compact
        message={t('tabs.error')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (posts.length === 0) return <EmptyTab tab={tab} own={own} name={name} onAdd={onAdd} />;

  return (
    <Stack gap="md">
      {kind === 'audio' ? (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {posts.map((post) => (
            <li key={post._id}>
              <PodcastRow post={post} />
            </li>
          ))}
        </Stack>
      ) : (
        <ul className={classes.grid}>
          {posts.map((post) => (
            <li key={post._id}>
              <PostTile post={post} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('tabs.more')}
        </Button>
      )}
    </Stack>
  );
}

/** A tab without posts: on one's own profile, the way to add the first. */
function EmptyTab({
  tab,
  own,
  name,
  onAdd,
}: {
  tab: PostTab;
  own: boolean;
  name: string;
  onAdd: () => void;
}) {
  const { t } = useTranslation('stories');
  const Icon = tab === 'pictures' ? IconPhoto : tab === 'videos' ? IconVideo : IconMicrophone;
  return (
    <EmptyState
      icon={<Icon size={28} />}
      withIndicatorBackground
      title={own ? t(`tabs.empty.${tab}.own`) : t(`tabs.empty.${tab}.other`, { name })}
      description={own ? t(`tabs.empty.${tab}.ownText`) : undefined}
    >
      {own && (
        <Button mt="sm" onClick={onAdd}>
          {t(`tabs.add.${tab === 'pictures' ? 'photo' : tab === 'videos' ? 'video' : 'audio'}`)}
        </Button>
      )}
    </EmptyState>
  );
}

/** What a tile or a row says of a post that is not simply there: locked, processing or failed. */
function useStateLabel(post: Post): string | null {
  const { t } = useTranslation('stories');
  if (post.locked) return t(post.access === 'requested' ? 'tabs.requested' : 'tabs.locked');
  if (post.status === 'processing') return t('tabs.processing');
  if (post.status === 'failed') return t('tabs.failed');
  return null;
}

/** The state a post's link carries: its page's way back is to this profile and tab. */
function useBackHere() {
  const { pathname, search } = useLocation();
  return { back: pathname + search };
}

function PostTile({ post }: { post: Post }) {
  const { t, i18n } = useTranslation('stories');
  const state = useStateLabel(post);
  const first = post.media[0];
  const video = post.kind === 'video';
  const date = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long' }).format(
    Date.parse(post.createdAt),
  );
  const label = state
    ? `${t(video ? 'tabs.videoTile' : 'tabs.photoTile', { date })}, ${state}`
    : t(video ? 'tabs.videoTile' : 'tabs.photoTile', { date });
  return (
    <Link
      to={postPath(post._id)}
      state={useBackHere()}
      className={classes.tile}
      data-shape={video ? 'portrait' : undefined}
    >
      {/* Its name: what and when (the badges drawn on it are hidden from screen readers). */}
      <VisuallyHidden component="span">{label}</VisuallyHidden>
      {state ? (
        <span className={classes.center}>
          {post.locked ? (
            <IconLock size={22} aria-hidden />
          ) : post.status === 'processing' ? (
            <Loader size="xs" aria-hidden />
          ) : (
            <IconAlertTriangle size={22} aria-hidden />
          )}
          <span aria-hidden>{state}</span>
        </span>
      ) : (
        first?.image && <ResponsiveImage image={first.image} alt="" sizes={TILE_SIZES} />
      )}
      {video && !state && (
        <span className={`${classes.badge} ${classes.bottomLeft}`} aria-hidden>
          <IconPlayerPlayFilled size={12} />
          {clockOf(first?.durationMs ?? null)}
        </span>
      )}
      {post.mediaCount > 1 && (
        <span className={`${classes.badge} ${classes.topRight}`} aria-hidden>
          <IconStack2 size={12} />
          {post.mediaCount}
        </span>
      )}
    </Link>
  );
}

function PodcastRow({ post }: { post: Post }) {
  const { t, i18n } = useTranslation('stories');
  const state = useStateLabel(post);
  const date = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long' }).format(
    Date.parse(post.createdAt),
  );
  const duration = clockOf(post.media[0]?.durationMs ?? null);
  return (
    <Link to={postPath(post._id)} state={useBackHere()} className={classes.row}>
      <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
        {post.locked ? <IconLock size={20} /> : <IconMicrophone size={20} />}
      </ThemeIcon>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} truncate>
          {post.locked || !post.text ? t('tabs.podcast') : <MemberText>{post.text}</MemberText>}
        </Text>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            {[date, duration, state].filter(Boolean).join(' · ')}
          </Text>
        </Group>
      </Stack>
    </Link>
  );
}
