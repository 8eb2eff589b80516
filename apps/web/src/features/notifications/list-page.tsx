import { Button, Container, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CLOCK_REFRESH_MS } from '@motema/shared/limits';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClock } from '../../lib/use-clock.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { NotificationEntryRow } from './notification-entry.tsx';
import { useNotificationListQuery, useNotificationsSeenOnOpen } from './notifications.api.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';

/**
 * `/notifications`: matches, likes, visits, requests, comments and payments, newest first, the unread
 * ones standing out. Once shown they are seen (the bell's count goes back to zero on every device);
 * they stay styled unread until the screen is opened again.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('list.title'));
  const list = useNotificationListQuery();
  useNotificationsSeenOnOpen(list.isSuccess);
  const now = useClock(CLOCK_REFRESH_MS);
  const entries = list.data?.pages.flatMap((page) => page.notifications) ?? [];

  return (
    <Container size="sm" px="md" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        {list.isPending ? (
          [0, 1, 2, 3].map((row) => <Skeleton key={row} height={64} radius="md" />)
        ) : list.isError && entries.length === 0 ? (
          <LoadFailed
            message={t('list.failed')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : entries.length === 0 ? (
          <Stack align="center" gap="sm" ta="center" py={40}>
            <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
              <IconBell size={36} stroke={1.5} />
            </ThemeIcon>
            <Text fw={600}>{t('list.empty.title')}</Text>
            <Text c="dimmed" size="sm">
              {t('list.empty.text')}
            </Text>
          </Stack>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0}>
            {entries.map((entry) => (
              <NotificationEntryRow key={entry._id} entry={entry} now={now} />
            ))}
          </Stack>
        )}
        {list.hasNextPage && (
          <Button
            variant="subtle"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            {t('list.more')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
