import { Button, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Live } from '@motema/shared/lives';
import { IconBroadcast } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../lib/error-text.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { MemberAvatar } from '../../ui/member-avatar.tsx';
import { MemberText, isolate } from '../../ui/member-text.tsx';
import { useLivesQuery } from './lives.api.ts';
import { LiveBadge, LiveScreen, ViewerCount } from './room/live-parts.tsx';
import { GoLiveLater, goLiveLater } from './broadcast/go-live-later.tsx';

/** `/lives`: the lives on air the member may watch (matches' first, then near, then popular), and Go live. */
export function LivesPage() {
  const { t } = useTranslation(['lives', 'errors']);
  const lives = useLivesQuery();
  const later = goLiveLater(lives.data?.goLiveFrom);
  return (
    <LiveScreen title={t('title')} back={false}>
      {later ? (
        <GoLiveLater from={later} />
      ) : (
        <Button
          component={Link}
          to="/lives/new"
          color="red.9"
          leftSection={<IconBroadcast size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('goLive')}
        </Button>
      )}
      {lives.isError ? (
        <LoadFailed
          message={t('list.failed')}
          reason={errorText(lives.error, t)}
          onRetry={() => void lives.refetch()}
          retrying={lives.isFetching}
        />
      ) : lives.isPending ? (
        [0, 1, 2].map((row) => <Skeleton key={row} height={84} radius="md" />)
      ) : lives.data.lives.length === 0 ? (
        <Paper withBorder radius="md" p="lg" ta="center">
          <Stack gap="xs" align="center">
            <Title order={2} size="h4">
              {t('list.emptyTitle')}
            </Title>
            <Text c="dimmed">{t(later ? 'list.emptyTextLater' : 'list.emptyText')}</Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {lives.data.lives.map((live) => (
            <li key={live._id}>
              <LiveCard live={live} />
            </li>
          ))}
        </Stack>
      )}
    </LiveScreen>
  );
}

/** One live on air: who, its title, how many watch, LIVE; the whole card opens it. */
function LiveCard({ live }: { live: Live }) {
  const { t } = useTranslation('lives');
  const name = live.broadcaster.firstName ?? live.broadcaster.name;
  return (
    <Card
      component={Link}
      to={`/lives/${live._id}`}
      withBorder
      radius="md"
      padding="sm"
      aria-label={t('list.open', { name: isolate(name), count: live.viewers })}
    >
      <Group wrap="nowrap" gap="sm">
        <MemberAvatar name={live.broadcaster.name} image={live.broadcaster.avatar} size={56} />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <LiveBadge />
            <Text fw={700} truncate>
              <MemberText>{name}</MemberText>
            </Text>
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {live.title ? (
              <MemberText>{live.title}</MemberText>
            ) : (
              t(live.audioOnly ? 'list.audioOnly' : 'list.noTitle')
            )}
          </Text>
          {live.match && (
            <Text size="xs" c="coral">
              {t('list.match')}
            </Text>
          )}
        </Stack>
        <ViewerCount count={live.viewers} />
      </Group>
    </Card>
  );
}
