import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';
import type { useJournalsQuery } from './partnership.api.ts';
import { JournalRow } from './journal-row.tsx';

/** The journals loaded so far; "more" only where the page offers the rest (`paged`). */
export function JournalList({
  query,
  paged,
}: {
  query: ReturnType<typeof useJournalsQuery>;
  paged: boolean;
}) {
  const { t } = useTranslation(['partnership', 'errors']);
  if (query.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('journals.loading')}>
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
      </Stack>
    );
  if (query.isError)
    return (
      <LoadFailed
        compact
        message={t('journals.loadFailed')}
        reason={errorText(query.error, t)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const rows = query.data.pages.flatMap((page) => page.journals);
  if (rows.length === 0) return <Text c="dimmed">{t('journals.none')}</Text>;
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((journal) => (
          <JournalRow key={journal._id} journal={journal} />
        ))}
      </Stack>
      {paged && query.hasNextPage && (
        <Button
          variant="subtle"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          {t('journals.more')}
        </Button>
      )}
    </Stack>
  );
}
