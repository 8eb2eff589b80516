import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';
import type { usePartnershipQuery } from './partnership.api.ts';

/**
 * What a withdrawal page shows until the partnership fetch has answered: a placeholder while it
 * loads, the failure with Retry; null once the answer is there.
 */
export function OverviewFallback({ overview }: { overview: ReturnType<typeof usePartnershipQuery> }) {
  const { t } = useTranslation(['partnership', 'errors']);
  if (overview.isPending) return <Skeleton height={220} radius="md" aria-label={t('loading')} />;
  if (overview.isError) {
    return (
      <LoadFailed
        message={t('loadFailed')}
        reason={errorText(overview.error, t)}
        onRetry={() => void overview.refetch()}
        retrying={overview.isFetching}
      />
    );
  }
  return null;
}
