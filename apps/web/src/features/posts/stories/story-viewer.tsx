import { ActionIcon, Modal, VisuallyHidden } from '@mantine/core';
import { STORY_PHOTO_SECONDS } from '@motema/shared/posts';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dataSaverOn } from '../../../lib/data-saver.ts';
import { notify } from '../../../lib/notices.ts';
import { useClock } from '../../../lib/use-clock.ts';
import { isolate } from '../../../ui/member-text.tsx';
import { paymentRequired } from '../../billing/payment-required.ts';
import { markStorySeen, useDeleteStoryMutation } from './stories.api.ts';
import { useBackCloses, useStoryGestures, useStoryKeys } from './story-gestures.ts';
import { onMobileData, StoryMedia } from './story-media.tsx';
import { usePauses, useStoryPlayback, type StoryEntry } from './story-playback.ts';
import { StoryProgress } from './story-progress.tsx';
import { storyAge } from './story-time.ts';
import { StoryViewerFooter } from './story-viewer-footer.tsx';
import { StoryViewerHeader } from './story-viewer-header.tsx';
import classes from './story-viewer.module.css';

export type { StoryEntry } from './story-playback.ts';

type Props = {
  /** The members whose stories play one after the other (the tray's order), from `start`. */
  entries: StoryEntry[];
  start: number;
  /** The story to start from (a tile of the profile's stories tab); else the first not seen. */
  startStory?: string;
  meId: string | null;
  onClose: () => void;
};

/** Whether videos may start by themselves: not with data saver, not on mobile data. */
const videosPlayByThemselves = () => !dataSaverOn() && !onMobileData();

/** A set with one more value (state updates keep sets immutable). */
const withValue = <T,>(set: ReadonlySet<T>, value: T): ReadonlySet<T> => new Set(set).add(value);

/**
 * The full-screen story viewer: a progress bar per story of the member, a tap on the right goes on,
 * on the left back, a hold pauses, a swipe down (or Escape) closes. Photos stay STORY_PHOTO_SECONDS
 * once drawn, videos their length, muted until the member turns the sound on. A story shown is
 * marked seen; its author sees who viewed it and may delete it; others reply in a chat message.
 */
export function StoryViewer({ entries: given, start, startStory, meId, onClose: closed }: Props) {
  const { t, i18n } = useTranslation('stories');
  const queryClient = useQueryClient();
  // Every way out goes through `onClose`, which Back takes too (useBackCloses).
  const { close: onClose } = useBackCloses(closed);
  const now = useClock(60_000);
  const { entry, story, position, key, goNext, goPrevious, removeStory } = useStoryPlayback(
    given,
    start,
    onClose,
    startStory,
  );
  const { pauses, pause } = usePauses();
  // The story on screen's own state: drawn (or playing), and a video's part played.
  const [shown, setShown] = useState({ key, ready: false, fraction: 0 });
  const current = shown.key === key ? shown : { key, ready: false, fraction: 0 };
  const [muted, setMuted] = useState(true);
  // Videos started with a tap (where they do not start by themselves), or that must wait for one.
  const [started, setStarted] = useState<ReadonlySet<string>>(new Set());
  const [blocked, setBlocked] = useState<ReadonlySet<string>>(new Set());
  const [mayAutoplay] = useState(videosPlayByThemselves);
  const remove = useDeleteStoryMutation();
  const own = entry !== undefined && entry.member._id === meId;

  const { handlers, dragY } = useStoryGestures({
    onNext: goNext,
    onPrevious: goPrevious,
    onClose,
    onHold: (held) => pause('held', held),
  });

  // Unchanged state is the same object: the photo tells it is drawn on every render.
  const onReady = useCallback(
    (ready: boolean) =>
      setShown((s) =>
        s.key === key ? (s.ready === ready ? s : { ...s, ready }) : { key, ready, fraction: 0 },
      ),
    [key],
  );
  const onProgress = useCallback(
    (fraction: number) => setShown((s) => ({ key, ready: s.key === key && s.ready, fraction })),
    [key],
  );
  const onBlocked = useCallback(() => {
    if (story) setBlocked((set) => withValue(set, story._id));
  }, [story]);

  // Seen once shown (not one's own): the tray's ring turns grey, the author's count grows.
  useEffect(() => {
    if (story && !own && meId) markStorySeen(queryClient, story, meId);
  }, [story, own, meId, queryClient]);

  // A hidden page (another app, the screen off) holds the story where it was.
  useEffect(() => {
    const onVisibility = () => pause('hidden', document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [pause]);

  const holding = pauses.has('held');
  useStoryKeys({ onNext: goNext, onPrevious: goPrevious, onPause: () => pause('held', !holding) });

  // The paywall's dialog, opened by a reply, comes in front: the viewer steps aside.
  const paywall = useSyncExternalStore(paymentRequired.subscribe, paymentRequired.get);
  useEffect(() => {
    if (paywall) onClose();
  }, [paywall, onClose]);

  // Nothing left to show.
  useEffect(() => {
    if (!story) onClose();
  }, [story, onClose]);

  if (!entry || !story) return null;

  const video = story.media.kind === 'video' && story.media.status === 'ready';
  const held = video && (!mayAutoplay || blocked.has(story._id)) && !started.has(story._id);
  const paused = pauses.size > 0;
  const name = isolate(entry.member.firstName ?? entry.member.name);
  // A photo's time runs once it is drawn (a story not ready runs at once: it only says so).
  const running = !paused && (video ? !held : current.ready || story.media.status !== 'ready');

  const deleteStory = () =>
    remove.mutate(story._id, {
      onSuccess: () => {
        notify('positive', t('viewer.deleted'));
        removeStory(story._id);
      },
    });

  return (
    <Modal.Root opened onClose={onClose} fullScreen transitionProps={{ duration: 0 }}>
      <Modal.Overlay backgroundOpacity={1} color="#000" />
      <Modal.Content bg="black">
        <Modal.Body p={0}>
          <VisuallyHidden>
            <Modal.Title>{t('viewer.title', { name })}</Modal.Title>
          </VisuallyHidden>
          <div
            className={classes.frame}
            style={
              dragY > 0
                ? { transform: `translateY(${dragY}px)`, opacity: Math.max(0.4, 1 - dragY / 400) }
                : undefined
            }
          >
            <div className={classes.media}>
              <StoryMedia
                key={key}
                media={story.media}
                alt={name}
                paused={paused}
                muted={muted}
                held={held}
                onStart={() => setStarted((set) => withValue(set, story._id))}
                onBlocked={onBlocked}
                onReady={onReady}
                onProgress={onProgress}
                onEnded={goNext}
              />
            </div>
            <div className={classes.gestures} {...handlers} data-testid="story-gestures" />

            <div className={classes.top}>
              <StoryProgress
                count={entry.stories.length}
                index={position.story}
                round={key}
                seconds={video ? null : STORY_PHOTO_SECONDS}
                running={running}
                fraction={current.fraction}
                onEnd={goNext}
                label={t('viewer.position', { number: position.story + 1, count: entry.stories.length })}
              />
              <StoryViewerHeader
                member={entry.member}
                story={story._id}
                own={own}
                age={storyAge(story.createdAt, now, i18n.language)}
                held={holding}
                muted={video ? muted : null}
                onMute={() => setMuted((value) => !value)}
                onMenu={(opened) => pause('menu', opened)}
                onDelete={deleteStory}
                deleting={remove.isPending}
                onClose={onClose}
              />
            </div>

            <SideButtons onPrevious={goPrevious} onNext={goNext} />

            <StoryViewerFooter story={story} author={entry.member} own={own} now={now} pause={pause} />
          </div>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** Back and on for a mouse, on wide screens (phones tap the story's sides). */
function SideButtons({ onPrevious, onNext }: { onPrevious: () => void; onNext: () => void }) {
  const { t } = useTranslation('stories');
  const side = (where: 'left' | 'right') => ({
    className: classes.side,
    style: { [where]: 8 },
    visibleFrom: 'sm',
    variant: 'white',
    color: 'dark',
    radius: 'xl',
    size: 'lg',
  });
  return (
    <>
      <ActionIcon {...side('left')} aria-label={t('viewer.previous')} onClick={onPrevious}>
        <IconChevronLeft size={20} aria-hidden />
      </ActionIcon>
      <ActionIcon {...side('right')} aria-label={t('viewer.next')} onClick={onNext}>
        <IconChevronRight size={20} aria-hidden />
      </ActionIcon>
    </>
  );
}
