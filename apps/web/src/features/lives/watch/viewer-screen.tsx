import { Button, Group, Stack, Text } from '@mantine/core';
import { liveBytesPerMinute, type Live, type LiveRendition } from '@motema/shared/lives';
import { IconFlag, IconHeadphones } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDataSaver } from '../../../lib/data-saver.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { MemberText } from '../../../ui/member-text.tsx';
import { createLivePlayer, type LivePlayerState } from '../player/create-live-player.ts';
import { LiveChat } from '../room/live-chat.tsx';
import { LiveBadge, LiveEnded, ViewerCount } from '../room/live-parts.tsx';
import { FloatingReactions, ReactionBar } from '../room/live-reactions.tsx';
import type { LiveRoom } from '../room/use-live-room.ts';
import classes from '../room/live.module.css';

/**
 * A viewer's screen: the video (or the broadcaster's avatar for an audio-only live) with its count
 * and the data it uses, the reactions, the chat and Report. When the live is over for them (ended for
 * any reason, or they were removed) it says so and nothing else plays.
 */
export function ViewerScreen({ room, live, meId }: { room: LiveRoom; live: Live; meId: string }) {
  const { t } = useTranslation('lives');
  const name = live.broadcaster.firstName ?? live.broadcaster.name;
  const moderates = live.role === 'moderator';

  if (room.gone) return <LiveEnded reason={room.gone} />;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <MemberAvatar name={live.broadcaster.name} image={live.broadcaster.avatar} size={40} />
          <Stack gap={0} miw={0}>
            <Text fw={700} truncate>
              <MemberText>{name}</MemberText>
            </Text>
            {live.title && (
              <Text size="sm" c="dimmed" truncate>
                <MemberText>{live.title}</MemberText>
              </Text>
            )}
          </Stack>
        </Group>
        <Button
          component={Link}
          to={`/settings/report/profile/${encodeURIComponent(live.broadcaster._id)}`}
          state={{ name, live: live._id }}
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconFlag size={16} aria-hidden />}
        >
          {t('watch.report')}
        </Button>
      </Group>
      <LiveVideo live={live} />
      <ReactionBar room={room} />
      <LiveChat room={room} liveId={live._id} meId={meId} moderates={moderates} closed={false} />
    </Stack>
  );
}

/** The data a minute of `rendition` uses, in MB in the member's language. */
const megabytes = (bytes: number) =>
  new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 }).format(bytes / 1_000_000);

/** The rendition a live starts on: audio alone, or the lowest video one (the player climbs from it). */
const startingRendition = (live: Live): LiveRendition =>
  live.audioOnly || !live.renditions.includes('240p') ? 'audio' : '240p';

function LiveVideo({ live }: { live: Live }) {
  const { t } = useTranslation('lives');
  const video = useRef<HTMLVideoElement>(null);
  const dataSaver = useDataSaver();
  const [state, setState] = useState<LivePlayerState | null>(null);
  const playlist = live.playlist;

  useEffect(() => {
    const element = video.current;
    if (!element || !playlist) return;
    const player = createLivePlayer(element, { playlist, dataSaver, onState: setState });
    return () => player.destroy();
  }, [playlist, dataSaver]);

  // Until the player has measured a minute, the rendition it plays (or starts on) says the figure.
  const perMinute = state?.bytesPerMinute || liveBytesPerMinute(state?.rendition ?? startingRendition(live));
  const status =
    !playlist || !state ? 'waiting' : state.ended ? 'failed' : state.stalled ? 'waiting' : 'playing';

  return (
    <Stack gap={4}>
      <div className={classes.stage}>
        <video
          ref={video}
          className={classes.video}
          playsInline
          autoPlay
          aria-label={t('watch.video', { name: live.broadcaster.firstName ?? live.broadcaster.name })}
          hidden={live.audioOnly}
        />
        {live.audioOnly && (
          <Stack align="center" gap="xs" c="white">
            <MemberAvatar name={live.broadcaster.name} image={live.broadcaster.avatar} size={96} />
            <Group gap={4}>
              <IconHeadphones size={16} aria-hidden />
              <Text size="sm">{t('watch.audioOnly')}</Text>
            </Group>
          </Stack>
        )}
        <div className={classes.overlay}>
          <LiveBadge />
          <ViewerCount count={live.viewers} />
        </div>
        <FloatingReactions liveId={live._id} />
      </div>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" role="status">
          {t(`watch.${status}`)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('watch.dataUse', { size: megabytes(perMinute) })}
        </Text>
      </Group>
    </Stack>
  );
}
