import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { useMeQuery } from '../users/users.api.ts';
import { BroadcasterScreen } from './broadcast/broadcaster-screen.tsx';
import { LiveEnded, LiveScreen } from './room/live-parts.tsx';
import { useLiveRoom } from './room/use-live-room.ts';
import { ViewerScreen } from './watch/viewer-screen.tsx';

/**
 * `/lives/:id`: one live, joined over the socket; its broadcaster's screen for them, the viewer's
 * for anyone else. A live that cannot be found (ended and gone, hidden by a block, for matches only)
 * reads as ended: never an error screen.
 */
export function LivePage() {
  const { t } = useTranslation(['lives', 'errors']);
  const id = useParams().id ?? '';
  const room = useLiveRoom(id);
  const meId = useMeQuery().data?._id ?? '';
  const { live } = room;
  const title = !live
    ? t('title')
    : live.role === 'broadcaster'
      ? t('broadcast.title')
      : (live.broadcaster.firstName ?? live.broadcaster.name);

  let content;
  if (room.failure === 'live_not_found' || room.failure === 'not_found')
    content = <LiveEnded reason="broadcaster" />;
  else if (room.failure && !live)
    content = (
      <LoadFailed
        message={t('watch.loadFailed')}
        reason={t(`errors:${room.failure}`, { defaultValue: t('errors:internal') })}
        onRetry={() => location.reload()}
      />
    );
  else if (!live)
    content = (
      <Stack gap="sm" aria-busy>
        <Skeleton height={320} radius="md" />
        <Skeleton height={80} radius="md" />
      </Stack>
    );
  else if (live.role === 'broadcaster') content = <BroadcasterScreen room={room} live={live} meId={meId} />;
  else content = <ViewerScreen room={room} live={live} meId={meId} />;

  return <LiveScreen title={title}>{content}</LiveScreen>;
}
