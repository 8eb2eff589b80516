import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { LiveViewer } from '@motema/shared/lives';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { isolate, MemberText } from '../../../ui/member-text.tsx';
import { useLiveViewersQuery, useViewerActionMutation } from '../lives.api.ts';

/**
 * Who watches, for the broadcaster (and the live's moderators): each with Remove, Mute or Unmute, and
 * for the broadcaster alone Make moderator. Asked again when the room's count moves.
 */
export function ViewersPanel({
  liveId,
  count,
  broadcaster,
}: {
  liveId: string;
  count: number;
  broadcaster: boolean;
}) {
  const { t } = useTranslation(['lives', 'errors']);
  const viewers = useLiveViewersQuery(liveId, true);
  const refetch = viewers.refetch;
  useEffect(() => void refetch(), [count, refetch]);

  return (
    <Stack gap="xs" component="section" aria-labelledby="live-viewers-title">
      <Text id="live-viewers-title" fw={700} size="sm">
        {t('viewers.title', { count })}
      </Text>
      {viewers.isPending && <Skeleton height={48} radius="md" />}
      {viewers.isError && (
        <Text size="sm" c="red" role="alert">
          {errorText(viewers.error, t)}
        </Text>
      )}
      {viewers.data?.viewers.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('viewers.none')}
        </Text>
      )}
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {viewers.data?.viewers.map((viewer) => (
          <ViewerRow key={viewer.member._id} liveId={liveId} viewer={viewer} broadcaster={broadcaster} />
        ))}
      </Stack>
    </Stack>
  );
}

function ViewerRow({
  liveId,
  viewer,
  broadcaster,
}: {
  liveId: string;
  viewer: LiveViewer;
  broadcaster: boolean;
}) {
  const { t } = useTranslation(['lives', 'errors']);
  const act = useViewerActionMutation(liveId);
  const { member } = viewer;
  const userId = member._id;
  const name = member.firstName ?? member.name;
  return (
    <li>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" miw={0}>
          <MemberAvatar name={member.name} image={member.avatar} size={32} />
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} truncate>
              <MemberText>{name}</MemberText>
            </Text>
            <Text size="xs" c="dimmed">
              {[viewer.role === 'moderator' && t('viewers.moderator'), viewer.muted && t('viewers.muted')]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
        </Group>
        {/* Each row's buttons are named by the viewer they act on. */}
        <Group gap={4} role="group" aria-label={isolate(name)}>
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => act.mutate({ userId, update: { muted: !viewer.muted } })}
          >
            {t(viewer.muted ? 'viewers.unmute' : 'viewers.mute')}
          </Button>
          {broadcaster && (
            <Button
              size="compact-xs"
              variant="light"
              onClick={() =>
                act.mutate({ userId, update: { role: viewer.role === 'moderator' ? 'viewer' : 'moderator' } })
              }
            >
              {t(viewer.role === 'moderator' ? 'viewers.unmakeModerator' : 'viewers.makeModerator')}
            </Button>
          )}
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => act.mutate({ userId, update: 'remove' })}
          >
            {t('viewers.remove')}
          </Button>
        </Group>
      </Stack>
      {act.isError && (
        <Text size="xs" c="red" role="alert">
          {errorText(act.error, t)}
        </Text>
      )}
    </li>
  );
}
