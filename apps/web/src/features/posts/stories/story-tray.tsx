import { ActionIcon, Skeleton, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { PostMember, StoryTray as Tray } from '@motema/shared/posts';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { useMeQuery } from '../../users/users.api.ts';
import { useStoryTrayQuery } from './stories.api.ts';
import classes from './story-ring.module.css';

// The viewer and the composer load when first opened: home carries only the tray's avatars.
const StoryViewer = lazy(() =>
  import('./story-viewer.tsx').then((module) => ({ default: module.StoryViewer })),
);
const StoryComposer = lazy(() =>
  import('./story-composer.tsx').then((module) => ({ default: module.StoryComposer })),
);

const AVATAR = 62;
const PLACEHOLDERS = 4;

type RingState = 'unseen' | 'seen' | 'none';

/** A member's round avatar in its ring (brand colours: stories not seen yet; grey: all seen). */
export function StoryRing({
  member,
  state,
  size = AVATAR,
}: {
  member: Pick<PostMember, 'name' | 'avatar'>;
  state: RingState;
  size?: number;
}) {
  return (
    <span className={classes.ring} data-state={state} aria-hidden>
      <span className={classes.inner}>
        <MemberAvatar name={member.name} image={member.avatar} size={size} radius={size} />
      </span>
    </span>
  );
}

/**
 * Home's story tray: the member first (their stories, and "add a story"), then the members whose
 * stories they have not seen (a coloured ring), then the rest (grey). Thumbnails only: no story's
 * photo or video loads before the member opens it. `lead` (list items, the members on air) goes first.
 */
export function StoryTray({ lead }: { lead?: ReactNode }) {
  const { t } = useTranslation('stories');
  const me = useMeQuery().data;
  const tray = useStoryTrayQuery({ enabled: Boolean(me) });
  const [viewing, setViewing] = useState<number | null>(null);
  const [composing, setComposing] = useState(false);
  if (!me) return null;

  const members: Tray['members'] = tray.data?.members ?? [];
  const ownIndex = members.findIndex((entry) => entry.member._id === me._id);
  const own = ownIndex === -1 ? null : members[ownIndex]!;

  return (
    <section aria-labelledby="story-tray-title">
      <Title order={2} size="h4" id="story-tray-title" mb="xs">
        {t('tray.title')}
      </Title>
      <ul className={classes.tray}>
        {lead}
        <li style={{ position: 'relative', flex: 'none' }}>
          <button
            type="button"
            className={classes.item}
            onClick={() => (own ? setViewing(ownIndex) : setComposing(true))}
          >
            <StoryRing member={me} state={own ? 'unseen' : 'none'} />
            <Text component="span" className={classes.name} fw={600}>
              {t('tray.you')}
              <VisuallyHidden component="span">{t(own ? 'tray.watchHint' : 'tray.addHint')}</VisuallyHidden>
            </Text>
            {!own && (
              <ThemeIcon className={classes.add} size={24} radius="xl" aria-hidden>
                <IconPlus size={16} stroke={2.5} />
              </ThemeIcon>
            )}
          </button>
          {own && (
            <ActionIcon
              className={classes.add}
              size={24}
              radius="xl"
              aria-label={t('tray.add')}
              onClick={() => setComposing(true)}
            >
              <IconPlus size={16} stroke={2.5} aria-hidden />
            </ActionIcon>
          )}
        </li>
        {tray.isPending
          ? Array.from({ length: PLACEHOLDERS }, (_, index) => (
              <li key={index} className={classes.item} aria-hidden>
                <Skeleton circle height={AVATAR + 10} />
                <Skeleton height={10} width={48} radius="sm" />
              </li>
            ))
          : members.map((entry, index) => {
              if (index === ownIndex) return null;
              const name = entry.member.firstName ?? entry.member.name;
              return (
                <li key={entry.member._id} style={{ flex: 'none' }}>
                  <button type="button" className={classes.item} onClick={() => setViewing(index)}>
                    <StoryRing member={entry.member} state={entry.unseen ? 'unseen' : 'seen'} />
                    <Text component="span" className={classes.name} fw={entry.unseen ? 600 : 400}>
                      <bdi dir="auto">{name}</bdi>
                      <VisuallyHidden component="span">
                        {t(entry.unseen ? 'tray.newHint' : 'tray.seenHint')}
                      </VisuallyHidden>
                    </Text>
                  </button>
                </li>
              );
            })}
      </ul>

      <Suspense fallback={null}>
        {viewing !== null && (
          <StoryViewer entries={members} start={viewing} meId={me._id} onClose={() => setViewing(null)} />
        )}
        {composing && <StoryComposer opened onClose={() => setComposing(false)} />}
      </Suspense>
    </section>
  );
}
