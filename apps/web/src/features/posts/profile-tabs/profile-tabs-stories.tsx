import { Button, EmptyState, Skeleton, VisuallyHidden } from '@mantine/core';
import type { Story } from '@motema/shared/posts';
import { IconCircleDashed, IconEye, IconPlayerPlayFilled, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClock } from '../../../lib/use-clock.ts';
import { ResponsiveImage } from '../../../ui/responsive-image.tsx';
import { useMeQuery } from '../../users/users.api.ts';
import { useMemberStoriesQuery } from '../stories/stories.api.ts';
import { storyAge } from '../stories/story-time.ts';
import classes from './profile-tabs.module.css';
import { LoadFailed } from '../../../ui/load-failed.tsx';

const StoryViewer = lazy(() =>
  import('../stories/story-viewer.tsx').then((module) => ({ default: module.StoryViewer })),
);

const TILE_SIZES = '(min-width: 48em) 180px, 33vw';
const PLACEHOLDERS = 3;

type Props = { userId: string; own: boolean; name: string; onAdd: () => void };

const oldestFirst = (a: Story, b: Story) => Date.parse(a.createdAt) - Date.parse(b.createdAt);

/**
 * The profile's stories tab: the member's stories of the last day as tall thumbnails (a video's
 * poster), each opening the viewer there; on one's own profile, "add a story" first and how many
 * saw each.
 */
export function ProfileStoriesTab({ userId, own, name, onAdd }: Props) {
  const { t, i18n } = useTranslation('stories');
  const meId = useMeQuery().data?._id ?? null;
  const query = useMemberStoriesQuery(userId);
  const now = useClock(60_000);
  const [opened, setOpened] = useState<string | null>(null);
  const stories = [...(query.data ?? [])].sort(oldestFirst);

  if (query.isPending)
    return (
      <div className={classes.grid} aria-busy="true">
        {Array.from({ length: PLACEHOLDERS }, (_, index) => (
          <Skeleton key={index} className={classes.tile} data-shape="tall" />
        ))}
      </div>
    );
  if (query.isError)
    return (
      <LoadFailed
        compact
        message={t('tabs.error')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (stories.length === 0)
    return (
      <EmptyState
        icon={<IconCircleDashed size={28} />}
        withIndicatorBackground
        title={own ? t('tabs.empty.stories.own') : t('tabs.empty.stories.other', { name })}
        description={own ? t('tabs.empty.stories.ownText') : undefined}
      >
        {own && (
          <Button mt="sm" onClick={onAdd}>
            {t('tabs.add.story')}
          </Button>
        )}
      </EmptyState>
    );

  return (
    <>
      <ul className={classes.grid}>
        {own && (
          <li>
            <button
              type="button"
              className={classes.tile}
              data-shape="tall"
              onClick={onAdd}
              style={{ border: 0, width: '100%', cursor: 'pointer' }}
            >
              <span className={classes.center}>
                <IconPlus size={24} aria-hidden />
                {t('tabs.add.story')}
              </span>
            </button>
          </li>
        )}
        {stories.map((story) => {
          const age = storyAge(story.createdAt, now, i18n.language);
          return (
            <li key={story._id}>
              <button
                type="button"
                className={classes.tile}
                data-shape="tall"
                onClick={() => setOpened(story._id)}
                style={{ border: 0, width: '100%', padding: 0, cursor: 'pointer' }}
              >
                {/* Its name (the badges drawn on it are hidden from screen readers). */}
                <VisuallyHidden component="span">{t('tabs.storyTile', { age })}</VisuallyHidden>
                {story.media.image && <ResponsiveImage image={story.media.image} alt="" sizes={TILE_SIZES} />}
                {story.media.kind === 'video' && (
                  <span className={`${classes.badge} ${classes.topRight}`} aria-hidden>
                    <IconPlayerPlayFilled size={12} />
                  </span>
                )}
                <span className={`${classes.badge} ${classes.bottomLeft}`} aria-hidden>
                  {own && story.views !== null ? (
                    <>
                      <IconEye size={12} />
                      {story.views}
                    </>
                  ) : (
                    age
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <Suspense fallback={null}>
        {opened !== null && stories[0] && (
          <StoryViewer
            entries={[{ member: stories[0].author, stories }]}
            start={0}
            startStory={opened}
            meId={meId}
            onClose={() => setOpened(null)}
          />
        )}
      </Suspense>
    </>
  );
}
